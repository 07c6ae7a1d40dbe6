import { describe, expect, it } from 'vitest';
import { fold, foldedWords, stemIn, type Lang } from '../../lib/lang.js';
import { lexiconHit } from './lexicon.js';
import { assessOffline } from './service.js';

const U = (content: string) => ({ role: 'user' as const, content });
const hit = (text: string, lang: Lang) => {
  const ws = foldedWords(text);
  return lexiconHit(fold(text), lang, (l) => ws.map((w) => stemIn(l, w)));
};

// Lines written for this test (none is in corpus.txt, bench/safety/validation*.txt or an evaluation set).
describe('lexicon: soft entries and safe idioms (round 5)', () => {
  it('an entry with an everyday meaning is soft: it blocks only when the model leans the same way', () => {
    expect(hit('addicted to heroin and cannot stop', 'en')).toMatchObject({ category: 'addiction', soft: false });
    expect(hit('i got addicted to this podcast, what else is like it', 'en')).toMatchObject({ soft: true });
    expect(assessOffline([U('i got addicted to this podcast, which headphones for the commute')]).category).toBeNull();
    expect(
      assessOffline([U('fiquei preso no trânsito de novo, qual aplicativo de mapas é melhor')]).category,
    ).toBeNull();
  });

  it('a safe idiom covers the sensitive word inside it, for the English pass over another language too', () => {
    expect(hit('quiero una sangría sin alcohol para la cena', 'es')).toBeNull();
    expect(hit('looking for a non alcoholic gin for dry january', 'en')).toBeNull();
    expect(hit("on organise l'enterrement de vie de jeune fille de ma soeur", 'fr')).toBeNull();
    expect(hit('my laptop died during the meeting, which one should i buy', 'en')).toBeNull();
    // The idiom covers only its own words: a hard entry elsewhere in the text still hits.
    expect(hit('a non alcoholic drink please, my father is an alcoholic and relapsed on heroin', 'en')).toMatchObject({
      category: 'addiction',
      soft: false,
    });
  });

  it('"kms" is self-harm only after a verb of intent (otherwise kilometres)', () => {
    expect(hit('how many kms should i run a week for a 10k', 'en')).toBeNull();
    expect(hit('honestly i might just kms tonight', 'en')).toMatchObject({ category: 'self-harm' });
  });
});
