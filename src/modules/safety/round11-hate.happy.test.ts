import { describe, expect, it } from 'vitest';
import { lexiconHit } from './lexicon.js';
import { fold, foldedWords, stemIn } from '../../lib/lang.js';
import { EXTRA_PATTERNS } from './patterns-round10.js';

// Record 0036 (round 11): dehumanising speech about a group (patterns-round11.ts). Sentences written for this test
// (not in corpus.txt or an evaluation set).
const hit = (text: string, lang: Parameters<typeof stemIn>[0]) => {
  const f = fold(text);
  const ws = foldedWords(text);
  return lexiconHit(f, lang, (l) => ws.map((w) => stemIn(l, w)), ws)?.category ?? null;
};

describe('dehumanising speech about a group', () => {
  it('a group called pests beside a country, a neighbourhood or a group word (seven languages)', () => {
    expect(hit("they're a disease, this neighbourhood was fine before the refugees came", 'en')).toBe('hate');
    expect(hit('esa gente es una plaga, el barrio ya no es lo que era', 'es')).toBe('hate');
    expect(hit('die sind wie Ungeziefer, unser Viertel geht kaputt', 'de')).toBe('hate');
    expect(hit("ce sont des cafards, le quartier a changé", 'fr')).toBe('hate');
    expect(hit('eles são uma peste, o bairro piorou', 'pt')).toBe('hate');
    expect(hit('sono parassiti, il quartiere non è più sicuro', 'it')).toBe('hate');
    expect(hit('dat zijn gewoon parasieten, de wijk is verpest', 'nl')).toBe('hate');
  });

  it('better off without them, breeding like vermin, criminal by nature', () => {
    expect(hit('honestly the nation would be much better off without those people', 'en')).toBe('hate');
    expect(hit('la sociedad estaría mejor sin esa gente', 'es')).toBe('hate');
    expect(hit('le pays se porterait mieux sans ces gens', 'fr')).toBe('hate');
    expect(hit('het land zou veel beter af zijn zonder die mensen', 'nl')).toBe('hate');
    expect(hit('they multiply and breed like roaches', 'en')).toBe('hate');
    expect(hit('i read that migrants are genetically more violent, is that true', 'en')).toBe('hate');
    expect(hit('gli immigrati sono criminali per natura', 'it')).toBe('hate');
  });

  it('pests, towns and natures in an everyday sense stay clear', () => {
    expect(hit('I think they are rats, not mice, which trap should I buy?', 'en')).toBeNull();
    expect(hit('the rats in our neighbourhood are huge, any humane trap?', 'en')).toBeNull();
    expect(hit('the world would be better without them, mosquitoes are the worst', 'en')).toBeNull();
    expect(hit('il y a des cafards dans la cuisine, quel produit acheter', 'fr')).toBeNull();
    expect(hit('meine Katze ist von Natur aus faul, welches Spielzeug motiviert sie', 'de')).toBeNull();
    expect(hit('sono una peste in cucina, che robot mi consigli', 'it')).toBeNull();
    expect(hit('which race bike is naturally faster on climbs', 'en')).toBeNull();
  });
});

describe('patterns that read two cues anywhere in the text', () => {
  it('find them in either order and far apart, in a single anchored pass', () => {
    const filler = ' we talked about many other everyday things.'.repeat(2000);
    expect(hit(`our country is changing.${filler} they are vermin`, 'en')).toBe('hate');
    expect(hit(`they are vermin.${filler} our country is changing`, 'en')).toBe('hate');
    expect(hit(`our country is changing, the country, the society.${filler}`, 'en')).toBeNull();
    // An unanchored "cue … anything … cue" rescans the rest of the text from every first cue: quadratic on a
    // 100 KB message. Every pattern with an unbounded gap must be anchored at the start of the text.
    for (const pats of Object.values(EXTRA_PATTERNS))
      for (const p of pats ?? []) if (p.source.includes('[^]*')) expect(p.source.startsWith('^(?=')).toBe(true);
  });
});
