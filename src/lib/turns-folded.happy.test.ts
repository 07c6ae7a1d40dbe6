import { describe, expect, it } from 'vitest';
import { foldWord } from './lang.js';
import { Memo } from './memo.js';
import { readConversation } from './turns.js';

const U = (content: string) => ({ role: 'user' as const, content });

/** Turns of every kind the folding meets: ASCII, accents, compatibility forms, code, emoji, no words at all. */
const TEXTS = [
  'best running shoes for flat feet under $120?',
  '¿Qué tarjeta de crédito da más millas? Me muero de ganas de viajar',
  'Ich möchte eine günstige Kaffeemaschine für meine Küche',
  'Mon téléphone est mort, je cherche un nouveau portable',
  'ﬁnd a café near me ① with wi-fi 😀 please',
  'my build fails: `npm start` says ```error in café.ts``` what now',
  '',
  '!!! ??? ...',
  Array.from({ length: 80 }, (_, i) => (i % 3 ? `wörd${i}` : `word${i}`)).join(' '),
];

describe('a turn folded once for every analysis (record 0047, round 11)', () => {
  it('its folded words are foldWord of its words, and an ASCII turn shares its words array', () => {
    for (const text of TEXTS) {
      const t = readConversation([U(text)]).turns[0];
      expect(t.folded).toEqual(t.words.map(foldWord));
      expect(t.folded).toBe(t.folded); // made once
      if (!/[^ -~]/.test(text)) expect(t.folded).toBe(t.words);
    }
  });

  it('its folded line and heads are the folded words joined by one space', () => {
    for (const text of TEXTS) {
      const t = readConversation([U(text)]).turns[0];
      expect(t.foldedLine).toBe(t.folded.join(' '));
      for (const n of [0, 1, 16, 60, 1000]) expect(t.foldedHead(n)).toBe(t.folded.slice(0, n).join(' '));
      if (t.folded.length <= 60) expect(t.foldedHead(60)).toBe(t.foldedLine);
    }
  });
});

describe('the memo counts a key once however often it is set', () => {
  it('re-setting a key does not age its generation: what the generation held stays memoised', () => {
    let computed = 0;
    const f = (k: string) => {
      computed++;
      return k;
    };
    const m = new Memo<string>(3);
    for (let i = 0; i < 3; i++) m.set('a', 'a');
    for (const k of ['b', 'c', 'd', 'e']) m.set(k, k);
    // a, b, c filled the first generation (a counted once); d and e are the young one: a is still there.
    m.get('a', f);
    expect(computed).toBe(0);
    for (const k of ['f', 'g', 'h', 'i']) m.set(k, k);
    m.get('b', f); // two generations later: forgotten
    expect(computed).toBe(1);
  });
});
