import { z } from 'zod';

/**
 * Query parameters of the reporting endpoints (spec 1 and spec 2). Objects are
 * strict: a parameter an endpoint does not accept (e.g. `tz` on placements)
 * is a 400 naming it. The same schemas are the MCP tools' inputs.
 */
const date = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
    .describe(`${what} (YYYY-MM-DD, inclusive); start_date and end_date are given together and override days`);

const days = (def: number, max: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(max)
    .default(def)
    .describe(`number of days up to today, 1-${max} (default ${def})`);

const tz = z.string().min(1).max(64).optional().describe('IANA timezone the days are bucketed in (default UTC)');

const range = (def: number, max: number) => ({
  days: days(def, max),
  start_date: date('first day').optional(),
  end_date: date('last day').optional(),
});

export const StatsQuery = z.object({ ...range(30, 3650), tz }).strict();
export const ActivityQuery = z.object({ ...range(7, 30), tz }).strict();
export const PlacementsQuery = z.object(range(7, 365)).strict();
export const DevicesQuery = z.object(range(30, 365)).strict();
export const GeographyQuery = z.object(range(30, 365)).strict();
export const CountriesQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20).describe('number of countries, 1-100 (default 20)'),
  })
  .strict();
export const NoQuery = z.object({}).strict();

const id = (what: string) => z.string().min(1).max(64).describe(what);
const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const MetricsQuery = z
  .object({ ...range(30, 365), tz, campaign_id: id('only this campaign').optional() })
  .strict();
export const AdUnitMetricsQuery = z
  .object({
    ...range(30, 365),
    tz,
    campaign_id: id('only this campaign').optional(),
    ad_unit_id: id('only this ad unit').optional(),
  })
  .strict();
export const AdGroupMetricsQuery = z
  .object({
    ...range(30, 365),
    tz,
    campaign_id: id('only this campaign').optional(),
    ad_group_id: id('only this ad group').optional(),
    include_archived: bool.default(false).describe('include archived ad groups (default false)'),
    offset: z.coerce
      .number()
      .int()
      .min(0)
      .max(10_000_000)
      .default(0)
      .describe('skip this many ad groups (pages of 2,000)'),
  })
  .strict();

export type RangeQuery = { days: number; start_date?: string; end_date?: string; tz?: string };
export type StatsQuery = z.output<typeof StatsQuery>;
export type ActivityQuery = z.output<typeof ActivityQuery>;
export type PlacementsQuery = z.output<typeof PlacementsQuery>;
export type CountriesQuery = z.output<typeof CountriesQuery>;
export type MetricsQuery = z.output<typeof MetricsQuery>;
export type AdUnitMetricsQuery = z.output<typeof AdUnitMetricsQuery>;
export type AdGroupMetricsQuery = z.output<typeof AdGroupMetricsQuery>;
