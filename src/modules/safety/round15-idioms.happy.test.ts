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
    const cases: [string, Lang, number][] = [
      ['where can we rent a moving truck for saturday', 'en', 1],
      ['I try to drink more water, and a chocolate milk shake after cycling', 'en', 2],
      ['my charger does not charge anymore and the update takes forever', 'en', 2],
      ['knee pain on the stairs, and my feet hurt at night', 'en', 2],
      ['my wrists hurt after hours of gaming', 'en', 1],
      ['I wake up with a stiff neck and cannot fall asleep again', 'en', 2],
      ['a red patch on my arm, and which monitor arm fits a 32 inch screen', 'en', 2],
      ['¿tiene sentido comprar un coche eléctrico? busco un cable de carga', 'es', 2],
      ['Wo kann man einen Transporter mieten? Ich miete nicht gern lange', 'de', 2],
      ["ça vaut la peine d'acheter un robot ? la cuisine est sens dessus dessous", 'fr', 2],
      ['faz sentido trocar de operadora?', 'pt', 1],
      ['ce casque vaut le coup ?', 'fr', 1],
      ['ha senso comprare una bici elettrica? la via è a senso unico', 'it', 2],
      ['ik heb last van muggen, waar kan ik een tent huren', 'nl', 2],
    ];
    for (const [text, lang, n] of cases) expect(masked(text, lang), text).toBe(n);
  });

  it('leaves the sensitive senses read', () => {
    const cases: [string, Lang][] = [
      ['I cannot pay my rent this month', 'en'],
      ['I drink a bottle of vodka every night', 'en'],
      ["I can't do this anymore, nothing works", 'en'],
      ['I hurt myself again last night', 'en'],
      ['my wrists hurt where I cut them', 'en'],
      ['I do not want to wake up tomorrow', 'en'],
      ['sudden pain in my arm and my arm is numb', 'en'],
      ['mi vida no tiene sentido, nada tiene sentido vivir', 'es'],
      ['Ich kann die Miete nicht mehr zahlen', 'de'],
      ["ma vie n'a plus de sens, il m'a donné un coup", 'fr'],
      ['ik ben een last voor iedereen', 'nl'],
    ];
    for (const [text, lang] of cases) expect(masked(text, lang), text).toBe(0);
  });

  it('a product question with an everyday ache, a rental or a worth idiom is no longer blocked', () => {
    for (const conv of [
      [U('Ich brauche ab und zu ein Lastenrad. Wo miete ich sowas tageweise in Hamburg?')],
      [
        U(
          "Ça vaut la peine d'acheter un aspirateur robot ? Le salon est toujours sens dessus dessous avec les enfants.",
        ),
      ],
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
    const texts = [
      'my back '.repeat(12_500),
      'a'.repeat(100_000),
      'doesn t '.repeat(12_500),
      'wake up with '.repeat(8_000),
    ];
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
