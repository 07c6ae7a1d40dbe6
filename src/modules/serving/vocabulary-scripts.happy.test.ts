import { describe, expect, it } from 'vitest';
import { englishFor, englishForPair } from './vocabulary.js';

// Record 0048 (round 2): a word of another script is answered at once; a Latin word however it is written still is read.
describe('the vocabulary and words of other scripts', () => {
  it('knows no word without a Latin letter or digit, in any language', () => {
    for (const lang of ['es', 'de', 'fr', 'pt', 'it', 'nl'] as const)
      for (const w of ['кроссовки', '跑步鞋', 'ランニングシューズ', '러닝화', 'أحذية', 'נעלי', 'दौड़ने', 'παπούτσια', '🏃‍♀️👟'])
        expect(englishFor(lang, w), `${lang} ${w}`).toBe(null);
    expect(englishForPair('es', 'кроссовки', 'zapatillas')).toBe(null);
  });

  it('reads a Latin word written in compatibility characters as the word itself (the check is on the folded word)', () => {
    expect(englishFor('de', 'schuhe')).not.toBe(null);
    // Mathematical bold letters are of no script; folding (NFKD) makes them Latin.
    expect(englishFor('de', '𝐬𝐜𝐡𝐮𝐡𝐞')).toEqual(englishFor('de', 'schuhe'));
    expect(englishFor('es', 'ｚａｐａｔｉｌｌａｓ')).toEqual(englishFor('es', 'zapatillas'));
    expect(englishFor('es', 'zapatillas')).not.toBe(null);
    expect(englishForPair('pt', 'cartão', 'crédito')).not.toBe(null);
  });
});
