/**
 * Micro-bench of a long new turn's cost (record 0048 round 2): `lexiconHit` on English corpus lines,
 * on a 2,000-character everyday turn and on a 2,000-character turn of mixed scripts, and the relevance query of both
 * turns; medians of 7 passes. One checkout per process: V8 compiles regular expressions without optimisation once a
 * process has made 1 MB of regexp code, so two checkouts in one process measure the second in that state. Alternate
 * processes to compare, and read the state a long-running server reaches with `node --no-regexp-optimization`:
 *   npx tsx bench/safety/turn-cost.ts [--root DIR] [--only corpusLines,everyday2k,mixed2k,queryMixed2k,queryEveryday2k]
 *   node --no-regexp-optimization --import tsx bench/safety/turn-cost.ts --root /work/main
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { root: { type: 'string', default: '.' }, only: { type: 'string' } } });
const root = resolve(values.root!);
const lex = (await import(join(root, 'src/modules/safety/lexicon.ts'))) as typeof import('../../src/modules/safety/lexicon.js');
const L = (await import(join(root, 'src/lib/lang.ts'))) as typeof import('../../src/lib/lang.js');
const rel = (await import(join(root, 'src/modules/serving/relevance.ts'))) as typeof import('../../src/modules/serving/relevance.js');
const turns = (await import(join(root, 'src/lib/turns.ts'))) as typeof import('../../src/lib/turns.js');

const lines = readFileSync('src/modules/safety/corpus.txt', 'utf8')
  .split('\n')
  .filter((l) => l.includes('|'))
  .map((l) => l.split('|').pop()!)
  .slice(0, 600);
const fill = (words: string) => words.repeat(Math.ceil(2000 / words.length)).slice(0, 2000);
// Everyday words with frame words ("my mom", "I was") and no event: what a long ordinary message looks like.
const everyday = fill(
  'my mom and I was thinking about the weekend, we went to the store and bought some bread and milk; then I was looking at shoes for the kids and my dad said the car needs new tyres before winter. ',
);
// The pieces of bench/ad-request-bad-input.ts's mixed-script class, in a fixed order.
const mixed = fill(
  'кроссовки для марафона 跑步鞋 马拉松 训练 ランニングシューズを買いたい 러닝화 추천해 주세요 مرحبا كيف حالك أحذية الجري נעלי ריצה למרתון दौड़ने के जूते कौन से लें รองเท้าวิ่งมาราธอน παπούτσια για τρέξιμο Laufschuhe für den Marathon zapatillas de correr baratas e\u0301le\u0300ve cafe\u0301 🏃‍♀️👟💨 👨‍👩‍👧‍👦🏠 🇩🇪🇯🇵🇧🇷 😀😂🙏🔥✨ \u200b\u200d\u202e\u2066 ∑∫√∞≠ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𝓽𝓮𝔁𝓽 ',
);

function hitOf(text: string): () => void {
  const folded = L.fold(text);
  const lang = L.detectLanguage(text);
  const ws = L.foldedWords(folded);
  const stems = new Map<string, string[]>();
  return () => {
    lex.lexiconHit(folded, lang, (l) => stems.get(l) ?? stems.set(l, ws.map((w) => L.stemIn(l, w))).get(l)!, ws);
  };
}
let n = 0;
// A new turn each call (the query memoises per turn): a counter at its end.
const query = (text: string) => () => {
  rel.conversationQuery(turns.readConversation([{ role: 'user', content: `${text} ${n++}` }]));
};
const cases: Record<string, { make: () => () => void; calls: number; per: number }> = {
  corpusLines: {
    make: () => {
      const fs = lines.map(hitOf);
      return () => fs.forEach((f) => f());
    },
    calls: 5,
    per: lines.length,
  },
  everyday2k: { make: () => hitOf(everyday), calls: 200, per: 1 },
  mixed2k: { make: () => hitOf(mixed), calls: 200, per: 1 },
  queryMixed2k: { make: () => query(mixed), calls: 100, per: 1 },
  queryEveryday2k: { make: () => query(everyday), calls: 100, per: 1 },
};
const chosen = values.only ? values.only.split(',') : Object.keys(cases);
const times: Record<string, number[]> = {};
for (let pass = 0; pass < 7; pass++)
  for (const name of chosen) {
    const { make, calls, per } = cases[name];
    const fn = make();
    fn();
    const t = performance.now();
    for (let i = 0; i < calls; i++) fn();
    (times[name] ??= []).push(((performance.now() - t) * 1000) / calls / per);
  }
for (const [name, v] of Object.entries(times)) {
  v.sort((a, b) => a - b);
  console.log(`${name.padEnd(16)} median ${v[3].toFixed(1)} µs  (${v.map((x) => x.toFixed(0)).join(' ')})`);
}
