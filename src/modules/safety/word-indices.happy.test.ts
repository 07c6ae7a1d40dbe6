import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { foldWord, LANGS, stemIn, type Lang } from '../../lib/lang.js';
import { words } from '../../lib/text.js';
import { labelledLines } from './corpus.js';
import { LoadedModels, textModels, wordFeatures } from './model.js';

const corpus = (file: string) => labelledLines(fs.readFileSync(new URL(file, import.meta.url), 'utf8'));
const lines = [
  ...corpus('./corpus.txt'),
  ...corpus('../../../bench/safety/validation.txt'),
  ...corpus('../../../bench/safety/validation-2.txt'),
];

/** What `wordIndices` gave before its per-word memo: `visitWords`' features (as `wordFeatures` names them), indexed. */
function reference(models: LoadedModels, ws: string[], stems: string[], lang: Lang) {
  const { features, concepts } = wordFeatures(ws, stems, lang);
  return { idx: [...models.indices(features)], concepts: [...concepts] };
}

describe('the safety model’s word features with per-word look-ups memoised (wordIndices)', () => {
  it('equal visitWords’ features, in the same order, for every corpus and validation line in every language', () => {
    const models = textModels();
    let compared = 0;
    // Twice: the first pass fills the per-word memo, the second reads it.
    for (let pass = 0; pass < 2; pass++) {
      for (const { text, lang } of lines) {
        const ws = words(text).map(foldWord);
        for (const l of new Set<Lang>([lang as Lang, 'en', 'es', 'de', 'other'])) {
          const stems = ws.map((w) => stemIn(l, w));
          const got = models.wordIndices(ws, stems, l);
          expect({ idx: [...got.idx], concepts: got.concepts }, `${l}: ${text}`).toEqual(
            reference(models, ws, stems, l),
          );
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(2 * lines.length * 3);
    expect(new Set(lines.map((x) => x.lang))).toEqual(new Set(LANGS));
  });

  it('reads the stems itself (stems null) as stemIn gives them, with the same features', () => {
    const models = textModels();
    let compared = 0;
    for (let pass = 0; pass < 2; pass++) {
      for (const { text, lang } of lines.slice(0, 400)) {
        const ws = words(text).map(foldWord);
        for (const l of new Set<Lang>([lang as Lang, 'en', 'fr', 'other'])) {
          const stems = ws.map((w) => stemIn(l, w));
          const out: string[] = [];
          const got = models.wordIndices(ws, null, l, out);
          expect(out, `${l}: ${text}`).toEqual(stems);
          expect({ idx: [...got.idx], concepts: got.concepts }).toEqual(reference(models, ws, stems, l));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(800);
  });

  it('memoises a word only with its own stem: a caller’s other stem never becomes the one read back', () => {
    const models = textModels();
    // Words of our own, new to the memo (a made-up product word and a number-like word with letters).
    const ws = ['zorblaxing', 'quuxified', 'not', 'frobnicators'];
    const odd = ['zorbl', 'quux', 'not', 'frob'];
    expect([...models.wordIndices(ws, odd, 'en').idx]).toEqual(reference(models, ws, odd, 'en').idx);
    const out: string[] = [];
    models.wordIndices(ws, null, 'en', out);
    expect(out).toEqual(ws.map((w) => stemIn('en', w)));
  });

  it('reads a word given with another stem than the one memoised as that stem', () => {
    const models = textModels();
    const ws = ['not', 'pills', 'overdose'];
    models.wordIndices(ws, ws.map((w) => stemIn('en', w)), 'en');
    const odd = ['not', 'pill', 'overdos'];
    expect([...models.wordIndices(ws, odd, 'en').idx]).toEqual(reference(models, ws, odd, 'en').idx);
  });
});
