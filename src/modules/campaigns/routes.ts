import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { ADVERTISER_DOCS, advertiserOf, errors, useAdvertiserAuth } from './http.js';
import * as svc from './service.js';
import {
  AdCreate,
  AdGroupCreate,
  AdGroupIdParams,
  AdGroupListQuery,
  AdGroupPatch,
  AdGroupView,
  AdIdParams,
  AdPatch,
  AdView,
  CampaignCreate,
  CampaignIdParams,
  CampaignListQuery,
  CampaignPatch,
  CampaignView,
  CampaignWithGroups,
} from './schemas.js';

const P = '/advertiser-dashboard';

/** Spec 2 "Campaign management" and "Ad groups and ads" (advertiser key). */
export async function campaignRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  useAdvertiserAuth(app, ctx);
  const docs = <S extends object>(summary: string, extra: S) => ({ schema: { ...ADVERTISER_DOCS, summary, ...extra } });

  // ---------- campaigns ----------
  r.post(
    `${P}/campaigns`,
    docs('Create a campaign with its ad groups (or legacy ad units)', {
      description:
        'Status draft by default. status active runs the billing gate (402 without credits or a payment method) and submits the campaign for review. At least one of ad_groups and ad_unit_ids is required; keywords, network_type and network_config are rejected (422). Everything is created in one transaction.',
      body: CampaignCreate,
      response: { 201: CampaignWithGroups, ...errors(402, 404, 409) },
    }),
    async (req, reply) => reply.code(201).send(await svc.createCampaign(ctx, advertiserOf(req), req.body)),
  );
  r.get(
    `${P}/campaigns`,
    {
      ...docs('List campaigns with lifetime stats', {
        querystring: CampaignListQuery,
        response: { 200: z.array(CampaignView), ...errors(400) },
      }),
      // Up to thousands of rows built by the service from typed views: the schema documents them; re-validating each costs more than the query.
      serializerCompiler: () => (data: unknown) => JSON.stringify(data),
    },
    async (req) => svc.listCampaigns(ctx, advertiserOf(req), { status: req.query.status }),
  );
  r.get(
    `${P}/campaigns/:campaign_id`,
    docs('One campaign with lifetime stats', {
      params: CampaignIdParams,
      response: { 200: CampaignView, ...errors(400, 404) },
    }),
    async (req) => svc.getCampaign(ctx, advertiserOf(req), req.params.campaign_id),
  );
  r.patch(
    `${P}/campaigns/:campaign_id`,
    docs('Edit a campaign or move its status', {
      description:
        'All fields optional. status active runs the billing gate (402, nothing changes) and submits for review when needed. max_cpc null or 0 clears it; editing it re-syncs the live ad groups.',
      params: CampaignIdParams,
      body: CampaignPatch,
      response: { 200: CampaignView, ...errors(400, 402, 404, 409) },
    }),
    async (req) => svc.updateCampaign(ctx, advertiserOf(req), req.params.campaign_id, req.body),
  );
  r.patch(
    `${P}/campaigns/:campaign_id/archive`,
    docs('Toggle archived (archiving also deactivates and pauses)', {
      params: CampaignIdParams,
      response: { 200: z.object({ campaign_id: z.string(), is_archived: z.boolean() }), ...errors(400, 404, 409) },
    }),
    async (req) => svc.toggleArchiveCampaign(ctx, advertiserOf(req), req.params.campaign_id),
  );

  // ---------- ad groups ----------
  r.get(
    `${P}/ad-groups`,
    docs('List ad groups with their ads', {
      querystring: AdGroupListQuery,
      response: { 200: z.array(AdGroupView), ...errors(400, 404) },
    }),
    async (req) =>
      svc.listAdGroups(ctx, advertiserOf(req), {
        campaignId: req.query.campaign_id,
        includeArchived: req.query.include_archived === 'true' || req.query.include_archived === '1',
      }),
  );
  r.post(
    `${P}/ad-groups`,
    docs('Create an ad group', {
      description:
        'Generative groups (the default) get their ads written by the service and reject authored ads (422).',
      body: AdGroupCreate,
      response: { 201: AdGroupView, ...errors(404, 409) },
    }),
    async (req, reply) => reply.code(201).send(await svc.createAdGroup(ctx, advertiserOf(req), req.body)),
  );
  r.get(
    `${P}/ad-groups/:ad_group_id`,
    docs('One ad group with its ads', { params: AdGroupIdParams, response: { 200: AdGroupView, ...errors(400, 404) } }),
    async (req) => svc.getAdGroup(ctx, advertiserOf(req), req.params.ad_group_id),
  );
  r.patch(
    `${P}/ad-groups/:ad_group_id`,
    docs('Edit an ad group (only the fields sent)', {
      description:
        'Converting a manual group to generative while it has live manual ads gives 422. Changing brand_name does not rewrite existing ads.',
      params: AdGroupIdParams,
      body: AdGroupPatch,
      response: { 200: AdGroupView, ...errors(400, 404, 409) },
    }),
    async (req) => svc.updateAdGroup(ctx, advertiserOf(req), req.params.ad_group_id, req.body),
  );
  r.delete(
    `${P}/ad-groups/:ad_group_id`,
    docs('Archive an ad group and its ads', {
      params: AdGroupIdParams,
      response: { 204: z.null(), ...errors(400, 404) },
    }),
    async (req, reply) => {
      await svc.archiveAdGroup(ctx, advertiserOf(req), req.params.ad_group_id);
      return reply.code(204).send(null);
    },
  );

  // ---------- ads ----------
  r.get(
    `${P}/ad-groups/:ad_group_id/ads`,
    docs("An ad group's ads: live (default), archived or all, newest first (500 at most)", {
      params: AdGroupIdParams,
      querystring: z.strictObject({
        status: z.enum(['live', 'archived', 'all']).default('live').describe('live: not archived (default)'),
      }),
      response: { 200: z.array(AdView), ...errors(400, 404) },
    }),
    async (req) => svc.listGroupAds(ctx, advertiserOf(req), req.params.ad_group_id, req.query.status),
  );
  r.post(
    `${P}/ad-groups/:ad_group_id/ads`,
    docs('Add an authored ad to a manual ad group', {
      description:
        'headline ≤ 80, copy ≤ 500, cta ≤ 80 characters. New ads start with review_status pending. 422 on a generative group.',
      params: AdGroupIdParams,
      body: AdCreate,
      response: { 201: AdView, ...errors(400, 404, 409) },
    }),
    async (req, reply) =>
      reply.code(201).send(await svc.createAd(ctx, advertiserOf(req), req.params.ad_group_id, req.body)),
  );
  r.patch(
    `${P}/ads/:ad_id`,
    docs('Edit a manual ad (generated ads are read-only: 422); status active or paused restores an archived ad', {
      params: AdIdParams,
      body: AdPatch,
      response: { 200: AdView, ...errors(400, 404, 409) },
    }),
    async (req) => svc.updateAd(ctx, advertiserOf(req), req.params.ad_id, req.body),
  );
  r.delete(
    `${P}/ads/:ad_id`,
    docs('Archive a manual ad', { params: AdIdParams, response: { 204: z.null(), ...errors(400, 404) } }),
    async (req, reply) => {
      await svc.archiveAd(ctx, advertiserOf(req), req.params.ad_id);
      return reply.code(204).send(null);
    },
  );
}
