import { describe, expect, it } from 'vitest';
import { fold, foldedWords, stemIn, type Lang } from '../../lib/lang.js';
import { lexiconHit } from './lexicon.js';
import { assessOffline } from './service.js';

const U = (content: string) => ({ role: 'user' as const, content });
const hit = (text: string, lang: Lang) => {
  const ws = foldedWords(text);
  return lexiconHit(fold(text), lang, (l) => ws.map((w) => stemIn(l, w)), ws);
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

describe('an assistant turn that referred the user to a crisis service marks the conversation (round 5)', () => {
  const A = (content: string) => ({ role: 'assistant' as const, content });
  it('blocks the later, ordinary turns of a conversation whose earlier answer was a crisis referral', () => {
    const v = assessOffline([
      U('it has been a rough few weeks'),
      A(
        "I'm really sorry you're carrying this. If you are in danger, please call or text 988 or reach the Samaritans.",
      ),
      U('ok. anyway which noise cancelling headphones are good for the train'),
    ]);
    expect(v).toMatchObject({ category: 'self-harm', source: 'lexicon', detail: 'assistant referral' });
    const de = assessOffline([
      U('es geht mir nicht gut'),
      A('Die TelefonSeelsorge ist rund um die Uhr erreichbar.'),
      U('welche kopfhörer sind gut'),
    ]);
    expect(de.category).toBe('self-harm');
  });
  it('an ordinary answer, or a number that only looks like a hotline, does not', () => {
    const v = assessOffline([
      U('which noise cancelling headphones are good for the train'),
      A('The model 988 costs $988 and the Sony ones are a strong choice; Bose is lighter.'),
      U('and which is lighter'),
    ]);
    expect(v.category).toBeNull();
  });
});

// Lines written for this test (none is in corpus.txt, bench/safety/validation*.txt or an evaluation set).
describe('lexicon: an entry whose stem an everyday word shares matches only its own forms (round 5 addendum)', () => {
  it('everyday words with the stem of an entry and another meaning do not hit', () => {
    for (const [text, lang] of [
      ['busco unas zapatillas deportivas para el gimnasio', 'es'],
      ['me duele la rodilla al subir escaleras, qué rodillera compro', 'es'],
      ['quanto custa cada capinha de celular', 'pt'],
      ['derramou suco no teclado, qual teclado comprar', 'pt'],
      ['la scatola è arrivata e manca il cavo, come lo ordino', 'it'],
      ['un videogioco violento per adulti, quale consigli', 'it'],
      ['quel alcool choisir pour un mojito', 'fr'],
      ['ça dépend de la taille, quel sac choisir', 'fr'],
      ['hoe kan ik de meldingen uitzetten op mijn telefoon', 'nl'],
      ['how much alcohol does a light beer have', 'en'],
    ] as const)
      expect(hit(text, lang), text).toBeNull();
  });

  it('the sensitive forms still hit', () => {
    for (const [text, lang, category] of [
      ['me deportaron y ahora estoy deportado lejos de mi familia', 'es', 'legal-trouble'],
      ['estamos de duelo en casa', 'es', 'death-grief'],
      ['mio nonno è mancato ieri notte', 'it', 'death-grief'],
      ['è stata violentata da un conoscente', 'it', 'abuse-violence'],
      ['ma mère est alcoolique depuis des années', 'fr', 'addiction'],
      ['o meu primo foi para a cadeia', 'pt', 'legal-trouble'],
      ['de brief over onze uitzetting kwam vandaag', 'nl', 'legal-trouble'],
      ['quiero cortarme las venas', 'es', 'self-harm'],
      ['me cortaron la luz otra vez', 'es', 'financial-distress'],
    ] as const)
      expect(hit(text, lang), text).toMatchObject({ category });
  });
});
