import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { ADVERTISER_DOCS, advertiserOf, errors, useAdvertiserAuth } from './http.js';
import { CampaignIdParams } from './schemas.js';
import * as svc from './service.js';
import { AdUnitCreate, AdUnitGenerate, AdUnitLink, AdUnitView, ArchiveResult, LinkResult } from './ad-units-schemas.js';

const P = '/advertiser-dashboard';

/** Spec 2 "Legacy ad units" (deprecated, still working). */
export async function adUnitRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  useAdvertiserAuth(app, ctx);
  const docs = <S extends object>(summary: string, extra: S) => ({
    schema: { ...ADVERTISER_DOCS, summary, deprecated: true, ...extra },
  });

  r.post(
    `${P}/ad-units`,
    docs('Create a draft ad unit', {
      description:
        'ad_text, cta, landing_page and context are required when the unit is linked to a campaign. source, status, review_status, review_reason, metadata, generate_static_text and ad_text_mode are rejected (422).',
      body: AdUnitCreate,
      response: { 201: AdUnitView, ...errors() },
    }),
    async (req, reply) => reply.code(201).send(await svc.createAdUnit(ctx, advertiserOf(req), req.body)),
  );
  r.get(
    `${P}/ad-units`,
    docs('List ad units', {
      querystring: z.object({ include_archived: z.enum(['true', 'false', '1', '0']).optional() }),
      response: { 200: z.array(AdUnitView), ...errors(400) },
    }),
    async (req) =>
      svc.listAdUnits(ctx, advertiserOf(req), {
        includeArchived: req.query.include_archived === 'true' || req.query.include_archived === '1',
      }),
  );
  r.post(
    `${P}/campaigns/:campaign_id/ad-units/generate`,
    docs('Generate 1–5 draft ad units from a landing page', {
      description: 'The drafts are created in the account, not linked; link them with POST …/ad-units.',
      params: CampaignIdParams,
      body: AdUnitGenerate,
      response: { 201: z.object({ ad_units: z.array(AdUnitView) }), ...errors(400, 404) },
    }),
    async (req, reply) =>
      reply
        .code(201)
        .send({ ad_units: await svc.generateAdUnits(ctx, advertiserOf(req), req.params.campaign_id, req.body) }),
  );
  r.post(
    `${P}/campaigns/:campaign_id/ad-units`,
    docs('Link ad units to a campaign (adds; duplicates removed)', {
      description:
        'Unreviewed units are marked for review; an approved campaign that gains one is resubmitted for review.',
      params: CampaignIdParams,
      body: AdUnitLink,
      response: { 200: LinkResult, ...errors(400, 404, 409) },
    }),
    async (req) => {
      const out = await svc.setCampaignAdUnits(
        ctx,
        advertiserOf(req),
        req.params.campaign_id,
        req.body.ad_unit_ids,
        'add',
      );
      return out;
    },
  );
  r.put(
    `${P}/campaigns/:campaign_id/ad-units`,
    docs('Replace the linked ad units of a campaign (duplicates removed)', {
      params: CampaignIdParams,
      body: AdUnitLink,
      response: { 200: LinkResult, ...errors(400, 404, 409) },
    }),
    async (req) =>
      svc.setCampaignAdUnits(ctx, advertiserOf(req), req.params.campaign_id, req.body.ad_unit_ids, 'replace'),
  );
  r.patch(
    `${P}/ad-units/:ad_unit_id/archive`,
    docs('Toggle archived (unarchiving restores draft)', {
      params: z.object({ ad_unit_id: z.string().min(1).max(64) }),
      response: { 200: ArchiveResult, ...errors(400, 404) },
    }),
    async (req) => svc.toggleArchiveAdUnit(ctx, advertiserOf(req), req.params.ad_unit_id),
  );
}
