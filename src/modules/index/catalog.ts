import fs from 'node:fs';
import type { Ctx } from '../../context.js';
import type { IndexServiceTable } from '../../db/schema.js';
import { shippedFile } from '../../lib/files.js';
import { countLines, readRecords, type FileFormat } from '../../lib/records.js';
import { terms } from '../../lib/text.js';
import { canonicalCategory, SERVICE_CATEGORIES } from './categories.js';
import * as repo from './repo.js';
import { cleanText } from './core.js';
import { emptyImportResult, type ImportProgress, type ImportResult } from '../shop/catalog.js';
import { invalidate, valueCache } from '../../caches.js';

/**
 * The developer-services catalog: import (CSV / JSON Lines, upsert by slug)
 * and an in-memory snapshot with a BM25 index over name, tags, category and
 * description. A few hundred services fit in memory many times over, so the
 * /search retrieval never touches SQL; an import in this process rebuilds the
 * snapshot at once, other processes within 30 s.
 */
/** catalog/services.csv of the repository: found upwards from this module (sources or a bundle), else from the working directory. */
export const DEMO_SERVICES_FILE = shippedFile(import.meta.url, 'catalog', 'services.csv');

export interface InstallStep {
  step: number;
  action?: string;
  command?: string;
  file?: string;
  user_action?: string;
}
export interface Install {
  summary: string;
  steps: InstallStep[];
  env_vars: string[];
  notes?: string;
}

/** A catalog service as read: its stored row with the JSON columns parsed (and no `updated_at`). */
export interface Service extends Omit<
  IndexServiceTable,
  'tags_json' | 'install_json' | 'env_vars_json' | 'updated_at'
> {
  tags: string[];
  install: Install | null;
  env_vars: string[];
}

const str = (v: unknown) => (typeof v === 'string' ? cleanText(v).trim() : typeof v === 'number' ? String(v) : '');
const list = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(str).filter(Boolean)
    : str(v)
      ? str(v)
          .split(/[;|]/)
          .map((x) => x.trim())
          .filter(Boolean)
      : [];

function httpUrl(s: string): string | null {
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/** Structured setup built from the catalog's facts: the SDK to install, the variables to set, where the human gets credentials. */
function buildInstall(
  name: string,
  pkg: string,
  envVars: string[],
  setupUrl: string | null,
  docs: string | null,
): Install | null {
  if (!pkg && !envVars.length) return null;
  const steps: InstallStep[] = [];
  if (pkg) steps.push({ step: steps.length + 1, action: `Install the ${name} SDK`, command: `npm install ${pkg}` });
  if (setupUrl && envVars.length)
    steps.push({ step: steps.length + 1, user_action: `Create credentials in the ${name} dashboard` });
  if (envVars.length)
    steps.push({ step: steps.length + 1, action: `Add ${envVars.join(', ')} to your environment`, file: '.env' });
  return {
    summary: pkg
      ? `Install ${pkg} and configure ${envVars.length ? envVars.join(', ') : 'the client'}.`
      : `Configure ${envVars.join(', ')}.`,
    steps,
    env_vars: envVars,
    ...(docs ? { notes: `Full setup guide: ${docs}` } : {}),
  };
}

export function normaliseService(
  r: Record<string, unknown>,
  now: number,
): { row: IndexServiceTable } | { error: string } {
  const name = str(r.name);
  const slug = (str(r.slug) || name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  if (!slug) return { error: 'missing slug (or name)' };
  if (!name) return { error: 'missing name' };
  const category = canonicalCategory(str(r.category));
  if (!category) return { error: `category must be one of: ${SERVICE_CATEGORIES.join(', ')}` };
  const website = httpUrl(str(r.website_url) || str(r.url));
  if (!website) return { error: 'missing or invalid website_url' };
  const docs = httpUrl(str(r.docs_url));
  const envVars = list(r.env_vars).filter((v) => /^[A-Z][A-Z0-9_]*$/.test(v));
  const setup = httpUrl(str(r.credential_setup_url));
  let install: Install | null = null;
  if (r.install && typeof r.install === 'object') install = r.install as Install;
  else if (typeof r.install === 'string' && r.install.trim().startsWith('{')) {
    try {
      install = JSON.parse(r.install) as Install;
    } catch {
      return { error: 'install is not valid JSON' };
    }
  } else install = buildInstall(name, str(r.npm_package), envVars, setup, docs);
  return {
    row: {
      slug: slug.slice(0, 100),
      name: name.slice(0, 200),
      category,
      description: str(r.description).slice(0, 2000),
      website_url: website,
      docs_url: docs,
      tags_json: JSON.stringify(
        list(r.tags)
          .map((t) => t.toLowerCase())
          .slice(0, 30),
      ),
      install_json: install ? JSON.stringify(install) : null,
      env_vars_json: envVars.length ? JSON.stringify(envVars) : null,
      credential_setup_url: setup,
      cpa_campaign_id: str(r.cpa_campaign_id) || null,
      prominence:
        Number.isFinite(Number(str(r.prominence))) && str(r.prominence) !== ''
          ? Math.max(0, Math.min(100, Math.round(Number(str(r.prominence)))))
          : 50,
      updated_at: now,
    },
  };
}

export async function importServicesFile(
  ctx: Ctx,
  file: string,
  onProgress?: ImportProgress,
  format?: FileFormat,
): Promise<ImportResult> {
  const total = Math.max(0, (await countLines(file)) - (/\.(csv|tsv|txt)$/i.test(file) || format === 'csv' ? 1 : 0));
  const res = emptyImportResult();
  const now = ctx.clock.now();
  let rows: IndexServiceTable[] = [];
  const flush = async () => {
    await repo.upsertServices(ctx.db, rows);
    res.upserted += rows.length;
    rows = [];
    onProgress?.(res.read, total);
  };
  for await (const fr of readRecords(file, format)) {
    res.read++;
    const o = fr.record ? normaliseService(fr.record, now) : { error: fr.error ?? 'unreadable record' };
    if ('row' in o) rows.push(o.row);
    else {
      res.rejected++;
      if (res.errors.length < 50) res.errors.push({ line: fr.line, message: o.error });
    }
    if (rows.length >= 200) await flush();
  }
  await flush();
  invalidateServices(ctx);
  return res;
}

/**
 * Load the demo services catalog on the first start, and again (an upsert of
 * a few hundred rows) when the shipped file is newer than anything loaded, so
 * an existing demo data directory picks up catalog updates. Otherwise a start
 * costs one stat and one aggregate query.
 */
export async function ensureDemoServices(ctx: Ctx): Promise<ImportResult | null> {
  const latest = await repo.latestServiceUpdate(ctx.db);
  if (latest !== null && fs.statSync(DEMO_SERVICES_FILE).mtimeMs <= latest) return null;
  return importServicesFile(ctx, DEMO_SERVICES_FILE);
}

export function toService(r: repo.ServiceRow): Service {
  return {
    slug: r.slug,
    name: r.name,
    category: r.category,
    description: r.description,
    website_url: r.website_url,
    docs_url: r.docs_url,
    tags: JSON.parse(r.tags_json) as string[],
    install: r.install_json ? (JSON.parse(r.install_json) as Install) : null,
    env_vars: r.env_vars_json ? (JSON.parse(r.env_vars_json) as string[]) : [],
    credential_setup_url: r.credential_setup_url,
    cpa_campaign_id: r.cpa_campaign_id,
    prominence: r.prominence,
  };
}

/* ---------- in-memory snapshot with BM25 ---------- */

interface Doc {
  service: Service;
  tf: Map<string, number>;
  len: number;
}

export interface Snapshot {
  docs: Doc[];
  bySlug: Map<string, Service>;
  df: Map<string, number>;
  avgLen: number;
  at: number;
}

function docTerms(s: Service): Map<string, number> {
  const tf = new Map<string, number>();
  const add = (text: string, w: number) => {
    for (const t of terms(text)) tf.set(t, (tf.get(t) ?? 0) + w);
  };
  add(s.name, 4);
  add(s.slug.replace(/-/g, ' '), 2);
  add(s.tags.join(' '), 3);
  add(s.category, 3);
  add(s.description, 1);
  return tf;
}

async function build(ctx: Ctx): Promise<Snapshot> {
  const rows = await repo.allServices(ctx.db);
  const docs: Doc[] = rows.map((r) => {
    const service = toService(r);
    const tf = docTerms(service);
    let len = 0;
    for (const v of tf.values()) len += v;
    return { service, tf, len };
  });
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const avgLen = docs.reduce((a, d) => a + d.len, 0) / Math.max(1, docs.length);
  return { docs, bySlug: new Map(docs.map((d) => [d.service.slug, d.service])), df, avgLen, at: ctx.clock.now() };
}

/** The services, ready to rank (src/caches.ts `indexServices`: 30 s; an import invalidates it on every instance). */
export function snapshot(ctx: Ctx): Promise<Snapshot> {
  return valueCache<Snapshot>(ctx, 'indexServices').get(ctx.clock.now(), () => build(ctx));
}

export function invalidateServices(ctx: Ctx): void {
  invalidate(ctx, 'indexServices');
}

/** BM25 (k1 1.2, b 0.75) over weighted terms; `weights` lets the caller give context terms less say than the query. */
export function rankServices(
  s: Snapshot,
  weighted: Map<string, number>,
  opts: { categories?: Set<string>; prior?: boolean } = {},
): { service: Service; score: number }[] {
  const N = s.docs.length;
  const out: { service: Service; score: number }[] = [];
  for (const d of s.docs) {
    let score = 0;
    for (const [t, w] of weighted) {
      const f = d.tf.get(t);
      if (!f) continue;
      const n = s.df.get(t) ?? 0;
      const idf = Math.log(1 + (N - n + 0.5) / (n + 0.5));
      score += w * idf * ((f * 2.2) / (f + 1.2 * (0.25 + (0.75 * d.len) / s.avgLen)));
    }
    if (score > 0) {
      // A category the need names outright weighs in; editorial prominence is a small prior (at most +20 %).
      if (opts.categories?.has(d.service.category)) score *= 2;
      if (opts.prior) score *= 1 + (0.2 * d.service.prominence) / 100;
      out.push({ service: d.service, score });
    }
  }
  return out.sort((a, b) => b.score - a.score || a.service.slug.localeCompare(b.service.slug));
}

/** Browse: category (any case), tag, free text; paginated by offset. */
export async function browseServices(
  ctx: Ctx,
  q: { category?: string; tag?: string; q?: string; limit: number; offset: number },
) {
  const s = await snapshot(ctx);
  let items = s.docs.map((d) => d.service);
  if (q.category) {
    const c = canonicalCategory(q.category);
    items = c ? items.filter((x) => x.category === c) : [];
  }
  if (q.tag) {
    const t = q.tag.toLowerCase();
    items = items.filter((x) => x.tags.some((tag) => tag === t || tag.includes(t)));
  }
  if (q.q) {
    const w = new Map(terms(q.q).map((t) => [t, 1]));
    const ranked = rankServices({ ...s, docs: s.docs.filter((d) => items.includes(d.service)) }, w);
    items = ranked.map((r) => r.service);
  }
  return { total: items.length, items: items.slice(q.offset, q.offset + q.limit) };
}

export async function categoryCounts(ctx: Ctx): Promise<{ category: string; count: number }[]> {
  const s = await snapshot(ctx);
  return SERVICE_CATEGORIES.map((c) => ({ category: c, count: s.docs.filter((d) => d.service.category === c).length }));
}

export async function serviceBySlug(ctx: Ctx, slug: string): Promise<Service | null> {
  return (await snapshot(ctx)).bySlug.get(slug.toLowerCase()) ?? null;
}
