import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Ctx } from '../../context.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const DASHBOARD_DIR = path.join(ROOT, 'web/dist');
export const EMBED_FILE = path.join(ROOT, 'packages/embed/dist/orbit-embed.js');

/**
 * The dashboard page may only run its own script and talk to its own origin
 * (and the platform URL when it differs); it is never framed.
 */
function securityHeaders(reply: FastifyReply, platformUrl: string): void {
  const connect = ["'self'", platformUrl].join(' ');
  reply
    .header(
      'content-security-policy',
      `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https: http:; connect-src ${connect}; frame-ancestors 'none'; base-uri 'none'; form-action 'self'`,
    )
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff');
}

const escapeJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

/**
 * `web` route group: the built dashboard at /dashboard (an SPA: every
 * /dashboard/* path that is not a file gets index.html) and the embed script
 * at /embed.js. Assets have content-hashed names and are cached for a year;
 * gzip/brotli copies written by the build are sent when the client accepts
 * them. The page learns the platform and API addresses from an inline JSON
 * block (data, not script), so it works when they differ from its origin.
 */
export async function webRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const indexFile = path.join(DASHBOARD_DIR, 'index.html');
  const built = fs.existsSync(indexFile);
  let page: string | null = null;
  const indexHtml = () => {
    if (page === null && built) {
      const config = {
        platformUrl: ctx.urls.platform,
        apiUrl: ctx.urls.api,
        embedUrl: `${ctx.urls.platform}/embed.js`,
      };
      page = fs
        .readFileSync(indexFile, 'utf8')
        .replace('</head>', `<script id="orbit-config" type="application/json">${escapeJson(config)}</script></head>`);
    }
    return page;
  };

  if (built) {
    await app.register(fastifyStatic, {
      root: DASHBOARD_DIR,
      prefix: '/dashboard/',
      wildcard: false,
      index: false,
      preCompressed: true,
      decorateReply: false,
      allowedPath: (p) => !p.endsWith('index.html') && !p.includes('.build-hash'),
      setHeaders: (reply, file) => {
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }

  const sendPage = (reply: FastifyReply) => {
    const html = indexHtml();
    securityHeaders(reply, ctx.urls.platform);
    reply.header('cache-control', 'no-cache');
    if (html === null) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><title>Orbit dashboard</title><p>The dashboard has not been built. Run <code>npm run build:web</code> (needs the dev dependencies) and restart.</p>',
        );
    }
    return reply.type('text/html; charset=utf-8').send(html);
  };

  const hidden = { schema: { hide: true } };
  app.get('/dashboard', hidden, (_req, reply) => reply.redirect('/dashboard/', 302));
  app.get('/dashboard/', hidden, (_req, reply) => sendPage(reply));
  app.get('/dashboard/*', hidden, (req, reply) => {
    // Missing built files are 404s; any other path is a client-side route.
    if ((req.url.split('?')[0].split('/').pop() ?? '').includes('.'))
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'No such file' });
    return sendPage(reply);
  });

  const embed = fs.existsSync(EMBED_FILE) ? fs.readFileSync(EMBED_FILE) : null;
  const embedGz = fs.existsSync(`${EMBED_FILE}.gz`) ? fs.readFileSync(`${EMBED_FILE}.gz`) : null;
  app.get(
    '/embed.js',
    { schema: { tags: ['web'], summary: 'The one-<script> ad renderer for sites without React' } },
    (req, reply) => {
      if (!embed)
        return reply.code(503).type('text/plain').send('The embed script has not been built: run npm run build:web');
      reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .header('access-control-allow-origin', '*')
        .header('vary', 'accept-encoding');
      if (embedGz && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')))
        return reply.header('content-encoding', 'gzip').send(embedGz);
      return reply.send(embed);
    },
  );
}
