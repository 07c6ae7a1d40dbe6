import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { foldWord, stemIn, type Lang } from '../../lib/lang.js';
import { words } from '../../lib/text.js';
import { labelledLines } from './corpus.js';
import { LoadedModels, wordFeatures, type TextModels } from './model.js';

/**
 * Record 0036 round 24: with `norm: 'all'` a text's L2 norm counts the features the model does not know, as training
 * counts every feature of a line; without it (the committed weights) only the known ones.
 */
const split = (text: string, lang: Lang = 'en') => {
  const ws = words(text).map(foldWord);
  return { ws, stems: ws.map((w) => stemIn(lang, w)) };
};
const featuresOfText = (text: string) => {
  const { ws, stems } = split(text);
  return wordFeatures(ws, stems, 'en').features;
};

/** A one-head model knowing `known` (the first feature weighs 2) and, with no weight in any head, `extra`. */
function model(known: string[], extra: string[] = [], norm?: 'all'): LoadedModels {
  const m: TextModels = {
    version: 2,
    features: [...known, ...extra],
    heads: { a: { bias: -1, weights: { 0: 2 }, threshold: 0.5 } },
  };
  if (norm) m.norm = norm;
  return new LoadedModels(m);
}
const probability = (models: LoadedModels, text: string, weight = 1): number => {
  const { ws, stems } = split(text);
  const { idx, unk } = models.wordIndices(ws, stems, 'en');
  return models.probabilities([{ idx, unk, weight }])[0];
};

describe('the safety model’s L2 norm over unknown features (norm: all)', () => {
  const guitar = featuresOfText('guitar')[0];

  it('an unrelated unknown word lowers a head’s logit magnitude; without the flag it moves nothing', () => {
    const all = model([guitar], [], 'all');
    const logit = (p: number) => Math.log(p / (1 - p)) + 1;
    expect(logit(probability(all, 'guitar'))).toBeCloseTo(2, 6);
    // "guitar zebra": w:guitar known; w:zebra and the pair unknown → norm sqrt(3).
    expect(logit(probability(all, 'guitar zebra'))).toBeCloseTo(2 / Math.sqrt(3), 6);
    const known = model([guitar]);
    expect(probability(known, 'guitar zebra')).toBe(probability(known, 'guitar'));
  });

  it('adding vocabulary no head uses leaves an unrelated text’s probabilities unchanged (it moved them before)', () => {
    const text = 'guitar zebra';
    const more = featuresOfText(text).filter((f) => f !== guitar);
    expect(probability(model([guitar], more, 'all'), text)).toBeCloseTo(
      probability(model([guitar], [], 'all'), text),
      12,
    );
    expect(probability(model([guitar], more), text)).not.toBeCloseTo(probability(model([guitar]), text), 3);
  });

  it('counts a feature in several sets once, at its largest weight, known or not', () => {
    const all = model([guitar], [], 'all');
    const { ws, stems } = split('guitar zebra zebra');
    const a = all.wordIndices(ws, stems, 'en');
    const once = all.probabilities([{ idx: a.idx, unk: a.unk, weight: 1 }]);
    const twice = all.probabilities([
      { idx: a.idx, unk: a.unk, weight: 0.5 },
      { idx: a.idx, unk: a.unk, weight: 1 },
    ]);
    expect(twice[0]).toBeCloseTo(once[0], 12);
  });

  it('known plus unknown equal the text’s features (wordFeatures) for corpus lines, each once', () => {
    // The shipped weights with the flag and without it, whichever they carry.
    const shipped = JSON.parse(fs.readFileSync(new URL('./weights.json', import.meta.url), 'utf8')) as TextModels;
    const all = new LoadedModels({ ...shipped, norm: 'all' });
    const real = new LoadedModels({ version: shipped.version, features: shipped.features, heads: shipped.heads });
    const lines = labelledLines(
      fs.readFileSync(new URL('../../../bench/safety/validation.txt', import.meta.url), 'utf8'),
    );
    let compared = 0;
    for (const { text, lang } of lines.slice(0, 150)) {
      const { ws, stems } = split(text, lang as Lang);
      const names = wordFeatures(ws, stems, lang as Lang).features;
      const { idx, unk } = all.wordIndices(ws, stems, lang as Lang);
      expect(idx.length + unk.length).toBe(names.length);
      expect(new Set(unk).size).toBe(unk.length);
      expect([...idx]).toEqual([...real.wordIndices(ws, stems, lang as Lang).idx]);
      expect(real.wordIndices(ws, stems, lang as Lang).unk.length).toBe(0);
      compared++;
    }
    expect(compared).toBe(150);
  });
});
