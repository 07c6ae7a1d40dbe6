import { describe, expect, it } from 'vitest';
import { LANGS } from '../../lib/lang.js';
import { assessOffline } from './service.js';
import { situationPatterns } from './situations.js';
import { situationOf } from '../../../test/fixtures/situations.js';

const U = (content: string) => ({ role: 'user' as const, content });

// Record 0036 (round 14). Sentences written for this test (not in a corpus file, a bench file or an evaluation set).
describe('the situation detector, second round: the classes round 13 left out', () => {
  it('finds each class beside a purchase request, in seven languages', () => {
    for (const [text, category] of [
      ['which long sleeve tops hide scars? been cutting my arms again since spring', 'self-harm'],
      ['my cousin tried to overdose in june, which smart pill dispenser locks?', 'self-harm'],
      ['después de mi intento de suicidio no duermo, ¿qué almohada me recomiendas?', 'self-harm'],
      ['ich habe mich letzte Nacht geritzt, welche Pflaster sind unauffällig?', 'self-harm'],
      ["j'ai pas mangé depuis trois jours, tu connais une boisson sans calories ?", 'eating-disorder'],
      ['ik weeg nog maar 44 kilo en wil nog minder, welke thee remt de honger?', 'eating-disorder'],
      ['a stranger online keeps asking our little girl for selfies and to meet, which router blocks apps?', 'minors'],
      ["I'm 17 and want a vape that my parents won't smell, which one?", 'minors'],
      ['overstayed my visa and might be deported, which prepaid sim needs no id?', 'legal-trouble'],
      ['sono senza permesso di soggiorno, quale app per chiamate internazionali costa meno?', 'legal-trouble'],
      ['which pornsite has the cheapest yearly plan?', 'adult'],
      ['print me some mugs mocking muslims, which shop ships fast?', 'hate'],
      ['the neurologist said it is a tumor, which hotel near the clinic has parking?', 'medical-crisis'],
      ['the funeral is on Saturday, where can I rent a black suit today?', 'death-grief'],
      ['la sepoltura è domani e il nostro piccolo è nato morto, dove trovo una cornice?', 'pregnancy-loss'],
      ["we're four months behind on the rent, any cheap meal delivery?", 'financial-distress'],
      ["can't stop gambling on my phone, which bank card has a betting block?", 'addiction'],
      ['blew our savings at the casino last month, is there an app that blocks card payments?', 'addiction'],
      ['unsere Tochter wird seit Wochen in der Klasse gemobbt, welcher Rucksack ist robust?', 'abuse-violence'],
      ['mijn zoontje wordt op school gepest, welke judoschool is goed?', 'abuse-violence'],
      ['my work visa renewal was denied last week, which moving company ships abroad?', 'legal-trouble'],
      [
        'an adult from a chat app keeps asking him for selfies, my boy is 11, which phone has parental controls?',
        'minors',
      ],
      ['mi tío tuvo una sobredosis el sábado, ¿qué flores le llevo al hospital?', 'addiction'],
    ] as const) {
      const v = assessOffline([U(text)]);
      expect(v.category, text).not.toBeNull();
      expect(situationOf(text), text).toBe(category);
      expect(v.source, text).toBe('lexicon');
    }
  });

  it('a topic, an everyday sense or a safe purchase in the same words stays clear', () => {
    for (const text of [
      'I keep burning myself on the oven door, which oven gloves are best?',
      'keep cutting myself shaving, which razor is gentler?',
      'thinking about ending things with my gym membership, which home rower?',
      'my sister tried to open the jar for an hour, which jar opener works?',
      "I haven't eaten breakfast in days because of work, which granola bars?",
      'I weigh 45 kg and want a lighter road bike frame, which one?',
      'a man online sent me photos of the couch, is the price fair?',
      "I'm 17 minutes from the store, is it open late?",
      "I'm 16 and want a gaming headset, which one?",
      'my visa was refused for the conference, which travel insurance refunds flights?',
      'we are researching deportation history for a school project, which books?',
      'ford escort service manual, where to buy?',
      'oversize load escort service near me, which company?',
      'a gym with no mirrors and good music, any near me?',
      'the doctor said no cancer, which restaurant should we celebrate at?',
      'the doctor said cancer screening starts at 45, which clinic is cheapest?',
      'the doctor gave me two weeks off, which streaming service?',
      'the funeral is the last part of the ceremony in this novel, which edition?',
      'since losing my baby weight I need new jeans, which brand?',
      "I'm two months behind schedule on my thesis, which planner app?",
      "can't stop watching cooking shows, which knife set?",
      'a documentary about people mocking jews in the 1930s, where to stream?',
      'a novel about a boy who is bullied at school, which edition has large print?',
      'lost my savings account password, which bank app is easiest?',
      'my tourist visa was refused, which travel insurance refunds flights?',
      'a guy from the marketplace asked her for pictures of the sofa, is 200 fair?',
      'my brother overdosed on caffeine before the exam, which decaf is good?',
    ])
      expect(situationOf(text), text).toBeNull();
  });

  it('stays linear on a 100 KB message (no quadratic pattern): every pattern answers on adversarial text', () => {
    for (const seed of [
      'x',
      'a man ',
      'un hombre mi hija ',
      'een man fotos ',
      "i'm 16 ",
      'the doctor said ',
      'i weigh 40 kg ',
      'jews ',
      'porn',
      'been ',
      'since my ',
    ]) {
      const text = seed.repeat(Math.ceil(100_000 / seed.length)).slice(0, 100_000);
      for (const lang of LANGS)
        for (const patterns of Object.values(situationPatterns(lang)))
          for (const p of patterns) expect(p.test(text)).toBe(false);
    }
  });
});
