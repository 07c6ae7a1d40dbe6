import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.js';
import { ADVERTISER_DOCS, advertiserOf, errors, useAdvertiserAuth } from '../campaigns/http.js';
import * as svc from './service.js';
import { PixelCreate, PixelView } from './schemas.js';

/** Spec 2 "Pixels". */
export async function pixelRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  useAdvertiserAuth(app, ctx);
  r.post(
    '/advertiser-dashboard/pixels',
    {
      schema: {
        ...ADVERTISER_DOCS,
        summary: 'Register a conversion pixel for a site',
        description:
          'https:// is prepended when the URL has no scheme; the name defaults to "Untitled Pixel". is_functional is null until a background check of the site finds the snippet (true) or not (false). 409 when a pixel exists for the URL.',
        body: PixelCreate,
        response: { 201: PixelView, ...errors(409) },
      },
    },
    async (req, reply) => reply.code(201).send(await svc.createPixel(ctx, advertiserOf(req), req.body)),
  );
  r.post(
    '/advertiser-dashboard/pixels/:pixel_id/verify',
    {
      schema: {
        ...ADVERTISER_DOCS,
        summary: "Check a pixel's site again now",
        description:
          'Fetches the site (4 s timeout) and looks for the snippet; answers with the pixel after the check. A pixel that has received events stays functional.',
        params: z.object({ pixel_id: z.string().min(1).max(64) }),
        response: { 200: PixelView, ...errors(400, 404) },
      },
    },
    async (req) => svc.recheckPixel(ctx, advertiserOf(req), req.params.pixel_id),
  );
  r.get(
    '/advertiser-dashboard/pixels',
    {
      schema: {
        ...ADVERTISER_DOCS,
        summary: "List the account's pixels",
        response: { 200: z.array(PixelView), ...errors() },
      },
    },
    async (req) => svc.listPixels(ctx, advertiserOf(req)),
  );
}
