import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { foldWord, LANGS, stemIn, type Lang } from '../../lib/lang.js';
import { words } from '../../lib/text.js';
import { labelledLines } from './corpus.js';
import { LoadedModels, MEMO_NUMBER_DIGITS, NUMBER_FACTS_PER_LANG, textModels, wordFeatures } from './model.js';

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
    models.wordIndices(
      ws,
      ws.map((w) => stemIn('en', w)),
      'en',
    );
    const odd = ['not', 'pill', 'overdos'];
    expect([...models.wordIndices(ws, odd, 'en').idx]).toEqual(reference(models, ws, odd, 'en').idx);
  });

  it('memoises a number’s facts apart and bounded: read once, the same features, never displacing a word', () => {
    // A model of its own (the shipped weights), so the memo starts empty.
    const weights = new URL('./weights.json', import.meta.url);
    const models = new LoadedModels(
      JSON.parse(fs.readFileSync(weights, 'utf8')) as ConstructorParameters<typeof LoadedModels>[0],
    );
    const spy = vi.spyOn(models as unknown as { factsOf: (...a: unknown[]) => unknown }, 'factsOf');
    const ws = ['i', 'paid', '250', 'for', 'it', 'in', '2019', 'not', '911'];
    const stems = ws.map((w) => stemIn('en', w));
    const first = models.wordIndices(ws, stems, 'en');
    expect([...first.idx]).toEqual(reference(models, ws, stems, 'en').idx);
    const made = spy.mock.calls.length;
    expect(made).toBe(ws.length);
    // Re-read, and in the stems-null reading: no word or number made again, the same features.
    expect([...models.wordIndices(ws, stems, 'en').idx]).toEqual([...first.idx]);
    expect([...models.wordIndices(ws, null, 'en').idx]).toEqual([...first.idx]);
    expect(spy.mock.calls.length).toBe(made);
    // A number in another language is its own entry (its facts read that language's tables).
    models.wordIndices(['250'], ['250'], 'es');
    expect(spy.mock.calls.length).toBe(made + 1);
    // Every number of up to MEMO_NUMBER_DIGITS digits stays within two generations and leaves the words' memo as it
    // was; a longer one (an order or phone number) is read each time, not memoised.
    const held = models.factsHeld('en');
    expect(held).toEqual({ words: 6, numbers: 3 });
    for (let d = 1; d <= MEMO_NUMBER_DIGITS; d++)
      for (let i = 0; i < 10 ** d; i++) models.wordIndices(['room', String(i).padStart(d, '0')], null, 'en');
    const after = models.factsHeld('en');
    expect(after.words).toBe(held.words + 1);
    expect(after.numbers).toBe(11_110);
    expect(after.numbers).toBeLessThanOrEqual(2 * NUMBER_FACTS_PER_LANG);
    const calls = spy.mock.calls.length;
    const long = ['order', '1234567', 'room', '55501234'];
    expect([...models.wordIndices(long, null, 'en').idx]).toEqual(
      reference(
        models,
        long,
        long.map((w) => stemIn('en', w)),
        'en',
      ).idx,
    );
    models.wordIndices(long, null, 'en');
    expect(spy.mock.calls.length).toBe(calls + 1 + 2 * 2);
    expect(models.factsHeld('en')).toEqual({ words: after.words + 1, numbers: after.numbers });
  });
});
