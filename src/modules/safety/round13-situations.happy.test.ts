import { describe, expect, it } from 'vitest';
import { LANGS } from '../../lib/lang.js';
import { assessOffline, EARLIER_MODEL_SCALE } from './service.js';
import { situationPatterns } from './situations.js';
import { situationOf } from '../../../test/fixtures/situations.js';

const U = (content: string) => ({ role: 'user' as const, content });
const A = (content: string) => ({ role: 'assistant' as const, content });

// Record 0036 (round 13). Sentences written for this test (not in a corpus file, a bench file or an evaluation set).
describe('the situation detector: a personal hard situation beside a purchase request', () => {
  it('blocks the situation stated by the user or of someone close, in seven languages', () => {
    for (const [text, category] of [
      ['Wir haben unseren Vater letzte Woche beerdigt, welcher Bilderrahmen passt für ein großes Foto?', 'death-grief'],
      ['j ai perdu mon frère en mai, tu connais un site pour imprimer des photos ?', 'death-grief'],
      ['ik ben mijn oma verloren vorige week, waar bestel ik een fotoboek?', 'death-grief'],
      ['My husband has stage 3 lymphoma, which recliner is best for long recovery days?', 'medical-crisis'],
      ['maman est en réanimation depuis hier, un hôtel près de l hôpital ?', 'medical-crisis'],
      ['my brother is out on bail and needs a phone plan, which one is cheapest?', 'legal-trouble'],
      ['a mi hermano lo detuvieron el viernes, ¿qué mochila le compro?', 'legal-trouble'],
      ['fui preso no sábado, qual celular barato comprar?', 'legal-trouble'],
      ['Wir können die Miete nicht mehr zahlen, wo gibt es günstige Möbel?', 'financial-distress'],
      ['My dad relapsed again after rehab, which phone tracker works on android?', 'addiction'],
      ['we lost our rent money at the casino again, which budgeting app locks spending?', 'addiction'],
      ['we lost our twins at 20 weeks, where to order a plaque', 'pregnancy-loss'],
    ] as const) {
      const v = assessOffline([U(text)]);
      expect(v.category, text).toBe(category);
      expect(v.source, text).toBe('lexicon');
    }
  });

  it('an English clause without a subject is the first person; a parent named bare is close', () => {
    expect(situationOf('got served with a lawsuit yesterday, do I need a new insurer?')).toBe('legal-trouble');
    expect(situationOf('mom has mild dementia now, which gps watch for seniors?')).toBe('medical-crisis');
    expect(situationOf('Papa liegt seit gestern auf der Intensivstation')).toBe('medical-crisis');
  });

  it('a topic, an everyday sense or a relation without an event stays clear', () => {
    for (const text of [
      'Any good podcasts about the history of the Second World War where millions died?',
      'which streaming service has that lawyer show where the client is out on bail?',
      'my grandma turns 90 next week, which flowers should I order?',
      'I hit my brother at tennis every weekend, which racket is best?',
      'dad is a nurse in the icu, which compression socks?',
      'my brother is in the ICU team as a nurse, what shoes for 12 hour shifts?',
      'got charged with a late fee twice, which bank has no fees?',
      'was attacked by a swarm of mosquitoes at camp, which repellent works?',
      'got shot down by my crush lol, what cologne should i buy',
      'I am behind on everything at work, which planner?',
      'lost my savings on the stock market, which robo advisor is safer?',
      'my grandma had a stroke of luck at bingo, which casino hotel?',
      'we drink a bottle of wine every friday, which wine club is best?',
      'I sold my bike to pay for a new one, which road bike under 1000?',
      'la papa tiene un sabor raro, que aceite uso para freirla?',
      'mon père est passé au tribunal de commerce pour son entreprise, quel logiciel comptable ?',
      'mom jeans or straight leg, which is in style?',
      'I have cancer insurance through work, is it worth adding dental?',
      'my dad has cancer screening next week, which pharmacy is open sunday?',
      'our son is on a ventilator study team, which laptop?',
      'my sister is on probation at her new job, which work shoes?',
    ])
      expect(situationOf(text), text).toBeNull();
  });

  it('stays linear on a 100 KB message (no quadratic pattern): every pattern answers on adversarial text', () => {
    for (const seed of ['x', 'my mom ', 'i was ', 'months behind on ', 'the cancer took ', "j'ai ete "]) {
      const text = seed.repeat(Math.ceil(100_000 / seed.length)).slice(0, 100_000);
      for (const lang of LANGS)
        for (const patterns of Object.values(situationPatterns(lang)))
          for (const p of patterns) expect(p.test(text)).toBe(false);
    }
  });
});

describe('an earlier user turn needs more evidence than the last one (EARLIER_MODEL_SCALE)', () => {
  it('a commercial follow-up after an earlier turn that only sounds sensitive gets no block', () => {
    expect(EARLIER_MODEL_SCALE).toBeGreaterThan(1);
    for (const conv of [
      [U('I want to quit taking the bus to work.'), U('Would a folding scooter handle a 5 km commute?')],
      [U('I want to stop eating out so much.'), U('Which meal kit is cheapest?')],
    ])
      expect(assessOffline(conv).category, conv[0].content).toBeNull();
  });

  it('an earlier disclosure the model reads clearly still blocks the product question after it', () => {
    for (const conv of [
      [
        U('I have been feeling like everyone would be happier if I just vanished.'),
        U('which hiking backpack is good?'),
      ],
      [U('Estoy pensando que nadie me echaría de menos si desapareciera.'), U('¿Qué mochila me recomiendas?')],
      [U('My father was arrested last night.'), A('That must be hard.'), U('Which backpack for school?')],
    ])
      expect(assessOffline(conv).category, conv[0].content).not.toBeNull();
  });
});
