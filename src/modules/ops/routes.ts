import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import client from 'prom-client';
import type { Ctx } from '../../context.js';
import type { FastPaths } from '../../http/fast-path.js';
import { RETRY_AFTER_SECONDS } from '../../lib/storage-errors.js';

/**
 * The storage as /health reports it: unavailable when a query fails, the
 * journal's last commit failed (tracking answers 503 until one succeeds), or
 * a storage failure (a full disk, an I/O error, a damaged page, a server out
 * of reach) was answered 503 in the last 30 s.
 */
async function storageHealth(ctx: Ctx): Promise<{
  status: 'ok' | 'unavailable';
  storage: string;
  problems?: string[];
  last_failure?: { code: string; at: string };
}> {
  const problems: string[] = [];
  try {
    await sql`select 1`.execute(ctx.db);
  } catch (err) {
    problems.push(`query failed (${(err as { code?: string }).code ?? 'error'})`);
  }
  if (ctx.journal.failing) problems.push('event journal: the last commit failed');
  const recent = ctx.health.recent();
  if (recent) problems.push(`storage failure ${recent.code}`);
  const base = { storage: ctx.database.dialect };
  return problems.length === 0
    ? { status: 'ok', ...base }
    : { status: 'unavailable', ...base, problems, ...(recent ? { last_failure: recent } : {}) };
}

/** /health and /metrics. Each app gets its own registry so several can share a process (tests). */
export async function opsRoutes(app: FastifyInstance, ctx: Ctx, fast?: FastPaths): Promise<void> {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'orbit_' });
  const duration = new client.Histogram({
    name: 'orbit_http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  new client.Gauge({
    name: 'orbit_journal_commits_total',
    help: 'Group commits of the event journal',
    registers: [registry],
    collect() {
      this.set(ctx.journal.commits);
    },
  });
  new client.Gauge({
    name: 'orbit_journal_records_total',
    help: 'Records committed by the event journal',
    registers: [registry],
    collect() {
      this.set(ctx.journal.committedItems);
    },
  });
  new client.Gauge({
    name: 'orbit_journal_lost_records_total',
    help: 'Ad request records (request, serves) whose commit failed after their answer (logged; nothing acknowledged was lost)',
    registers: [registry],
    collect() {
      this.set(ctx.journal.lostRecords);
    },
  });
  const commitSeconds = new client.Histogram({
    name: 'orbit_journal_commit_seconds',
    help: 'Time from handing a group commit to the store until it is durable',
    buckets: [0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.1],
    registers: [registry],
  });
  const batchRecords = new client.Histogram({
    name: 'orbit_journal_batch_records',
    help: 'Records per group commit',
    buckets: [1, 2, 5, 10, 20, 50, 100, 500, 2000],
    registers: [registry],
  });
  ctx.journal.observe = (records, seconds) => {
    commitSeconds.observe(seconds);
    batchRecords.observe(records);
  };
  new client.Gauge({
    name: 'orbit_inventory_active_ads',
    help: 'Ads in the serving inventory',
    registers: [registry],
    async collect() {
      this.set((await ctx.inventory.current()).activeAds);
    },
  });

  // Answers of the raw fast path are counted under their route like Fastify's.
  if (fast) {
    const children = new Map<string, client.Histogram.Internal<'method' | 'route' | 'status'>>();
    fast.observe = (method, route, status, seconds) => {
      const k = `${method} ${route} ${status}`;
      let h = children.get(k);
      if (!h) children.set(k, (h = duration.labels({ method, route, status: String(status) })));
      h.observe(seconds);
    };
  }
  app.addHook('onResponse', async (req, reply) => {
    duration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get(
    '/health',
    { schema: { tags: ['ops'], summary: 'Liveness and storage check (503 with the problem when storage is failing)' } },
    async (_req, reply) => {
      const h = await storageHealth(ctx);
      if (h.status === 'ok') return h;
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(h);
    },
  );
  app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}
