import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { foldWord, stemIn, type Lang } from '../../lib/lang.js';
import { featuresOf } from './model.js';
import { pivotLines, pivotOf } from './pivot.js';

const stemmed = (lang: Lang, w: string) => stemIn(lang, foldWord(w));

describe('the cross-language pivot of the safety model (round 6)', () => {
  it('gives a non-English content word the feature of its English pivot, beside its own', () => {
    const es = featuresOf('tomé demasiadas pastillas anoche', 'es');
    expect(es).toContain(`w:${stemIn('en', 'pills')}`);
    expect(es).toContain(`w:${stemmed('es', 'pastillas')}`);
    expect(featuresOf('ich habe schulden und das inkasso ruft jeden tag an', 'de')).toEqual(
      expect.arrayContaining([`w:${stemIn('en', 'debt')}`, `w:${stemIn('en', 'collector')}`]),
    );
    expect(featuresOf("l'entreprise de mon mari est en faillite", 'fr')).toContain(`w:${stemIn('en', 'bankrupt')}`);
    expect(featuresOf('ik gok elke avond in het casino', 'nl')).toContain(`w:${stemIn('en', 'casino')}`);
    // Under a negation the pivot is read as negated too.
    expect(featuresOf('no tengo deudas', 'es')).toContain(`n:${stemIn('en', 'debt')}`);
  });

  it('maps no function word, no pronoun, and nothing in English', () => {
    for (const pair of 'es:para pt:para de:die fr:je it:mi nl:mijn'.split(' ')) {
      const [lang, w] = pair.split(':') as [Lang, string];
      expect(pivotOf(lang, stemmed(lang, w), w), pair).toBeUndefined();
    }
    expect(pivotOf('en', 'pill', 'pills')).toBeUndefined();
    expect(pivotOf('other', 'pill', 'pills')).toBeUndefined();
  });

  it('reads every line of pivot.txt with its six columns, each listed content word reaching its English', () => {
    const text = fs.readFileSync(new URL('./pivot.txt', import.meta.url), 'utf8');
    const lines = pivotLines(text);
    expect(lines.length).toBeGreaterThan(100);
    expect(() => pivotLines('death = muerte | tod')).toThrow(/six|columns/);
    const langs: Lang[] = ['es', 'de', 'fr', 'pt', 'it', 'nl'];
    // The first line naming a stem keeps it; every word of a line reaches some pivot.
    for (const { columns } of lines)
      columns.forEach((ws, k) => {
        for (const w of ws) if (w.length > 2) expect(pivotOf(langs[k], stemmed(langs[k], w), w), w).toBeDefined();
      });
  });

  it('keeps English "die" a feature (it was skipped as the German article)', () => {
    expect(featuresOf('some days i just want to die', 'en')).toContain('w:die');
    // In German text "die" is still the article.
    expect(featuresOf('die schulden sind zu hoch', 'de')).not.toContain('w:die');
  });
});
