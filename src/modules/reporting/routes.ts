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

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/**
 * Reporting (GET) of spec 1 (publisher key) and spec 2 (advertiser key). Each
 * handler authenticates, calls one service function and returns its result;
 * the MCP tools call the same functions.
 */
export async function reportingRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const pub = <Q extends z.ZodType>(path: string, summary: string, querystring: Q, run: (id: string, q: z.output<Q>) => Promise<unknown>) =>
    r.get(path, { schema: { tags: ['publisher reporting'], summary, querystring, response: errors } }, async (req: FastifyRequest) => {
      const who = await requireKey(ctx, req, 'pub');
      return run(who.accountId, req.query as z.output<Q>);
    });
  const advr = <Q extends z.ZodType>(path: string, summary: string, querystring: Q, run: (id: string, q: z.output<Q>) => Promise<unknown>) =>
    r.get(path, { schema: { tags: ['advertiser reporting'], summary, querystring, response: errors } }, async (req: FastifyRequest, reply) => {
      const who = await requireKey(ctx, req, 'adv');
      const out = await run(who.accountId, req.query as z.output<Q>);
      // A body the service already wrote as JSON is sent as is.
      return out instanceof JsonBody ? reply.type('application/json; charset=utf-8').send(out.bytes) : out;
    });

  pub('/publisher-dashboard/onboarding', 'Getting started: key, first request, first impression (seen yet?)', S.NoQuery, (id) => publisherOnboarding(ctx, id));
  pub('/publisher-dashboard/info', 'Publisher profile with lifetime impressions and clicks', S.NoQuery, (id) => svc.publisherInfo(ctx, id));
  pub('/publisher-dashboard/stats', 'Revenue, impressions, clicks per day (tz-bucketed)', S.StatsQuery, (id, q) => svc.publisherStats(ctx, id, q));
  pub('/publisher-dashboard/activity', 'Requests, wins, impressions per day; fill and show rates', S.ActivityQuery, (id, q) =>
    svc.publisherActivity(ctx, id, q),
  );
  pub('/publisher-dashboard/placements', 'Performance per placement (UTC days)', S.PlacementsQuery, (id, q) => svc.publisherPlacements(ctx, id, q));
  pub('/publisher-dashboard/devices', 'Performance per device type (UTC days)', S.DevicesQuery, (id, q) => svc.publisherDevices(ctx, id, q));
  pub('/publisher-dashboard/geography', 'Performance per country (UTC days)', S.GeographyQuery, (id, q) => svc.publisherGeography(ctx, id, q));
  pub('/publisher-dashboard/countries', 'Top countries by requests over the last 30 days', S.CountriesQuery, (id, q) =>
    svc.publisherCountries(ctx, id, q),
  );

  advr('/advertiser-dashboard/info', 'Advertiser profile', S.NoQuery, (id) => adv.advertiserInfo(ctx, id));
  advr('/advertiser-dashboard/metrics', 'Daily metrics (tz-bucketed)', S.MetricsQuery, (id, q) => adv.advertiserMetrics(ctx, id, q));
  advr('/advertiser-dashboard/ad-unit-metrics', 'Daily delivery per legacy ad unit', S.AdUnitMetricsQuery, (id, q) =>
    adv.adUnitMetrics(ctx, id, q),
  );
  advr('/advertiser-dashboard/ad-group-metrics', 'Delivery and conversions per ad group (2,000 per call)', S.AdGroupMetricsQuery, (id, q) =>
    adv.adGroupMetricsJson(ctx, id, q),
  );
  r.get(
    '/admin/reporting/ledger',
    { schema: { tags: ['admin'], summary: 'Spend, publisher revenue and platform take per publisher (admin token)', querystring: S.StatsQuery } },
    async (req): Promise<unknown> => {
      requireAdmin(ctx, req);
      return svc.platformLedger(ctx, req.query);
    },
  );
  advr('/advertiser-dashboard/billing', 'Spend, credits, billed and unbilled amounts', S.NoQuery, (id) => adv.advertiserBilling(ctx, id));
}
