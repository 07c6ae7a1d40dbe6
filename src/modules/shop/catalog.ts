import type { Ctx } from '../../context.js';
import type { IndexProductTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import {
  countCsvRecords,
  countLines,
  countXmlItems,
  readRecords,
  formatOf,
  TruncatedRead,
  type FileFormat,
  type FileRecord,
} from '../../lib/records.js';
import { normaliseProduct, type FeedOptions } from './feed.js';
import { fxTable } from './fx.js';
import { generateProducts, DEMO_PRODUCT_COUNT } from './generator.js';
import { analyzeListing, distinctStems } from './ranking.js';
import * as repo from './repo.js';
import { distance as levenshtein } from 'fastest-levenshtein';
import { invalidate, valueCache } from '../../caches.js';

/**
 * Product catalog import: any feed shape feed.ts reads, streamed from a file
 * of any size in batches of 2,000 rows, each batch one transaction that also
 * keeps the catalog statistics exact. Re-importing is idempotent (upsert by
 * id). A row is imported whole or rejected with its line and reason; the
 * rest goes on. Out-of-stock or image-less listings are dropped (and leave
 * the catalog). With `full`, the file is the merchant's whole catalog: once it
 * has been read to the end, that merchant's listings it did not contain are
 * removed (a listing whose row was rejected keeps its last good version).
 */
export interface ImportProgress {
  (done: number, total: number): void;
}

export interface ImportOptions extends FeedOptions {
  format?: FileFormat;
  /** The file's character encoding (default: detected). */
  encoding?: string;
  /** The file is the merchant's complete catalog: remove its listings the file does not contain. */
  full?: boolean;
  onProgress?: ImportProgress;
}

export interface ImportResult {
  read: number;
  upserted: number;
  /** Listings skipped because they are out of stock or have no image. */
  dropped: number;
  /** Listings that left the catalog: dropped ones that were in it, and (full feeds) ones the feed no longer has. */
  removed: number;
  rejected: number;
  /** The first 200 rejected rows, with the line they start on. */
  errors: { line: number; message: string }[];
  /** Listings without a price (imported; never matched by a price filter). */
  without_price: number;
  /** The file's encoding as read, and why. */
  encoding?: string;
  /** False when the file could not be read to its end (nothing was removed then). */
  complete: boolean;
}

/** An import's result before its first record: nothing read, nothing rejected, complete. */
export const emptyImportResult = (): ImportResult => ({
  read: 0,
  upserted: 0,
  dropped: 0,
  removed: 0,
  rejected: 0,
  errors: [],
  without_price: 0,
  complete: true,
});

const MAX_ERRORS = 200;
const FLUSH_ROWS = 2000;
/** Version of the analyzer behind `stems` and the statistics: a change rebuilds them. */
export const STATS_VERSION = 1;
const VERSION_KEY = '#version';
const DOCS_KEY = '#docs';

/** One import in progress: deduplicates ids, batches rows, keeps the statistics. */
class CatalogWriter {
  readonly res = emptyImportResult();
  private rows: { row: IndexProductTable; line: number }[] = [];
  private drops: { id: string; merchantLc: string | null }[] = [];
  private readonly firstLine = new Map<string, number>();
  readonly rejectedIds = new Map<string, Set<string>>();
  readonly merchants = new Set<string>();
  readonly run = newId();

  constructor(
    private readonly ctx: Ctx,
    private readonly opts: ImportOptions,
  ) {}

  reject(line: number, message: string, id?: string, merchantLc?: string) {
    this.res.rejected++;
    if (this.res.errors.length < MAX_ERRORS)
      this.res.errors.push({ line, message: id ? `${id}: ${message}` : message });
    if (id && merchantLc) {
      let s = this.rejectedIds.get(merchantLc);
      if (!s) this.rejectedIds.set(merchantLc, (s = new Set()));
      s.add(id);
    }
  }

  async add(fr: FileRecord): Promise<void> {
    this.res.read++;
    if (!fr.record) return this.reject(fr.line, fr.error ?? 'unreadable record');
    const o = normaliseProduct(fr.record, this.opts, {
      now: this.ctx.clock.now(),
      importRun: this.run,
      currencies: fxTable(this.ctx.config),
    });
    const merchantLc = 'row' in o ? o.row.merchant_lc : (this.opts.merchant ?? '').trim().toLowerCase() || null;
    if (o.id) {
      const seen = this.firstLine.get(o.id);
      if (seen !== undefined)
        return this.reject(fr.line, `duplicate id (first on line ${seen}); this row was not imported`, o.id);
      this.firstLine.set(o.id, fr.line);
    }
    if ('error' in o) return this.reject(fr.line, o.error, o.id, merchantLc ?? undefined);
    if ('drop' in o) {
      this.res.dropped++;
      this.drops.push({ id: o.id, merchantLc });
    } else {
      this.merchants.add(o.row.merchant_lc);
      this.rows.push({ row: o.row, line: fr.line });
    }
    if (this.rows.length + this.drops.length >= FLUSH_ROWS) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.rows.length && !this.drops.length) return;
    const rows = this.rows;
    const drops = this.drops;
    this.rows = [];
    this.drops = [];
    await this.ctx.db.transaction().execute(async (trx) => {
      const existing = new Map(
        (await repo.existingListings(trx, [...rows.map((r) => r.row.product_id), ...drops.map((d) => d.id)])).map(
          (e) => [e.product_id, e],
        ),
      );
      const delta = new Map<string, number>();
      const add = (stems: string, n: number) => {
        for (const t of distinctStems(stems)) delta.set(t, (delta.get(t) ?? 0) + n);
      };
      const upserts: IndexProductTable[] = [];
      for (const { row, line } of rows) {
        const old = existing.get(row.product_id);
        if (old && old.merchant_lc !== row.merchant_lc) {
          this.reject(
            line,
            `id already listed by another merchant (${old.merchant_lc}); ids are unique across the catalog`,
            row.product_id,
          );
          continue;
        }
        upserts.push(row);
        if (row.price_micros === null) this.res.without_price++;
        add(row.stems, 1);
        if (old) add(old.stems, -1);
        else delta.set(DOCS_KEY, (delta.get(DOCS_KEY) ?? 0) + 1);
      }
      await repo.upsertProducts(trx, upserts);
      // A dropped listing leaves the catalog only when it is this merchant's.
      const gone = drops
        .map((d) => existing.get(d.id))
        .filter(
          (e): e is NonNullable<typeof e> =>
            !!e && (!this.opts.merchant || e.merchant_lc === this.opts.merchant.trim().toLowerCase()),
        );
      if (gone.length) {
        this.res.removed += await repo.deleteProducts(
          trx,
          gone.map((g) => g.product_id),
        );
        for (const g of gone) add(g.stems, -1);
        delta.set(DOCS_KEY, (delta.get(DOCS_KEY) ?? 0) - gone.length);
      }
      await repo.applyStats(trx, delta);
      this.res.upserted += upserts.length;
    });
  }

  /** Full feed: the merchant's listings this import did not see leave the catalog. */
  async removeUnseen(): Promise<void> {
    for (const m of this.merchants) {
      const rejected = [...(this.rejectedIds.get(m) ?? [])];
      if (rejected.length) await repo.touchListings(this.ctx.db, m, rejected, this.run);
      for (;;) {
        const page = await repo.unseenListings(this.ctx.db, m, this.run, 1000);
        if (!page.length) break;
        await this.ctx.db.transaction().execute(async (trx) => {
          const n = await repo.deleteProducts(
            trx,
            page.map((p) => p.product_id),
          );
          const delta = new Map<string, number>([[DOCS_KEY, -n]]);
          for (const p of page) for (const t of distinctStems(p.stems)) delta.set(t, (delta.get(t) ?? 0) - 1);
          await repo.applyStats(trx, delta);
          this.res.removed += n;
        });
      }
    }
  }
}

async function runImport(
  ctx: Ctx,
  records: AsyncIterable<FileRecord> | Iterable<FileRecord>,
  opts: ImportOptions,
  total: number,
): Promise<ImportResult> {
  await ensureCatalogStats(ctx);
  const w = new CatalogWriter(ctx, opts);
  let last = 0;
  try {
    for await (const fr of records) {
      await w.add(fr);
      if (w.res.read - last >= 1000) {
        last = w.res.read;
        opts.onProgress?.(w.res.read, total);
      }
    }
  } catch (err) {
    if (!(err instanceof TruncatedRead)) throw err;
    w.res.complete = false;
    w.reject(0, err.message);
  }
  await w.flush();
  opts.onProgress?.(w.res.read, Math.max(total, w.res.read));
  if (opts.full && w.res.complete) await w.removeUnseen();
  invalidateCatalogCache(ctx);
  return w.res;
}

/** Import records already in memory (the demo generator, tests). */
export function importProductRecords(
  ctx: Ctx,
  records: Iterable<Record<string, unknown>>,
  opts: ImportOptions = {},
): Promise<ImportResult> {
  const feed = (function* () {
    let line = 0;
    for (const record of records) yield { line: ++line, record };
  })();
  return runImport(ctx, feed, opts, 0);
}

export async function importProductsFile(ctx: Ctx, file: string, opts: ImportOptions = {}): Promise<ImportResult> {
  const format = opts.format ?? formatOf(file);
  const total =
    format === 'xml'
      ? await countXmlItems(file)
      : format === 'csv'
        ? await countCsvRecords(file)
        : format === 'tsv' || format === 'jsonl'
          ? Math.max(0, (await countLines(file)) - (format === 'jsonl' ? 0 : 1))
          : 0;
  let encoding: string | undefined;
  const records = readRecords(file, format, {
    encoding: opts.encoding,
    onEncoding: (e, why) => (encoding = why === 'default' || why === 'given' ? e : `${e} (${why})`),
  });
  const res = await runImport(ctx, records, opts, total);
  return { ...res, encoding };
}

/* ---------- catalog statistics ---------- */

/**
 * Makes sure `index_product_stats` matches the catalog and the analyzer:
 * rebuilt from every listing (and their `stems`) when its version is not
 * current — after the migration that introduced it, or an analyzer change.
 * Checked once per process; imports keep it exact afterwards.
 */
export function ensureCatalogStats(ctx: Ctx): Promise<void> {
  // src/caches.ts `catalogStatsChecked`: a failed check is not kept (the next call checks again).
  return valueCache<true>(ctx, 'catalogStatsChecked')
    .get(ctx.clock.now(), async () => {
      const v = await repo.statsFor(ctx.db, [VERSION_KEY]);
      if (v.get(VERSION_KEY) !== STATS_VERSION) await rebuildCatalogStats(ctx);
      return true;
    })
    .then(() => undefined);
}

export async function rebuildCatalogStats(ctx: Ctx): Promise<void> {
  const counts = new Map<string, number>();
  let docs = 0;
  let after = '';
  for (;;) {
    const page = await repo.listingTextPage(ctx.db, after, 2000);
    if (!page.length) break;
    const changed: { product_id: string; stems: string }[] = [];
    for (const l of page) {
      const stems = analyzeListing(l);
      if (stems !== l.stems) changed.push({ product_id: l.product_id, stems });
      for (const t of distinctStems(stems)) counts.set(t, (counts.get(t) ?? 0) + 1);
      docs++;
    }
    if (changed.length) await ctx.db.transaction().execute((trx) => repo.setStems(trx, changed));
    after = page.at(-1)!.product_id;
  }
  counts.set(DOCS_KEY, docs);
  counts.set(VERSION_KEY, STATS_VERSION);
  await ctx.db.transaction().execute((trx) => repo.replaceStats(trx, counts));
}

/** Document frequencies of some stems, and the catalog size. */
export async function catalogStats(ctx: Ctx, stems: string[]): Promise<{ docs: number; df: Map<string, number> }> {
  await ensureCatalogStats(ctx);
  const m = await repo.statsFor(ctx.db, [...stems, DOCS_KEY]);
  return { docs: m.get(DOCS_KEY) ?? 0, df: m };
}

/**
 * The catalog stem a misspelt one most likely means: among stems sharing its
 * first two letters, the nearest by edit distance (at most 1 for words of
 * 5–7 letters, 2 for longer ones), the most frequent of equals; null when
 * none is that near. Only asked for stems the catalog does not have.
 */
export async function nearestStem(ctx: Ctx, stem: string): Promise<string | null> {
  if (stem.length < 5 || /\d/.test(stem)) return null;
  const budget = stem.length >= 8 ? 2 : 1;
  let best: { term: string; d: number; n: number } | null = null;
  for (const c of await repo.stemsNear(ctx.db, stem.slice(0, 2), stem.length - budget, stem.length + budget, 5000)) {
    if (c.term.startsWith('#')) continue;
    const d = levenshtein(stem, c.term);
    if (d <= budget && (!best || d < best.d || (d === best.d && c.n > best.n))) best = { term: c.term, d, n: c.n };
  }
  return best?.term ?? null;
}

/* ---------- demo catalog ---------- */

/** Load the generated demo catalog when the catalog is empty (first start only). */
export async function ensureDemoProducts(ctx: Ctx, merchantEndpoint?: string): Promise<ImportResult | null> {
  if ((await repo.countProducts(ctx.db)) > 0) return null;
  const gen = generateProducts({ count: DEMO_PRODUCT_COUNT, merchantEndpoint });
  const records = (function* () {
    for (const { product } of gen) yield product as unknown as Record<string, unknown>;
  })();
  return importProductRecords(ctx, records);
}

export const countProducts = (ctx: Ctx) => repo.countProducts(ctx.db);

/* The currencies present in the catalog, cached briefly (src/caches.ts `catalogCurrencies`; imports invalidate it on every instance). */
export function catalogCurrencies(ctx: Ctx): Promise<string[]> {
  return valueCache<string[]>(ctx, 'catalogCurrencies').get(ctx.clock.now(), () => repo.catalogCurrencies(ctx.db));
}

export function invalidateCatalogCache(ctx: Ctx): void {
  invalidate(ctx, 'catalogCurrencies');
}
