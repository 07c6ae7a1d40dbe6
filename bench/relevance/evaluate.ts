/**
 * Relevance and brand-safety evaluation through the real server.
 *
 * For each labelled set (adrel format; see sets.ts) an in-process Orbit
 * server is started on 127.0.0.1 with its own temporary storage; the set's
 * advertisers are onboarded through the public API exactly as a real
 * advertiser is (admin: account, payment method or credits, key; advertiser:
 * POST /advertiser-dashboard/campaigns status active; admin: approve), a
 * publisher and placement are created, and every conversation is sent as
 * POST /api/v1/ad (a test ad: never billed, no frequency caps) with its
 * country. The served campaign names the advertiser.
 *
 * Figures, each with a 95 % bootstrap interval (2,000 resamples of the
 * conversations, fixed seed), beside a plain keyword-overlap baseline
 * computed in the same run on the same conversations:
 *   precision@1   the right advertiser, over conversations with an acceptable one
 *   coverage      any ad, over conversations with an acceptable one
 *   no-ad acc.    no ad, over conversations with none
 *   sensitive     any ad, over conversations tagged sensitive:* (lower is better)
 *   non-English / multi-turn / English single-turn: correct (right ad, or rightly none)
 *
 *   npx tsx bench/relevance/evaluate.ts [--set DIR|team|dev|lang-dev|nearmiss-dev|check-dev|check2-dev|check3-dev|check4-dev|check5-dev|check6-dev|check7-dev|blind]... [--json] [--failures] [--floor=X] [--save=DIR] [--compare=DIR]
 *
 * Without --set it runs the team's set and ../shared/data/adrel-dev/; `--set lang-dev` is the team-written
 * non-English development file (lang-dev.txt, sets.ts), `--set nearmiss-dev` the team-written no-ad
 * near-miss development file (nearmiss-dev.txt, sets.ts), `--set check-dev` the team-written development-check
 * folder (check-dev/, adrel format: its own 30 advertisers; development data since 2026-11-27), `--set check2-dev` its
 * successor (check2-dev/: 30 other advertisers; development data since 2026-11-27 too), `--set check3-dev`
 * a third written the same way (check3-dev/: 30 further advertisers; development data since 2026-11-27 10:50),
 * `--set check4-dev` an unread check (check4-dev/: 30 further advertisers, 220 conversations), `--set check5-dev`
 * another (check5-dev/: 30 further advertisers, 240 conversations), `--set check6-dev` a fifth (check6-dev/: 30 further
 * advertisers, 240 conversations in the style of a chat app's logs), `--set check7-dev` a sixth (check7-dev/: 30 further
 * advertisers, 240 conversations in the style of an agent / customer-support app).
 * ORBIT_LLM_BASE_URL / ORBIT_EMBEDDING_MODEL in the environment are passed to
 * the server (the configured classifier and embeddings are then measured).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type ConfigInput } from '../../src/config.js';
import { startServer } from '../../src/server.js';
import { mulberry32 } from '../../src/lib/random.js';
import { langDevSet, loadSetDir, nearmissDevSet, teamSet, type LabelledSet, type SetConversation } from './sets.js';
import { writeResult, type Metric } from '../lib/results.js';

export { loadDataset, score, type EvalConversation, type EvalGroup, type Prediction, type Scores } from './dataset.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DEV_DIR = path.resolve(HERE, '../../../shared/data/adrel-dev');
const ADMIN = 'eval-admin-token-0123456789abcdef';
const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/** What one system did with one conversation: the advertiser served (or null), and why not when known. */
export interface Outcome {
  served: string | null;
  noAdReason?: string | null;
  blockedCategory?: string | null;
  relevance?: number;
}

/** Runs a set through a fresh in-process server; one outcome per conversation, in order. */
export async function runThroughServer(set: LabelledSet, overrides: ConfigInput = {}): Promise<Outcome[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-eval-'));
  const config = loadConfig(
    {
      dataDir,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      adminToken: ADMIN,
      adRateLimitPerSecond: 0,
      ...overrides,
    },
    process.env,
  );
  const server = await startServer(config);
  const base = server.url;
  const call = async (method: string, url: string, key: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'user-agent': UA },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
    return {
      status: res.status,
      headers: res.headers,
      json: text ? (JSON.parse(text) as Record<string, unknown>) : null,
    };
  };
  try {
    const campaignOwner = new Map<string, string>();
    for (const a of set.advertisers) {
      const acc = (
        await call('POST', '/admin/advertisers', ADMIN, {
          name: a.account.name,
          email: a.account.email,
          has_payment_method: a.account.payment_method ?? false,
        })
      ).json!;
      const credits = a.account.credits ?? (a.account.payment_method ? 0 : 1000);
      if (credits > 0)
        await call('POST', '/admin/credits', ADMIN, { advertiser_id: acc.advertiser_id, amount: credits });
      const { id: _id, ...campaign } = { id: null, ...a.campaign };
      const created = (
        await call('POST', '/advertiser-dashboard/campaigns', String(acc.api_key), { ...campaign, status: 'active' })
      ).json!;
      const campaignId = String(created.id ?? created.campaign_id);
      await call('POST', `/admin/campaigns/${campaignId}/review`, ADMIN, { decision: 'approve' });
      campaignOwner.set(campaignId, a.id);
    }
    const pub = (
      await call('POST', '/admin/publishers', ADMIN, { name: 'Evaluation chat', url: 'https://chat.example' })
    ).json!;
    const pubKey = String(pub.api_key);
    await call('POST', '/publisher-dashboard/placements', pubKey, { name: 'Below', placement_type: 'below_response' });
    const out: Outcome[] = [];
    let n = 0;
    for (const c of set.conversations) {
      const res = await call('POST', '/api/v1/ad', pubKey, {
        messages: c.messages,
        sessionId: `eval-${n++}`,
        placements: [{ placement: 'below_response', placement_id: 'Below' }],
        device: { country: c.country ?? 'US', ua: UA },
        ...(c.excludedTopics ? { excludedTopics: c.excludedTopics } : {}),
      });
      const requestId = res.headers.get('x-orbit-request-id');
      const rec = requestId ? (await call('GET', `/admin/decisions/${requestId}`, ADMIN)).json : null;
      const ads = res.status === 200 ? (res.json as unknown as { campaignId: string }[]) : [];
      const won = (rec?.candidates as { outcome: string; relevance: number }[] | undefined)?.find(
        (x) => x.outcome === 'won',
      );
      out.push({
        served: ads[0] ? (campaignOwner.get(ads[0].campaignId) ?? '?') : null,
        noAdReason: (rec?.noAdReason as string | null | undefined) ?? null,
        blockedCategory: (rec?.safety as { category?: string | null } | undefined)?.category ?? null,
        relevance: won?.relevance,
      });
    }
    return out;
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------- the keyword-overlap baseline ----------

const BASE_STOP = new Set(
  `a an the and or but if of to in on at for from by with about as is are was were be been being it its this that these those i me my we our you your he she they them
  his her their what which who whom how why when where do does did doing have has had can could should would will shall may might must not no yes so than then there
  here just also very really too any some all more most much many one get got like want need know think make help please thanks hi hello hey im ive dont cant`.split(
    /\s+/,
  ),
);
const baseWords = (t: string): Set<string> =>
  new Set((t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 2 && !BASE_STOP.has(w)));

/**
 * A plain keyword-overlap baseline: the advertiser whose ad-group text (name,
 * context) shares the most distinct words with the conversation, served when
 * it shares at least two and may serve in the country; no safety stage.
 */
export function keywordBaseline(set: LabelledSet): Outcome[] {
  const adv = set.advertisers.map((a) => {
    const texts = (a.campaign.ad_groups ?? [])
      .map((g) => `${String(g.name ?? '')} ${String(g.context ?? '')}`)
      .join(' ');
    const countries = (a.campaign.allowed_countries as string[] | undefined)?.map((x) => x.toUpperCase());
    return { id: a.id, words: baseWords(texts), countries };
  });
  return set.conversations.map((c) => {
    const w = baseWords(c.messages.map((m) => m.content).join(' '));
    let best: { id: string; n: number } | null = null;
    for (const a of adv) {
      if (a.countries?.length && !a.countries.includes((c.country ?? 'US').toUpperCase())) continue;
      let n = 0;
      for (const x of w) if (a.words.has(x)) n++;
      if (n >= 2 && (!best || n > best.n)) best = { id: a.id, n };
    }
    return { served: best?.id ?? null };
  });
}

// ---------- figures with bootstrap intervals ----------

export interface Figure {
  name: string;
  n: number;
  value: number;
  lo: number;
  hi: number;
}

/** A figure over the conversations `where` selects: the share for which `ok` holds, with a 95 % percentile bootstrap interval. */
function figure(
  name: string,
  convs: SetConversation[],
  outs: Outcome[],
  where: (c: SetConversation) => boolean,
  ok: (c: SetConversation, o: Outcome) => boolean,
): Figure {
  const bits: number[] = [];
  convs.forEach((c, i) => {
    if (where(c)) bits.push(ok(c, outs[i]) ? 1 : 0);
  });
  return bootstrap(name, bits);
}

const isSensitive = (c: SetConversation) => c.tags.some((t) => t.startsWith('sensitive'));
const right = (c: SetConversation, o: Outcome) =>
  c.acceptable.length ? o.served !== null && c.acceptable.includes(o.served) : o.served === null;
const nonEnglish = (c: SetConversation) => c.tags.includes('non-english');
const multiTurn = (c: SetConversation) =>
  c.tags.includes('multi-turn') || c.messages.filter((m) => m.role === 'user').length > 1;

export function figures(set: LabelledSet, outs: Outcome[]): Figure[] {
  const cs = set.conversations;
  return [
    figure(
      'precision@1',
      cs,
      outs,
      (c) => c.acceptable.length > 0,
      (c, o) => o.served !== null && c.acceptable.includes(o.served),
    ),
    figure(
      'coverage',
      cs,
      outs,
      (c) => c.acceptable.length > 0,
      (_c, o) => o.served !== null,
    ),
    figure(
      'served ads acceptable',
      cs,
      outs,
      () => true,
      (c, o) => o.served === null || c.acceptable.includes(o.served),
    ),
    figure(
      'no-ad accuracy',
      cs,
      outs,
      (c) => c.acceptable.length === 0,
      (_c, o) => o.served === null,
    ),
    figure('sensitive with an ad', cs, outs, isSensitive, (_c, o) => o.served !== null),
    figure('non-English correct', cs, outs, nonEnglish, right),
    figure('multi-turn correct', cs, outs, (c) => multiTurn(c) && !nonEnglish(c), right),
    figure('English single-turn correct', cs, outs, (c) => !multiTurn(c) && !nonEnglish(c), right),
    figure('all correct', cs, outs, () => true, right),
  ];
}

/**
 * The paired difference of two runs over the same conversations (this run
 * minus an earlier one saved with --save): the change in the share of
 * conversations answered right, with a 95 % paired bootstrap interval.
 */
export function pairedDifference(set: LabelledSet, now: Outcome[], before: Outcome[]): Figure {
  const d = set.conversations.map((c, i) => (right(c, now[i]) ? 1 : 0) - (right(c, before[i]) ? 1 : 0));
  return bootstrap('all correct, paired difference', d);
}

/** The mean of per-conversation values with a 95 % percentile bootstrap interval (2,000 resamples, fixed seed). */
function bootstrap(name: string, xs: readonly number[]): Figure {
  const n = xs.length;
  if (n === 0) return { name, n, value: NaN, lo: NaN, hi: NaN };
  const value = xs.reduce((a, b) => a + b, 0) / n;
  // A fixed seed: the same interval every run.
  const rand = mulberry32(0x9e3779b9);
  const means: number[] = [];
  for (let r = 0; r < 2000; r++) {
    let s = 0;
    for (let k = 0; k < n; k++) s += xs[Math.floor(rand() * n)];
    means.push(s / n);
  }
  means.sort((a, b) => a - b);
  return {
    name,
    n,
    value,
    lo: means[Math.floor(0.025 * means.length)],
    hi: means[Math.ceil(0.975 * means.length) - 1],
  };
}

const pct = (f: Figure) =>
  Number.isNaN(f.value) ? '   n/a' : `${f.value.toFixed(3)} [${f.lo.toFixed(2)}, ${f.hi.toFixed(2)}]`;

function resolveSet(arg: string): LabelledSet {
  if (arg === 'team') return teamSet();
  if (arg === 'dev') return loadSetDir(DEV_DIR);
  if (arg === 'lang-dev') return langDevSet();
  if (arg === 'nearmiss-dev') return nearmissDevSet();
  // A set folder beside this file (blind/, check-dev/ … check7-dev/) by its name; anything else is a path.
  const local = path.join(HERE, arg);
  if (fs.existsSync(path.join(local, 'advertisers.json'))) return loadSetDir(local);
  return loadSetDir(arg);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const sets: string[] = [];
  for (let i = 0; i < argv.length; i++) if (argv[i] === '--set') sets.push(argv[++i]);
  for (const a of argv) if (a.startsWith('--set=')) sets.push(a.slice(6));
  if (sets.length === 0) sets.push('team', 'dev');
  const floorArg = argv.find((a) => a.startsWith('--floor='));
  // --save=DIR writes each set's outcomes (who was served, per conversation) to DIR/<set>.json; --compare=DIR reads
  // them back and reports the paired difference (development sets only: the blind set is reported, never studied).
  const saveDir = argv.find((a) => a.startsWith('--save='))?.slice(7);
  const compareDir = argv.find((a) => a.startsWith('--compare='))?.slice(10);
  const overrides: ConfigInput = floorArg ? { minRelevance: Number(floorArg.slice(8)) } : {};
  const report: Record<string, unknown> = {};
  for (const s of sets) {
    const set = resolveSet(s);
    const started = performance.now();
    const orbit = await runThroughServer(set, overrides);
    const ms = performance.now() - started;
    const base = keywordBaseline(set);
    const fo = figures(set, orbit);
    const fb = figures(set, base);
    const file = (dir: string) => path.join(dir, `${set.name.replace(/[^\w.-]+/g, '_')}.json`);
    if (saveDir && s !== 'blind') {
      fs.mkdirSync(saveDir, { recursive: true });
      fs.writeFileSync(file(saveDir), JSON.stringify(orbit.map((o) => o.served)));
    }
    const before =
      compareDir && s !== 'blind' && fs.existsSync(file(compareDir))
        ? (JSON.parse(fs.readFileSync(file(compareDir), 'utf8')) as (string | null)[])
        : null;
    const paired = before
      ? pairedDifference(
          set,
          orbit,
          before.map((served) => ({ served })),
        )
      : null;
    report[set.name] = {
      advertisers: set.advertisers.length,
      conversations: set.conversations.length,
      orbit: fo,
      baseline: fb,
      ...(paired ? { paired } : {}),
    };
    const metric = (f: Figure, b: Figure): Metric => ({
      label: `${f.name} (n = ${f.n})`,
      unit: '',
      value: f.value,
      baseline: b.value,
      baselineLabel: 'keyword overlap, same run',
      digits: 3,
      note: `95 % bootstrap interval ${f.lo.toFixed(2)}–${f.hi.toFixed(2)}`,
    });
    const keys = [
      'precision@1',
      'coverage',
      'no-ad accuracy',
      'sensitive with an ad',
      'non-English correct',
      'multi-turn correct',
      'English single-turn correct',
    ];
    if (!floorArg) {
      writeResult(
        'relevance',
        Object.fromEntries(
          fo.flatMap((f, i) =>
            keys.includes(f.name) && !Number.isNaN(f.value)
              ? [
                  [
                    f.name
                      .replace(/[^a-zA-Z0-9]+/g, '_')
                      .replace(/_$/, '')
                      .toLowerCase(),
                    metric(f, fb[i]),
                  ],
                ]
              : [],
          ),
        ),
        { variant: s },
      );
    }
    if (argv.includes('--json')) continue;
    console.log(
      `\n${set.name}: ${set.advertisers.length} advertisers, ${set.conversations.length} conversations (${(ms / 1000).toFixed(1)} s through the server)`,
    );
    console.log(`${'figure'.padEnd(30)} ${'n'.padStart(4)}  ${'Orbit'.padEnd(22)} keyword baseline`);
    fo.forEach((f, i) =>
      console.log(`${f.name.padEnd(30)} ${String(f.n).padStart(4)}  ${pct(f).padEnd(22)} ${pct(fb[i])}`),
    );
    if (paired)
      console.log(
        `${'vs the saved run (paired)'.padEnd(30)} ${String(paired.n).padStart(4)}  ${paired.value >= 0 ? '+' : ''}${paired.value.toFixed(3)} [${paired.lo.toFixed(2)}, ${paired.hi.toFixed(2)}]`,
      );
    if (argv.includes('--failures')) {
      set.conversations.forEach((c, i) => {
        const o = orbit[i];
        if (right(c, o)) return;
        const last = c.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
        console.log(
          `  ✗ ${c.id} [${c.tags.join(' ')}] want=${c.acceptable.join(',') || '-'} got=${o.served ?? '-'}${o.relevance !== undefined ? ` (${o.relevance})` : ''}${o.noAdReason ? ` ${o.noAdReason}` : ''}${o.blockedCategory ? `:${o.blockedCategory}` : ''} | ${last.slice(0, 110).replace(/\n/g, ' ')}`,
        );
      });
    }
  }
  if (argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
