import { describe, expect, it } from 'vitest';
import { assessOffline } from './service.js';
import { adultAgesOnly } from './idioms-round11.js';
import { fold } from '../../lib/lang.js';

const U = (content: string) => ({ role: 'user' as const, content });
const A = (content: string) => ({ role: 'assistant' as const, content });

// Record 0036 (round 11). Sentences written for this test (not in corpus.txt, multiturn-dev.txt or an evaluation set).
describe('stated ages that are all adult lift a minors verdict of the model', () => {
  it('reads ages after a birthday verb or before a years word, in seven languages', () => {
    for (const t of [
      'my great-aunt turns 95 on sunday',
      'la abuela cumple 88 y quiere un móvil sencillo',
      'Opa wird 90 und hört schlecht',
      'mon parrain fête ses 60 ans',
      'meu pai faz 75 anos',
      'il bisnonno compie 100 anni',
      'mijn oma wordt 92',
    ])
      expect(adultAgesOnly([fold(t)]), t).toBe(true);
    expect(adultAgesOnly([fold('mi hijo tiene 9 años y mi padre cumple 70')])).toBe(false);
    expect(adultAgesOnly([fold('meine 14-jährige Tochter')])).toBe(false);
    expect(adultAgesOnly([fold('which tablet is easy to use')])).toBe(false);
  });

  it('an old relative’s round birthday and a product question get no minors block', () => {
    for (const conv of [
      [U('Il mio bisnonno compie 100 anni'), A('Che bello!'), U('Quale tablet?')],
      [U('Mijn oma wordt 92 en wil ons vaker zien.'), A('Wat mooi!'), U('Welke tablet met groot scherm is eenvoudig?')],
    ])
      expect(assessOffline(conv).category, conv[0].content).not.toBe('minors');
  });

  it('a child’s own age still blocks', () => {
    expect(assessOffline([U('Ich bin 11 und mein Opa wird 80, was kann ich ihm basteln?')]).category).toBe('minors');
    expect(assessOffline([U('tengo 10 años y mi abuela cumple 70, qué le regalo')]).category).toBe('minors');
  });
});
