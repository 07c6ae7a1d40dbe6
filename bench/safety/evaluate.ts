/**
 * Brand-safety validation: the offline safety stage (src/modules/safety/,
 * lexicons + the linear model trained from corpus.txt) measured on examples it
 * was not trained on, beside the lexicons alone (the baseline: the phrase and
 * pattern lists without the model), in the same run.
 *
 *   - bench/safety/validation.txt: a corpus written separately from the training
 *     corpus (never used to train or tune): recall per category and language on
 *     the sensitive lines, false blocks on the commercial and informational lines;
 *   - bench/safety/validation-3.txt (record 0036 round 12): a purchase request beside a hard situation, and commercial
 *     and informational lines in the same words, written apart from the team's files and never trained on, but
 *     development data since round 13 (the situation detector was written from its misses): recall, false blocks;
 *   - ../shared/data/adrel-dev/: its commercial conversations (at least one acceptable
 *     advertiser: a conversation the label policy says is safe) → false-block rate,
 *     and its `sensitive:*` conversations → recall (any category).
 *
 *   - bench/safety/multiturn-dev.txt: TEAM-WRITTEN multi-turn development conversations (record 0036, round 9):
 *     sensitive in an earlier user turn then a commercial question (must be blocked), and commercial ones whose
 *     earlier turn is emotional or uses sensitive-adjacent words (must not be). Labels frozen before the first run:
 *     sha256 8c040f3df250e4a02f6e233bba495f479e5d6f51cd0125e193408afb97f89360 (checked below; a mismatch is printed).
 *
 * Each rate with a 95 % Wilson interval, and the offline stage's CPU per call
 * (`assessOffline` on a 4-turn conversation: every turn already read, and the
 * last user turn new each call). Writes bench/results/safety.json.
 *
 *   - bench/safety/authors/ (record 0036 round 18): four files by four helper authors who read no code, corpus or
 *     evaluation set, never trained on: recall, commercial false blocks and the intent head's reading, per author.
 *
 *   npx tsx bench/safety/evaluate.ts [--misses] [--file F] [--unread]
 *
 * `--file F` measures one labelled file alone (same format; say a corpus author's lines before training on them).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fold, foldWord, stemIn } from '../../src/lib/lang.js';
import { readConversation, type ConversationTurn } from '../../src/lib/turns.js';
import { assessOffline } from '../../src/modules/safety/service.js';
import { lexiconHit } from '../../src/modules/safety/lexicon.js';
import { SAFETY_CATEGORIES } from '../../src/modules/safety/categories.js';
import { labelledLines } from '../../src/modules/safety/corpus.js';
import { loadSetDir } from '../relevance/sets.js';
import { writeResult, type Metric } from '../lib/results.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DEV_DIR = path.resolve(HERE, '../../../shared/data/adrel-dev');

interface Rate {
  k: number;
  n: number;
}

/** 95 % Wilson score interval of k successes in n. */
function wilson({ k, n }: Rate): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

const fmt = (r: Rate): string => {
  if (r.n === 0) return '—';
  const [lo, hi] = wilson(r);
  return `${(r.k / r.n).toFixed(3)} [${lo.toFixed(2)}, ${hi.toFixed(2)}] (${r.k}/${r.n})`;
};

/** What blocks a conversation: the full offline stage, or the lexicons alone. */
function blocked(messages: readonly ConversationTurn[]): { full: string | null; lexicon: string | null } {
  const conv = readConversation(messages);
  const full = assessOffline(conv).category;
  let lexicon: string | null = null;
  for (const t of conv.turns) {
    if (t.role !== 'user') continue;
    const ws = t.words.map(foldWord);
    const hit = lexiconHit(fold(t.text), conv.lang, (l) => ws.map((w) => stemIn(l, w)));
    if (hit) {
      lexicon = hit.category;
      break;
    }
  }
  return { full, lexicon };
}

/**
 * Microseconds per `assessOffline` call on 4-turn conversations built from the validation lines (user, assistant,
 * user, assistant answer): `repeated` sends the same conversations again (per-turn analyses memoised, as for a
 * conversation that goes on), `newTurn` makes the last user turn new on every call (its analysis is paid).
 */
function cost(texts: readonly string[]): { repeated: number; newTurn: number } {
  const answer = 'Here are a few things to consider, depending on what matters most to you and your budget.';
  const conv = (i: number, last: string) => [
    { role: 'user' as const, content: texts[i % texts.length] },
    { role: 'assistant' as const, content: answer },
    { role: 'user' as const, content: last },
    { role: 'assistant' as const, content: answer },
  ];
  const N = 20_000;
  const convs = Array.from({ length: 200 }, (_, i) => readConversation(conv(i, texts[(i * 7 + 3) % texts.length])));
  for (let i = 0; i < 2_000; i++) assessOffline(convs[i % convs.length]);
  let t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) assessOffline(convs[i % convs.length]);
  const repeated = Number(process.hrtime.bigint() - t) / 1e3 / N;
  // A new last user turn each call: a validation line with a counter appended (read by readConversation outside the clock).
  const fresh = Array.from({ length: N }, (_, i) =>
    readConversation(conv(i, `${texts[(i * 13 + 5) % texts.length]} ${i}`)),
  );
  t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) assessOffline(fresh[i]);
  const newTurn = Number(process.hrtime.bigint() - t) / 1e3 / N;
  return { repeated, newTurn };
}

type Pair = { full: Rate; lexicon: Rate };

const MULTITURN_SHA256 = '8c040f3df250e4a02f6e233bba495f479e5d6f51cd0125e193408afb97f89360';

/** multiturn-dev.txt: `<label> | <lang> | U: … || A: … || U: …` lines; sensitive (earlier turn) and commercial blocked. */
function evaluateMultiturn(
  misses: string[] | null,
): { sensitive: Pair; commercial: Pair; byLang: Map<string, Pair> } | null {
  const file = path.join(HERE, 'multiturn-dev.txt');
  if (!fs.existsSync(file)) return null;
  const text = fs.readFileSync(file, 'utf8');
  const sha = crypto.createHash('sha256').update(text).digest('hex');
  if (sha !== MULTITURN_SHA256) console.log(`multiturn-dev.txt: sha256 ${sha} is not the frozen ${MULTITURN_SHA256}`);
  const r = (): Pair => ({ full: { k: 0, n: 0 }, lexicon: { k: 0, n: 0 } });
  const sensitive = r(),
    commercial = r();
  const byLang = new Map<string, Pair>();
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [label, lang, ...rest] = line.split(' | ');
    const messages = rest
      .join(' | ')
      .split(' || ')
      .map((m) => ({ role: m.startsWith('A: ') ? ('assistant' as const) : ('user' as const), content: m.slice(3) }));
    const b = blocked(messages);
    const isSensitive = label.trim() !== 'commercial';
    for (const sys of ['full', 'lexicon'] as const) {
      const m = isSensitive ? sensitive : commercial;
      m[sys].n++;
      if (b[sys]) m[sys].k++;
      if (isSensitive) {
        const l = byLang.get(lang) ?? byLang.set(lang, r()).get(lang)!;
        l[sys].n++;
        if (b[sys]) l[sys].k++;
      }
    }
    if (misses && (isSensitive ? !b.full : b.full))
      misses.push(
        `multiturn-dev: ${isSensitive ? 'MISSED' : `BLOCKED as ${b.full}`}  ${label} | ${lang} | ${rest.join(' | ')}`,
      );
  }
  return { sensitive, commercial, byLang };
}

/** Recall (overall, right category, per category and language) and false blocks of one validation file. */
function evaluateFile(file: string, misses: string[] | null) {
  const lines = labelledLines(fs.readFileSync(path.resolve(HERE, file), 'utf8'));
  const r = (): Pair => ({ full: { k: 0, n: 0 }, lexicon: { k: 0, n: 0 } });
  const recall = r(),
    rightCategory = r(),
    safeBlocked = r(),
    commercialBlocked = r();
  const byCat = new Map<string, Pair>();
  const byLang = new Map<string, Pair>();
  for (const e of lines) {
    const b = blocked([{ role: 'user', content: e.text }]);
    const sensitive = (SAFETY_CATEGORIES as readonly string[]).includes(e.label);
    for (const sys of ['full', 'lexicon'] as const) {
      const cat = b[sys];
      if (sensitive) {
        for (const m of [
          recall,
          byCat.get(e.label) ?? byCat.set(e.label, r()).get(e.label)!,
          byLang.get(e.lang) ?? byLang.set(e.lang, r()).get(e.lang)!,
        ]) {
          m[sys].n++;
          if (cat) m[sys].k++;
        }
        rightCategory[sys].n++;
        if (cat === e.label) rightCategory[sys].k++;
      } else {
        safeBlocked[sys].n++;
        if (cat) safeBlocked[sys].k++;
        if (e.label === 'commercial') {
          commercialBlocked[sys].n++;
          if (cat) commercialBlocked[sys].k++;
        }
      }
    }
    if (misses && (sensitive ? !b.full : b.full))
      misses.push(`${file}: ${sensitive ? 'MISSED' : `BLOCKED as ${b.full}`}  ${e.label} | ${e.lang} | ${e.text}`);
  }
  return { lines, recall, rightCategory, safeBlocked, commercialBlocked, byCat, byLang };
}

/**
 * The intent head on a file's safe lines (each a one-turn conversation): commercial lines read as a need
 * (P(informational) < 0.5) and informational lines read as none.
 */
function intentOf(file: string): { commercial: Rate; informational: Rate } {
  const right = { commercial: { k: 0, n: 0 }, informational: { k: 0, n: 0 } };
  for (const e of labelledLines(fs.readFileSync(file, 'utf8'))) {
    if (e.label !== 'commercial' && e.label !== 'informational') continue;
    const v = assessOffline([{ role: 'user', content: e.text }]);
    const r = right[e.label];
    r.n++;
    if (v.informational >= 0.5 === (e.label === 'informational')) r.k++;
  }
  return right;
}

function printIntent(i: { commercial: Rate; informational: Rate }): void {
  console.log(`${'intent: commercial lines read as a need'.padEnd(44)} ${fmt(i.commercial)}`);
  console.log(`${'intent: informational lines read as none'.padEnd(44)} ${fmt(i.informational)}`);
}

/**
 * bench/safety/authors/: four files by four helper authors who read no code, no corpus line and no evaluation set
 * (record 0036 round 18), never trained on: how the offline stage and the intent head carry to a hand they never saw.
 * Later rounds read their aggregates to choose settings, so bench/safety/authors-unread/ (two more such authors,
 * record 0036 round 22) is the unread tier: measured with `--unread` only, once per stop on the final model, its
 * misses never printed (like the relevance sets blind, check6-dev and check7-dev).
 */
const AUTHORS_DIR = path.join(HERE, 'authors');
const UNREAD_AUTHORS_DIR = path.join(HERE, 'authors-unread');
function evaluateAuthors(
  dir: string,
  title: string,
  misses: string[] | null,
): { pooled: Pair & { commercial: Pair }; intent: { commercial: Rate; informational: Rate } } | null {
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort();
  const add = (a: Rate, b: Rate) => ((a.k += b.k), (a.n += b.n));
  const pooled = {
    full: { k: 0, n: 0 },
    lexicon: { k: 0, n: 0 },
    commercial: { full: { k: 0, n: 0 }, lexicon: { k: 0, n: 0 } },
  };
  const intent = { commercial: { k: 0, n: 0 }, informational: { k: 0, n: 0 } };
  console.log(`${title}: sensitive recall · commercial lines blocked · intent`);
  for (const f of files) {
    const file = path.join(dir, f);
    const v = evaluateFile(file, misses);
    const i = intentOf(file);
    for (const sys of ['full', 'lexicon'] as const) {
      add(pooled[sys], v.recall[sys]);
      add(pooled.commercial[sys], v.commercialBlocked[sys]);
    }
    add(intent.commercial, i.commercial);
    add(intent.informational, i.informational);
    console.log(
      `  ${f.padEnd(14)} recall ${fmt(v.recall.full)} · commercial blocked ${fmt(v.commercialBlocked.full)} · need read ${fmt(i.commercial)} · none read ${fmt(i.informational)}`,
    );
  }
  row('all authors: sensitive recall', pooled);
  row('all authors: commercial lines blocked', pooled.commercial);
  printIntent(intent);
  return { pooled, intent };
}

const row = (name: string, m: Pair) => console.log(`${name.padEnd(44)} ${fmt(m.full).padEnd(32)} ${fmt(m.lexicon)}`);

function printFile(file: string, v: ReturnType<typeof evaluateFile>): void {
  console.log(`${file}: ${v.lines.length} examples; baseline = the lexicons alone (no model)`);
  console.log(`${'figure'.padEnd(44)} ${'offline stage'.padEnd(32)} lexicons alone`);
  row('sensitive recall (any category)', v.recall);
  row('sensitive, right category', v.rightCategory);
  for (const [c, m] of v.byCat) row(`  recall ${c}`, m);
  for (const [l, m] of v.byLang) row(`  recall ${l}`, m);
  row('safe lines blocked (commercial + info)', v.safeBlocked);
  row('commercial lines blocked', v.commercialBlocked);
}

function main(): void {
  const showMisses = process.argv.includes('--misses');
  const misses: string[] = [];
  const only = process.argv.includes('--file') ? process.argv[process.argv.indexOf('--file') + 1] : null;
  if (only) {
    // One labelled file alone (e.g. a corpus author's lines before they are trained on): no results file written.
    printFile(only, evaluateFile(path.resolve(only), showMisses ? misses : null));
    printIntent(intentOf(path.resolve(only)));
    for (const m of misses) console.log(m);
    return;
  }
  const v1 = evaluateFile('validation.txt', showMisses ? misses : null);
  // A second held-out file (round 5), written before that round's changes were measured: reported on its own.
  const v2 = fs.existsSync(path.join(HERE, 'validation-2.txt'))
    ? evaluateFile('validation-2.txt', showMisses ? misses : null)
    : null;
  // A third (record 0036 round 12): a purchase request beside a hard situation, sensitive lines only.
  const v3 = fs.existsSync(path.join(HERE, 'validation-3.txt'))
    ? evaluateFile('validation-3.txt', showMisses ? misses : null)
    : null;
  const { lines, recall, rightCategory, safeBlocked, commercialBlocked, byLang } = v1;
  const r = (): Pair => ({ full: { k: 0, n: 0 }, lexicon: { k: 0, n: 0 } });
  // adrel-dev: its commercial conversations (safe by the label policy) and its sensitive ones.
  const dev = fs.existsSync(DEV_DIR) ? loadSetDir(DEV_DIR) : null;
  const devCommercial = r(),
    devSensitive = r();
  for (const c of dev?.conversations ?? []) {
    const sensitive = c.tags.some((t) => t.startsWith('sensitive'));
    if (!sensitive && c.acceptable.length === 0) continue;
    const b = blocked(c.messages);
    for (const sys of ['full', 'lexicon'] as const) {
      const m = sensitive ? devSensitive : devCommercial;
      m[sys].n++;
      if (b[sys]) m[sys].k++;
    }
    if (showMisses && !sensitive && b.full) misses.push(`dev ${c.id}: commercial conversation blocked as ${b.full}`);
  }

  printFile('validation.txt', v1);
  if (dev) {
    row('adrel-dev commercial conversations blocked', devCommercial);
    row('adrel-dev sensitive conversations blocked', devSensitive);
  }
  const cpu = cost(lines.map((e) => e.text));
  console.log(
    `offline stage CPU per call (4-turn conversations): ${cpu.repeated.toFixed(1)} µs repeated, ${cpu.newTurn.toFixed(1)} µs with a new last user turn (load ${os.loadavg()[0].toFixed(1)})`,
  );
  if (v2) {
    console.log('');
    printFile('validation-2.txt', v2);
  }
  if (v3) {
    console.log('');
    printFile('validation-3.txt', v3);
  }
  const mt = evaluateMultiturn(showMisses ? misses : null);
  if (mt) {
    console.log('');
    console.log(`multiturn-dev.txt (team-written, development): sensitive in an earlier turn, then commercial`);
    row('multi-turn sensitive blocked (recall)', mt.sensitive);
    for (const [l, m] of mt.byLang) row(`  recall ${l}`, m);
    row('multi-turn commercial blocked', mt.commercial);
  }
  console.log('');
  const authors = evaluateAuthors(
    AUTHORS_DIR,
    'authors/ (four unseen authors, never trained on)',
    showMisses ? misses : null,
  );
  if (misses.length) console.log(`\n${misses.join('\n')}`);
  if (process.argv.includes('--unread')) {
    console.log('');
    evaluateAuthors(UNREAD_AUTHORS_DIR, 'authors-unread/ (held out: read once per stop, misses never printed)', null);
  }

  const metric = (label: string, m: Pair, note?: string): Metric => {
    const [lo, hi] = wilson(m.full);
    return {
      label,
      unit: '',
      value: m.full.n ? m.full.k / m.full.n : 0,
      baseline: m.lexicon.n ? m.lexicon.k / m.lexicon.n : 0,
      baselineLabel: 'the lexicons alone',
      digits: 3,
      note: `${m.full.k}/${m.full.n}, 95 % interval [${lo.toFixed(2)}, ${hi.toFixed(2)}]${note ? `; ${note}` : ''}`,
    };
  };
  const metrics: Record<string, Metric> = {
    validation_recall: metric('validation corpus: sensitive lines blocked (recall)', recall),
    validation_right_category: metric('validation corpus: blocked under the right category', rightCategory),
    validation_commercial_blocked: metric('validation corpus: commercial lines blocked', commercialBlocked),
    validation_safe_blocked: metric('validation corpus: safe lines blocked (commercial + informational)', safeBlocked),
  };
  if (v2) {
    metrics.validation2_recall = metric('validation-2 (round 5): sensitive lines blocked (recall)', v2.recall);
    metrics.validation2_commercial_blocked = metric(
      'validation-2 (round 5): commercial lines blocked',
      v2.commercialBlocked,
    );
  }
  if (v3) {
    metrics.validation3_recall = metric(
      'validation-3 (round 12, a purchase beside a hard situation): sensitive lines blocked (recall)',
      v3.recall,
    );
    metrics.validation3_commercial_blocked = metric(
      'validation-3 (round 12): commercial lines in the same words blocked',
      v3.commercialBlocked,
    );
  }
  for (const l of byLang.keys())
    metrics[`validation_recall_${l}`] = metric(`validation corpus: recall, ${l}`, byLang.get(l)!);
  if (dev) {
    metrics.dev_commercial_blocked = metric('adrel-dev: commercial conversations blocked', devCommercial);
    metrics.dev_sensitive_blocked = metric('adrel-dev: sensitive conversations blocked', devSensitive);
  }
  if (mt) {
    metrics.multiturn_sensitive_blocked = metric(
      'multiturn-dev (team-written): sensitive earlier turn blocked',
      mt.sensitive,
    );
    metrics.multiturn_commercial_blocked = metric('multiturn-dev (team-written): commercial blocked', mt.commercial);
  }
  if (authors) {
    metrics.authors_recall = metric('authors/ (four unseen authors): sensitive lines blocked (recall)', authors.pooled);
    metrics.authors_commercial_blocked = metric(
      'authors/ (four unseen authors): commercial lines blocked',
      authors.pooled.commercial,
    );
    const rate = (label: string, r: Rate): Metric => ({
      label,
      unit: '',
      value: r.n ? r.k / r.n : 0,
      digits: 3,
      note: `${r.k}/${r.n}, 95 % interval [${wilson(r)[0].toFixed(2)}, ${wilson(r)[1].toFixed(2)}]`,
    });
    metrics.authors_intent_need = rate(
      'authors/: intent head reads commercial lines as a need',
      authors.intent.commercial,
    );
    metrics.authors_intent_none = rate(
      'authors/: intent head reads informational lines as no need',
      authors.intent.informational,
    );
  }
  const load = `load ${os.loadavg()[0].toFixed(1)} on a shared 2-core machine`;
  metrics.cpu_per_call_repeated = {
    label: 'offline stage CPU per call, 4-turn conversation already read (memoised turns)',
    unit: 'µs',
    value: cpu.repeated,
    digits: 1,
    note: load,
  };
  metrics.cpu_per_call_new_turn = {
    label: 'offline stage CPU per call, last user turn new',
    unit: 'µs',
    value: cpu.newTurn,
    digits: 1,
    note: load,
  };
  writeResult('safety', metrics);
}

main();
