import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTHOR_DIR, AUTHOR_FILES, authorLines, parseAuthors } from '../../../scripts/text-model-authors.js';
import { labelledLines } from './corpus.js';

// Record 0036 round 23: the trainer reads helper authors' files beside corpus.txt, each with its heads and a weight.
const rootWith = (files: Record<string, string>): string => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-authors-'));
  fs.mkdirSync(path.join(root, AUTHOR_DIR), { recursive: true });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(root, AUTHOR_DIR, name), text);
  return root;
};

describe('scripts/text-model-authors.ts', () => {
  it('parses the exploration list and refuses a malformed entry', () => {
    expect(parseAuthors('a.txt:si:0.5:b,b.txt:i:1')).toEqual([
      { file: 'a.txt', roles: 'si', weight: 0.5, balance: true },
      { file: 'b.txt', roles: 'i', weight: 1, balance: false },
    ]);
    expect(parseAuthors('c.txt:si:0.25/0.1:bnk')).toEqual([
      { file: 'c.txt', roles: 'si', weight: 0.25, intentWeight: 0.1, balance: true, intentBalance: true, known: true },
    ]);
    expect(parseAuthors('none')).toEqual([]);
    expect(() => parseAuthors('a.txt:x:1')).toThrow();
    expect(() => parseAuthors('a.txt:s:0')).toThrow();
    expect(() => parseAuthors('a.txt:s:1:q')).toThrow();
  });

  it('weighs a file by its roles, and skips malformed lines and repeated texts', () => {
    const corpus = labelledLines('commercial | en | where can I buy running shoes\n');
    const root = rootWith({
      'x.txt': [
        '# a comment',
        'death-grief | en | my grandfather died last week',
        'commercial | en | Where can I buy running shoes?',
        'informational | en | how long does a week of rain last',
        'informational | en | how long does a week of rain last',
        'nonsense | en | a label nobody knows',
        'commercial | xx | a language nobody knows',
      ].join('\n'),
      'y.txt': 'commercial | es | zapatillas para correr baratas\ninformational | en | MY GRANDFATHER DIED LAST WEEK\n',
    });
    const { lines, counts } = authorLines(
      root,
      [
        { file: 'x.txt', roles: 's', weight: 0.5, balance: false },
        { file: 'y.txt', roles: 'i', weight: 2, balance: false },
      ],
      corpus,
    );
    expect(counts).toEqual([
      { file: 'x.txt', read: 6, kept: 2, malformed: 2, duplicate: 2 },
      { file: 'y.txt', read: 2, kept: 1, malformed: 0, duplicate: 1 },
    ]);
    expect(lines.map((l) => [l.label, l.ws, l.wi])).toEqual([
      ['death-grief', 0.5, 0],
      ['informational', 0.5, 0],
      ['commercial', 0, 2],
    ]);
  });

  it("balances a language's sensitive lines down to corpus.txt's sensitive:safe ratio there", () => {
    // corpus.txt in Italian: one sensitive line per two safe ones (ratio 0.5); the file: four sensitive, two safe.
    const corpus = labelledLines(
      [
        'death-grief | it | è morto mio nonno',
        'commercial | it | scarpe da corsa',
        'informational | it | che ore sono',
      ].join('\n'),
    );
    const file = [
      'death-grief | it | una settimana dopo il funerale',
      'medical-crisis | it | la famiglia in ospedale',
      'self-harm | it | non voglio più esserci',
      'addiction | it | non riesco a smettere di bere',
      'commercial | it | un hotel per una settimana con la famiglia',
      'informational | it | quanto dura una settimana bianca',
      'death-grief | en | my grandfather died',
    ].join('\n');
    const root = rootWith({ 'z.txt': file });
    const { lines } = authorLines(root, [{ file: 'z.txt', roles: 'si', weight: 1, balance: true }], corpus);
    const it_ = lines.filter((l) => l.lang === 'it');
    expect(it_.filter((l) => l.label === 'commercial' || l.label === 'informational').map((l) => l.ws)).toEqual([1, 1]);
    // 4 sensitive against 2 safe is ratio 2; the bound 0.5 weighs each sensitive line 0.25 (and the intent head, 1).
    expect(it_.filter((l) => l.label !== 'commercial' && l.label !== 'informational').map((l) => l.ws)).toEqual([
      0.25, 0.25, 0.25, 0.25,
    ]);
    // English has no safe line in the file: its sensitive lines weigh nothing for the sensitive heads.
    expect(lines.find((l) => l.lang === 'en')!.ws).toBe(0);
  });

  it("balances a language's informational lines down to corpus.txt's informational:commercial ratio there", () => {
    // corpus.txt in Dutch: three commercial lines per informational one; the file: two of each.
    const corpus = labelledLines(
      [
        'commercial | nl | hardloopschoenen kopen',
        'commercial | nl | een goedkope fiets',
        'commercial | nl | welke laptop voor school',
        'informational | nl | hoe laat is het',
      ].join('\n'),
    );
    const file = [
      'commercial | nl | een nieuwe regenjas',
      'commercial | nl | welke koptelefoon is goed',
      'informational | nl | waarom is de lucht blauw',
      'informational | nl | hoe werkt een koelkast',
    ].join('\n');
    const root = rootWith({ 'w.txt': file });
    const { lines } = authorLines(
      root,
      [{ file: 'w.txt', roles: 'i', weight: 1, intentWeight: 0.5, balance: false, intentBalance: true, known: true }],
      corpus,
    );
    // Ratio 1 against the bound 1/3: each informational line weighs 1/3 of the intent weight 0.5.
    expect(lines.map((l) => [l.label, l.ws, Number(l.wi.toFixed(4)), l.known])).toEqual([
      ['commercial', 0, 0.5, true],
      ['commercial', 0, 0.5, true],
      ['informational', 0, 0.1667, true],
      ['informational', 0, 0.1667, true],
    ]);
  });

  it('names only files that exist', () => {
    const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
    for (const f of AUTHOR_FILES) expect(fs.existsSync(path.join(root, AUTHOR_DIR, f.file))).toBe(true);
  });
});
