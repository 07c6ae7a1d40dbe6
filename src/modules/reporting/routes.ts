import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Ctx } from '../../context.js';
import { ErrorBody } from '../../http/errors.js';
import { requireAdmin, requireKey } from '../accounts/http.js';
import * as S from './schemas.js';
import * as svc from './service.js';
import { publisherOnboarding } from './onboarding.js';
import * as adv from './advertiser.js';
import { JsonBody } from './json.js';
import { FormatParam, sendCsv } from '../../http/csv.js';

/** Which rows of a report a CSV export holds (the report's table, as the JSON answer has it). */
type CsvRows = { name: string; rows: (out: never) => object[] };
const withFormat = <Q extends z.ZodType>(q: Q): z.ZodType =>
  (q as unknown as z.ZodObject).extend({ format: FormatParam }) as unknown as z.ZodType;

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/**
 * Reporting (GET) of spec 1 (publisher key) and spec 2 (advertiser key). Each
 * handler authenticates, calls one service function and returns its result;
 * the MCP tools call the same functions.
 */
export async function reportingRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const report =
    (kind: 'pub' | 'adv', tag: string) =>
    <Q extends z.ZodType>(
      path: string,
      summary: string,
      querystring: Q,
      run: (id: string, q: z.output<Q>) => Promise<unknown>,
      csv?: CsvRows,
    ) =>
      r.get(
        path,
        {
          schema: { tags: [tag], summary, querystring: csv ? withFormat(querystring) : querystring, response: errors },
        },
        async (req: FastifyRequest, reply) => {
          const who = await requireKey(ctx, req, kind);
          const { format, ...q } = req.query as { format?: 'json' | 'csv' };
          const out = await run(who.accountId, q as z.output<Q>);
          if (csv && format === 'csv')
            return sendCsv(reply, csv.name, csv.rows((out instanceof JsonBody ? out.parse() : out) as never));
          // A body the service already wrote as JSON is sent as is.
          return out instanceof JsonBody ? reply.type('application/json; charset=utf-8').send(out.bytes) : out;
        },
      );
  const pub = report('pub', 'publisher reporting');
  const advr = report('adv', 'advertiser reporting');
  const rows = <K extends string>(name: string, key: K): CsvRows => ({
    name,
    rows: ((out: Record<K, object[]>) => out[key]) as (out: never) => object[],
  });

  pub(
    '/publisher-dashboard/onboarding',
    'Getting started: key, first request, first impression (seen yet?)',
    S.NoQuery,
    (id) => publisherOnboarding(ctx, id),
  );
  pub('/publisher-dashboard/info', 'Publisher profile with lifetime impressions and clicks', S.NoQuery, (id) =>
    svc.publisherInfo(ctx, id),
  );
  pub(
    '/publisher-dashboard/stats',
    'Revenue, impressions, clicks per day (tz-bucketed)',
    S.StatsQuery,
    (id, q) => svc.publisherStats(ctx, id, q),
    rows('stats', 'timeSeries'),
  );
  pub(
    '/publisher-dashboard/activity',
    'Requests, wins, impressions per day; fill and show rates',
    S.ActivityQuery,
    (id, q) => svc.publisherActivity(ctx, id, q),
    rows('activity', 'data'),
  );
  pub(
    '/publisher-dashboard/placements',
    'Performance per placement (UTC days), with requests and fill rate',
    S.PlacementsQuery,
    (id, q) => svc.publisherPlacements(ctx, id, q),
    rows('placements', 'placements'),
  );
  pub(
    '/publisher-dashboard/unknown-placements',
    'Placement slugs requested in the last 24 hours that are not placements of yours',
    S.NoQuery,
    (id) => svc.publisherUnknownPlacements(ctx, id),
  );
  pub(
    '/publisher-dashboard/devices',
    'Performance per device type (UTC days)',
    S.DevicesQuery,
    (id, q) => svc.publisherDevices(ctx, id, q),
    rows('devices', 'devices'),
  );
  pub(
    '/publisher-dashboard/geography',
    'Performance per country (UTC days)',
    S.GeographyQuery,
    (id, q) => svc.publisherGeography(ctx, id, q),
    rows('geography', 'countries'),
  );
  pub(
    '/publisher-dashboard/countries',
    'Top countries by requests over the last 30 days',
    S.CountriesQuery,
    (id, q) => svc.publisherCountries(ctx, id, q),
    rows('countries', 'countries'),
  );

  advr('/advertiser-dashboard/info', 'Advertiser profile', S.NoQuery, (id) => adv.advertiserInfo(ctx, id));
  advr(
    '/advertiser-dashboard/metrics',
    'Daily metrics (tz-bucketed)',
    S.MetricsQuery,
    (id, q) => adv.advertiserMetrics(ctx, id, q),
    rows('metrics', 'data'),
  );
  advr('/advertiser-dashboard/ad-unit-metrics', 'Daily delivery per legacy ad unit', S.AdUnitMetricsQuery, (id, q) =>
    adv.adUnitMetrics(ctx, id, q),
  );
  advr(
    '/advertiser-dashboard/ad-group-metrics',
    'Delivery and conversions per ad group (2,000 per call)',
    S.AdGroupMetricsQuery,
    (id, q) => adv.adGroupMetricsJson(ctx, id, q),
    rows('ad-groups', 'ad_groups'),
  );
  r.get(
    '/admin/reporting/ledger',
    {
      schema: {
        tags: ['admin'],
        summary: 'Spend, publisher revenue and platform take per publisher (admin token)',
        querystring: S.StatsQuery,
      },
    },
    async (req): Promise<unknown> => {
      requireAdmin(ctx, req);
      return svc.platformLedger(ctx, req.query);
    },
  );
  advr('/advertiser-dashboard/billing', 'Spend, credits, billed and unbilled amounts', S.NoQuery, (id) =>
    adv.advertiserBilling(ctx, id),
  );
}
