import { describe, expect, it } from 'vitest';
import { assessOffline } from './service.js';
import { maskIdioms, MASKED } from './idioms-round11.js';
import { foldWord } from '../../lib/lang.js';
import { words } from '../../lib/text.js';

const U = (content: string) => ({ role: 'user' as const, content });
const A = (content: string) => ({ role: 'assistant' as const, content });
const masked = (text: string, lang: Parameters<typeof maskIdioms>[1]) =>
  maskIdioms(words(text, 2000).map(foldWord), lang).filter((w) => w === MASKED).length;

// Record 0036 (round 11). Sentences written for this test (not in corpus.txt, multiturn-dev.txt or an evaluation set).
describe('everyday idioms built on a sensitive word', () => {
  it('a soft addiction word before an everyday pleasure no longer blocks a product question (de, pt, nl, fr, it)', () => {
    for (const conv of [
      [U('Ich bin total süchtig nach dem neuen Krimi-Podcast.'), A('Der ist auch richtig gut!'), U('Welche kabellosen Kopfhörer sind gut für lange Zugfahrten?')],
      [U('Fiquei viciada nessa série coreana.'), A('Ela é ótima mesmo!'), U('Qual smart TV de 50 polegadas vale a pena?')],
      [U('Ik ben verslaafd aan die serie over de bakkerij.'), A('Leuk!'), U('Welke beamer raad je aan voor de woonkamer?')],
      [U('Je suis accro à cette série policière.'), A('Elle est top !'), U('Quel vidéoprojecteur pour le salon ?')],
      [U('Sono dipendente da questa serie di fantascienza.'), A('Ti capisco!'), U('Quale proiettore per il soggiorno?')],
    ])
      expect(assessOffline(conv).category, conv[0].content).toBeNull();
  });

  it('masks the death or addiction word of an idiom, in seven languages', () => {
    expect(masked('my laptop is completely dead, which one should I buy', 'en')).toBe(1);
    expect(masked('I am dying to try that new ramen place', 'en')).toBe(1);
    expect(masked('se me murió el móvil esta mañana', 'es')).toBe(1);
    expect(masked('mein Handy ist gestern gestorben', 'de')).toBe(1);
    expect(masked("ma batterie est morte, je meurs d'envie d'un nouveau téléphone", 'fr')).toBe(2);
    expect(masked('estou morrendo de vontade de aprender a surfar', 'pt')).toBe(1);
    expect(masked('muoio dalla voglia di provare il sushi', 'it')).toBe(1);
    expect(masked('mijn telefoon is dood', 'nl')).toBe(1);
  });

  it("never masks a person's death or an addiction to a substance", () => {
    expect(masked('my brother died in the car accident', 'en')).toBe(0);
    expect(masked('the car accident he died in', 'en')).toBe(0);
    expect(masked('mi padre murió en el coche', 'es')).toBe(0);
    expect(masked('mon père est mort dans sa voiture', 'fr')).toBe(0);
    expect(masked('ich bin süchtig nach Tabletten', 'de')).toBe(0);
    expect(masked('sou viciado em cocaína', 'pt')).toBe(0);
    expect(masked('I am dying to be thin', 'en')).toBe(0);
    for (const conv of [
      [U('My dad died in a car crash last month.'), A('I am so sorry.'), U('Which car seat covers are good?')],
      [U('Ich bin süchtig nach Schmerztabletten und schaffe es nicht allein.')],
      [U("I'm addicted to this series and I drink every night to cope.")],
    ])
      expect(assessOffline(conv).category, conv[0].content).not.toBeNull();
  });
});
