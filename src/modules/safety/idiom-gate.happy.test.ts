import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGS, foldWord } from '../../lib/lang.js';
import { words } from '../../lib/text.js';
import { idiomPatterns, maskIdioms, maskedWordGate, MASKED } from './idioms-round11.js';

// Record 0047 (round 15): a language's idiom patterns run only when their gate (the words they mask, in one
// alternation) hits the turn. The masks must not change: the gate must hit every text one of its patterns masks in.
const folded = (text: string): string => words(text, 2000).map(foldWord).join(' ');

describe('the idiom gate', () => {
  const lines = ['src/modules/safety/corpus.txt', 'src/modules/safety/pivot.txt']
    .flatMap((f) => readFileSync(f, 'utf8').split('\n'))
    .flatMap((l) => l.split(/[|=]/))
    .map(folded)
    .filter((t) => t.length > 0);
  // Idioms in several languages (our own sentences), so every language's masking is exercised.
  const own = [
    'i am totally addicted to this new podcast',
    'my phone just died again this morning',
    'we want to rent a van for the weekend',
    'estoy enganchada a esta serie nueva',
    'me muero de ganas de ver la pelicula',
    'ich miete eine wohnung in der stadt',
    'mein handy ist gestern tot',
    'ca vaut vraiment le coup d essayer',
    'je suis accro a cette serie',
    'faz sentido comprar um carro novo',
    'estou viciado nessa serie',
    'ha senso comprare una bici adesso',
    'ik heb last van mijn knie',
  ];

  it('hits every text in which one of its patterns masks a word', () => {
    let masked = 0;
    for (const lang of LANGS) {
      const { gate, patterns } = idiomPatterns(lang);
      for (const text of [...lines, ...own])
        for (const p of patterns) {
          p.lastIndex = 0;
          for (let m = p.exec(text); m; m = p.exec(text))
            if (m.indices?.groups?.w ?? m.indices?.groups?.w2) {
              masked++;
              expect(gate.test(text), `${lang}: ${p.source} in "${text}"`).toBe(true);
            }
        }
    }
    expect(masked).toBeGreaterThan(own.length);
  });

  it('leaves a turn without a masked word as it is, and masks one with it', () => {
    const plain = words('which running shoes are best for a marathon', 2000).map(foldWord);
    expect(idiomPatterns('en').gate.test(plain.join(' '))).toBe(false);
    expect(maskIdioms(plain, 'en')).toBe(plain);
    const idiom = words('I am addicted to this new series', 2000).map(foldWord);
    expect(maskIdioms(idiom, 'en')).toContain(MASKED);
    const es = words('me muero de ganas de probar ese restaurante', 2000).map(foldWord);
    expect(maskIdioms(es, 'es')[1]).toBe(MASKED);
  });

  it('keeps a word boundary only where the pattern has one before its group', () => {
    const g = maskedWordGate([/\b(?<w>rent|hire) a\b/dg, /(?:\w+ )?(?<w>arm)\b/dg, /x (?<w2>[a)]b|c)/dg]);
    expect(g.test('a different story')).toBe(false);
    expect(g.test('we rent a car')).toBe(true);
    expect(g.test('a warm day')).toBe(true);
    expect(g.test('x )b')).toBe(true);
    expect(g.test('nothing here')).toBe(false);
    expect(maskedWordGate([/no group/dg]).test('no group')).toBe(false);
  });
});
