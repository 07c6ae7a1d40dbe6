import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConversationTurn } from '../../src/modules/serving/relevance.js';

/**
 * The team's own labelled set (dataset.txt, format in README.md): its parser
 * and the in-process scores the decision tests use.
 */
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

/**
 * Parses a set file. `knownGroups` are ad groups defined elsewhere that its
 * conversations may name (lang-dev.txt has conversations only, against the
 * team set's groups).
 */
export function loadDataset(
  file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dataset.txt'),
  knownGroups: readonly EvalGroup[] = [],
) {
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
      const parts = line
        .slice(2)
        .split('|')
        .map((x) => x.trim());
      const neg = parts.slice(3).find((p) => p.startsWith('negative:'));
      groups.push({
        id: parts[0],
        vertical,
        name: parts[1],
        context: parts[2],
        negative: neg ? neg.slice('negative:'.length).trim() : null,
      });
    } else if (line.startsWith('C ')) {
      const bar = line.indexOf('|');
      const head = line.slice(2, bar).trim();
      const body = line.slice(bar + 1).trim();
      const [labelsAndNot, excludedPart] = head.split('~').map((x) => x.trim());
      const [fitsPart, notPart] = labelsAndNot.split('!').map((x) => x.trim());
      const fits = fitsPart === '-' ? [] : fitsPart.split(',').map((x) => x.trim());
      const mustNot = notPart ? notPart.split(',').map((x) => x.trim()) : [];
      const excluded = excludedPart
        ? excludedPart
            .replace(/^excluded:/, '')
            .split(',')
            .map((x) => x.trim())
        : [];
      const messages = body.split('||').map((t) => {
        const m = /^\s*([UA]):\s*(.*)$/s.exec(t);
        if (!m) throw new Error(`bad turn in line: ${line}`);
        return { role: m[1] === 'U' ? ('user' as const) : ('assistant' as const), content: m[2].trim() };
      });
      inVertical++;
      conversations.push({
        id: conversations.length,
        vertical,
        split: inVertical % 3 === 0 ? 'test' : 'dev',
        fits,
        mustNot,
        excluded,
        messages,
      });
    }
  }
  const ids = new Set([...knownGroups, ...groups].map((g) => g.id));
  for (const c of conversations)
    for (const g of [...c.fits, ...c.mustNot])
      if (!ids.has(g)) throw new Error(`unknown group ${g} in conversation ${c.id}`);
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
  let pos = 0,
    hit = 0,
    neg = 0,
    quiet = 0,
    violations = 0;
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
  return {
    positives: pos,
    precisionAt1: pos ? hit / pos : 0,
    noAdItems: neg,
    noAdAccuracy: neg ? quiet / neg : 0,
    mustNotViolations: violations,
  };
}
