/**
 * The lexicon's verdict (`lexiconHit`) on every distinct text of the safety and development sets, in all eight
 * languages, as one digest: a change to how the patterns are run (not what they say) must leave it unchanged
 * (record 0047 round 14, record 0048 round 2). Development data only (no held-out set is read).
 *   npx tsx bench/safety/pattern-digest.ts [--root DIR]   (DIR: another checkout's root, e.g. /work/main)
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { root: { type: 'string', default: '.' } } });
const root = resolve(values.root!);
const here = resolve('.');
const { lexiconHit } = (await import(join(root, 'src/modules/safety/lexicon.ts'))) as typeof import('../../src/modules/safety/lexicon.js');
const { fold, foldedWords, stemIn, LANGS } = (await import(join(root, 'src/lib/lang.ts'))) as typeof import('../../src/lib/lang.js');

const texts = new Set<string>();
const add = (s: string) => {
  const t = s.trim();
  if (t) texts.add(t);
};
/** A text file: each line, each `|` and `=` field, each turn after "U:" / "A:". */
function fromText(path: string) {
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    add(line);
    for (const f of line.split(/[|=]/)) {
      add(f);
      for (const turn of f.split(/\b[UA]:/)) add(turn);
    }
  }
}
/** A JSON file: every string in it. */
function fromJson(path: string) {
  const walk = (v: unknown): void => {
    if (typeof v === 'string') add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(JSON.parse(readFileSync(path, 'utf8')));
}
fromText(join(here, 'src/modules/safety/corpus.txt'));
fromText(join(here, 'src/modules/safety/pivot.txt'));
for (const f of readdirSync(join(here, 'bench/safety')).filter((f) => f.endsWith('.txt'))) fromText(join(here, 'bench/safety', f));
for (const f of ['dataset.txt', 'lang-dev.txt', 'nearmiss-dev.txt']) fromText(join(here, 'bench/relevance', f));
for (const d of ['check-dev', 'check2-dev', 'check3-dev']) fromJson(join(here, 'bench/relevance', d, 'conversations-dev.json'));
fromJson(join(here, '../shared/data/adrel-dev/conversations-dev.json'));

const hash = createHash('sha256');
let hits = 0;
const sorted = [...texts].sort();
const t0 = performance.now();
for (const text of sorted) {
  const folded = fold(text);
  const ws = foldedWords(folded);
  for (const lang of [...LANGS, 'other' as const]) {
    const hit = lexiconHit(folded, lang, (l) => ws.map((w) => stemIn(l, w)), ws);
    if (hit) hits++;
    hash.update(`${lang}\u0001${text}\u0001${hit ? `${hit.category}/${hit.kind}/${hit.soft}` : '-'}\n`);
  }
}
console.log(`${sorted.length} texts × ${LANGS.length + 1} languages: ${hits} hits, digest ${hash.digest('hex').slice(0, 16)} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
