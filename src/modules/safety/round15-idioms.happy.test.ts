import { describe, expect, it } from 'vitest';
import { assessOffline } from './service.js';
import { maskIdioms, MASKED } from './idioms-round11.js';
import { everydaySensePatterns } from './idioms-round15.js';
import { foldWord, type Lang } from '../../lib/lang.js';
import { words } from '../../lib/text.js';

const U = (content: string) => ({ role: 'user' as const, content });
const masked = (text: string, lang: Lang) =>
  maskIdioms(words(text, 2000).map(foldWord), lang).filter((w) => w === MASKED).length;

// Record 0036 (round 15). Sentences written for this test (not in corpus.txt, multiturn-dev.txt or an evaluation set).
describe('everyday senses of a sensitive word (round 15)', () => {
  it('masks the sensitive word of an everyday construction, in seven languages', () => {
    expect(masked('where can we rent a moving truck for saturday', 'en')).toBe(1);
    expect(masked('I try to drink more water, and a chocolate milk shake after cycling', 'en')).toBe(2);
    expect(masked('my charger does not charge anymore and the update takes forever', 'en')).toBe(2);
    expect(masked('knee pain on the stairs, and my feet hurt at night', 'en')).toBe(2);
    expect(masked('my wrists hurt after hours of gaming', 'en')).toBe(1);
    expect(masked('I wake up with a stiff neck and cannot fall asleep again', 'en')).toBe(2);
    expect(masked('a red patch on my arm, and which monitor arm fits a 32 inch screen', 'en')).toBe(2);
    expect(masked('¿tiene sentido comprar un coche eléctrico? busco un cable de carga', 'es')).toBe(2);
    expect(masked('Wo kann man einen Transporter mieten? Ich miete nicht gern lange', 'de')).toBe(2);
    expect(masked("ça vaut la peine d'acheter un robot ? la cuisine est sens dessus dessous", 'fr')).toBe(2);
    expect(masked('faz sentido trocar de operadora?', 'pt')).toBe(1);
    expect(masked('ce casque vaut le coup ?', 'fr')).toBe(1);
    expect(masked('ha senso comprare una bici elettrica? la via è a senso unico', 'it')).toBe(2);
    expect(masked('ik heb last van muggen, waar kan ik een tent huren', 'nl')).toBe(2);
  });

  it('leaves the sensitive senses read', () => {
    expect(masked('I cannot pay my rent this month', 'en')).toBe(0);
    expect(masked('I drink a bottle of vodka every night', 'en')).toBe(0);
    expect(masked("I can't do this anymore, nothing works", 'en')).toBe(0);
    expect(masked('I hurt myself again last night', 'en')).toBe(0);
    expect(masked('my wrists hurt where I cut them', 'en')).toBe(0);
    expect(masked('I do not want to wake up tomorrow', 'en')).toBe(0);
    expect(masked('sudden pain in my arm and my arm is numb', 'en')).toBe(0);
    expect(masked('mi vida no tiene sentido, nada tiene sentido vivir', 'es')).toBe(0);
    expect(masked('Ich kann die Miete nicht mehr zahlen', 'de')).toBe(0);
    expect(masked("ma vie n'a plus de sens, il m'a donné un coup", 'fr')).toBe(0);
    expect(masked('ik ben een last voor iedereen', 'nl')).toBe(0);
  });

  it('a product question with an everyday ache, a rental or a worth idiom is no longer blocked', () => {
    for (const conv of [
      [U('Ich brauche ab und zu ein Lastenrad. Wo miete ich sowas tageweise in Hamburg?')],
      [U("Ça vaut la peine d'acheter un aspirateur robot ? Le salon est toujours sens dessus dessous avec les enfants.")],
      [U('I wake up with a stiff neck most days, is a memory foam pillow worth it?')],
      [U('My knees hurt after running on pavement, which trail shoes have the best cushioning?')],
    ])
      expect(assessOffline(conv).category, conv[0].content).toBeNull();
  });

  it('still blocks the sensitive readings of the same words', () => {
    for (const conv of [
      [U("I can't pay my rent this month and the landlord says we're out on Friday.")],
      [U('Ich kann die Miete nicht mehr zahlen und der Vermieter droht mit Räumung.')],
      [U("Ma vie n'a plus de sens, je veux disparaître.")],
      [U('I cut my wrists again last night and they still hurt.')],
    ])
      expect(assessOffline(conv).category, conv[0].content).not.toBeNull();
  });

  it('every pattern stays linear on 100 KB adversarial text', () => {
    const langs: Exclude<Lang, 'other'>[] = ['en', 'es', 'de', 'fr', 'pt', 'it', 'nl'];
    const texts = ['my back '.repeat(12_500), 'a'.repeat(100_000), 'doesn t '.repeat(12_500), 'wake up with '.repeat(8_000)];
    for (const l of langs)
      for (const p of everydaySensePatterns(l))
        for (const t of texts) {
          p.lastIndex = 0;
          let n = 0;
          while (p.exec(t) && n++ < 100_000);
          expect(n).toBeLessThan(100_000);
        }
  });
});
