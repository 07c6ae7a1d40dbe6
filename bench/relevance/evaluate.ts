/**
 * Relevance evaluation: precision@1 and no-ad accuracy of the built-in lexical
 * model (and, with --embeddings and ORBIT_LLM_BASE_URL set, the blended
 * embedding model) on the labelled set in dataset.txt, for the dev split and
 * the held-out test split (every third conversation of each vertical).
 *
 *   npx tsx bench/relevance/evaluate.ts [--show-dev-failures] [--embeddings] [--json] [--floor=0.45]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config.js';
import { conversationQuery, excludedPhrases, RelevanceModel, sensitivePhrase, type ConversationTurn } from '../../src/modules/serving/relevance.js';
import { createEmbedder, blendRelevance, cosine, type Embedder } from '../../src/modules/serving/embeddings.js';
import { writeResult } from '../lib/results.js';

export interface EvalGroup {
  id: string;
  vertical: string;
  name: string;
  context: string;
  negative: string | null;
}
export interface EvalConversation {
  id: number;
  vertical: string;
  split: 'dev' | 'test';
  fits: string[];
  mustNot: string[];
  excluded: string[];
  messages: ConversationTurn[];
}

export function loadDataset(file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dataset.txt')) {
  const groups: EvalGroup[] = [];
  const conversations: EvalConversation[] = [];
  let vertical = '';
  let inVertical = 0;
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    if (line.startsWith('V ')) {
      vertical = line.slice(2).trim();
      inVertical = 0;
    } else if (line.startsWith('G ')) {
      const parts = line.slice(2).split('|').map((x) => x.trim());
      const neg = parts.slice(3).find((p) => p.startsWith('negative:'));
      groups.push({ id: parts[0], vertical, name: parts[1], context: parts[2], negative: neg ? neg.slice('negative:'.length).trim() : null });
    } else if (line.startsWith('C ')) {
      const bar = line.indexOf('|');
      const head = line.slice(2, bar).trim();
      const body = line.slice(bar + 1).trim();
      const [labelsAndNot, excludedPart] = head.split('~').map((x) => x.trim());
      const [fitsPart, notPart] = labelsAndNot.split('!').map((x) => x.trim());
      const fits = fitsPart === '-' ? [] : fitsPart.split(',').map((x) => x.trim());
      const mustNot = notPart ? notPart.split(',').map((x) => x.trim()) : [];
      const excluded = excludedPart ? excludedPart.replace(/^excluded:/, '').split(',').map((x) => x.trim()) : [];
      const messages = body.split('||').map((t) => {
        const m = /^\s*([UA]):\s*(.*)$/s.exec(t);
        if (!m) throw new Error(`bad turn in line: ${line}`);
        return { role: m[1] === 'U' ? ('user' as const) : ('assistant' as const), content: m[2].trim() };
      });
      inVertical++;
      conversations.push({ id: conversations.length, vertical, split: inVertical % 3 === 0 ? 'test' : 'dev', fits, mustNot, excluded, messages });
    }
  }
  const ids = new Set(groups.map((g) => g.id));
  for (const c of conversations) for (const g of [...c.fits, ...c.mustNot]) if (!ids.has(g)) throw new Error(`unknown group ${g} in conversation ${c.id}`);
  return { groups, conversations };
}

export interface Prediction {
  top: string | null;
  relevance: number;
}

export interface Scores {
  positives: number;
  precisionAt1: number;
  noAdItems: number;
  noAdAccuracy: number;
  mustNotViolations: number;
}

export function score(conversations: EvalConversation[], predictions: Prediction[]): Scores {
  let pos = 0, hit = 0, neg = 0, quiet = 0, violations = 0;
  conversations.forEach((c, i) => {
    const p = predictions[i];
    if (p.top && c.mustNot.includes(p.top)) violations++;
    if (c.fits.length > 0) {
      pos++;
      if (p.top && c.fits.includes(p.top)) hit++;
    } else {
      neg++;
      if (!p.top) quiet++;
    }
  });
  return { positives: pos, precisionAt1: pos ? hit / pos : 0, noAdItems: neg, noAdAccuracy: neg ? quiet / neg : 0, mustNotViolations: violations };
}

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const config = loadConfig({}, {});
  const floorArg = process.argv.find((a) => a.startsWith('--floor='));
  const floor = floorArg ? Number(floorArg.slice('--floor='.length)) : config.minRelevance;
  const { groups, conversations } = loadDataset();
  const model = new RelevanceModel(groups.map((g) => ({ name: g.name, context: g.context, negativeContext: g.negative })));

  const lexical = (c: EvalConversation, embed?: { conv: number[] | null; groups: (number[] | null)[] }): Prediction => {
    const q = conversationQuery(c.messages);
    if (sensitivePhrase(q)) return { top: null, relevance: 0 };
    const verdicts = model.judge(q, excludedPhrases(c.excluded), embed ? 0 : floor);
    let best: Prediction = { top: null, relevance: 0 };
    for (const [i, v] of verdicts.verdicts) {
      if (!v.ok) continue;
      let r = v.relevance;
      if (embed) {
        const ge = embed.groups[i];
        r = embed.conv && ge ? blendRelevance(v.relevance, cosine(embed.conv, ge)) : v.relevance;
        if (r < floor) continue;
      }
      if (r > best.relevance) best = { top: groups[i].id, relevance: r };
    }
    return best;
  };

  const report: Record<string, Record<string, Scores | string>> = {};
  const run = (name: string, preds: Prediction[]) => {
    report[name] = {};
    for (const split of ['dev', 'test', 'all'] as const) {
      const idx = conversations.map((c, i) => i).filter((i) => split === 'all' || conversations[i].split === split);
      report[name][split] = score(idx.map((i) => conversations[i]), idx.map((i) => preds[i]));
    }
    if (args.has('--show-dev-failures')) {
      conversations.forEach((c, i) => {
        if (c.split !== 'dev') return;
        const p = preds[i];
        const ok = c.fits.length ? p.top !== null && c.fits.includes(p.top) : p.top === null;
        if (!ok) console.log(`[${name}] #${c.id} ${c.vertical} want=${c.fits.join(',') || '-'} got=${p.top ?? '-'} (${p.relevance.toFixed(2)}) ${c.messages.at(-1)?.content}`);
      });
    }
  };

  run('lexical', conversations.map((c) => lexical(c)));

  if (args.has('--embeddings')) {
    const embedder: Embedder | null = createEmbedder(config);
    if (!embedder) {
      report.embeddings = { note: 'not run: set ORBIT_LLM_BASE_URL (and ORBIT_EMBEDDING_MODEL) to an OpenAI-compatible endpoint' };
    } else {
      const groupVecs = await embedder.embed(groups.map((g) => `${g.name}. ${g.context}`));
      const convVecs = await embedder.embed(conversations.map((c) => c.messages.map((m) => m.content).join('\n')));
      run('lexical+embeddings', conversations.map((c, i) => lexical(c, { conv: convVecs[i], groups: groupVecs })));
    }
  }

  const test = report.lexical.test as Scores;
  writeResult(
    'relevance',
    {
      precision_test: { label: `precision@1, held-out test split (n = ${test.positives})`, unit: '', value: test.precisionAt1, digits: 3 },
      noad_test: { label: `no-ad accuracy, test split (n = ${test.noAdItems})`, unit: '', value: test.noAdAccuracy, digits: 3 },
    },
    { variant: floor !== config.minRelevance && `floor-${floor}` },
  );
  if (args.has('--json')) {
    console.log(JSON.stringify({ floor, groups: groups.length, conversations: conversations.length, report }, null, 2));
    return;
  }
  console.log(`${groups.length} ad groups, ${conversations.length} conversations, ${new Set(conversations.map((c) => c.vertical)).size} verticals; floor ${floor}`);
  for (const [name, splits] of Object.entries(report)) {
    for (const [split, s] of Object.entries(splits)) {
      if (typeof s === 'string') {
        console.log(`${name}: ${s}`);
        continue;
      }
      console.log(
        `${name.padEnd(20)} ${split.padEnd(5)} precision@1 ${s.precisionAt1.toFixed(3)} (n=${s.positives})  no-ad accuracy ${s.noAdAccuracy.toFixed(3)} (n=${s.noAdItems})  must-not violations ${s.mustNotViolations}`,
      );
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
