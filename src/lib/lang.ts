import { createRequire } from 'node:module';
import { franc } from 'franc-min';

/**
 * Languages of a conversation and their words: detection (`franc-min`, with a
 * cheap English pre-check so most requests never run the trigram model),
 * accent folding and Snowball stemming (`snowball-stemmers`) for English,
 * Spanish, German, French and Portuguese — the languages the brand-safety
 * lexicons and model cover. Stems are cached (bounded).
 */
export type Lang = 'en' | 'es' | 'de' | 'fr' | 'pt' | 'other';
export const LANGS: readonly Exclude<Lang, 'other'>[] = ['en', 'es', 'de', 'fr', 'pt'];

interface SnowballStemmer {
  stem(w: string): string;
}
const snowball = createRequire(import.meta.url)('snowball-stemmers') as { newStemmer(name: string): SnowballStemmer };
const SNOWBALL_NAMES: Record<Exclude<Lang, 'other'>, string> = { en: 'english', es: 'spanish', de: 'german', fr: 'french', pt: 'portuguese' };
const FRANC: Record<string, Lang> = { eng: 'en', spa: 'es', deu: 'de', fra: 'fr', por: 'pt' };
/** franc's candidates: the five covered languages plus close neighbours, so Dutch or Italian are not forced into one of them. */
const FRANC_ONLY = ['eng', 'spa', 'deu', 'fra', 'por', 'nld', 'ita', 'cat', 'ron', 'pol', 'swe', 'dan', 'nob', 'tur', 'ind'];

const EN_FUNCTION = new Set(
  'the a an and or but of to in on at for with is are was were be been it this that i you my me we your have has do does did not what how why which can will would should if so just im its dont'.split(' '),
);

const WORD = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}+/gu;
const NON_ASCII = /[\u0080-\uffff]/;

/** Lower case, accents removed (NFKD without combining marks): "Pérdida" → "perdida". */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize('NFKD').replace(MARKS, '') : lower;
}

/** Folded words of the last `maxChars` characters. */
export function foldedWords(text: string, maxChars = 4000): string[] {
  const src = text.length > maxChars ? text.slice(-maxChars) : text;
  return fold(src).match(WORD) ?? [];
}

/**
 * The language of a text. English is recognised without the trigram model
 * when at least a fifth of its words are English function words; anything
 * else goes to franc (restricted to a few candidates). Short or unknown text
 * is 'en' when ASCII (the default audience), else 'other'.
 */
export function detectLanguage(text: string, maxChars = 1500): Lang {
  const src = text.length > maxChars ? text.slice(-maxChars) : text;
  const ws = src.toLowerCase().match(WORD);
  if (!ws || ws.length === 0) return 'en';
  let en = 0;
  for (const w of ws) if (EN_FUNCTION.has(w)) en++;
  if (en * 5 >= ws.length && en >= 1) return 'en';
  if (ws.length < 3) return NON_ASCII.test(src) ? 'other' : 'en';
  const code = franc(src, { only: FRANC_ONLY, minLength: 10 });
  return FRANC[code] ?? (code === 'und' && !NON_ASCII.test(src) ? 'en' : 'other');
}

const stemmers = new Map<Lang, SnowballStemmer>();
const caches = new Map<Lang, Map<string, string>>();

/** The Snowball stem of a folded word in a language ('other' keeps the word). Cached. */
export function stemIn(lang: Lang, w: string): string {
  if (lang === 'other' || w.length <= 2) return w;
  let cache = caches.get(lang);
  if (!cache) caches.set(lang, (cache = new Map()));
  const hit = cache.get(w);
  if (hit !== undefined) return hit;
  let s = stemmers.get(lang);
  if (!s) stemmers.set(lang, (s = snowball.newStemmer(SNOWBALL_NAMES[lang])));
  const out = fold(s.stem(w));
  if (cache.size > 50_000) cache.clear();
  cache.set(w, out);
  return out;
}

/** Folded, stemmed words of a text in a language. */
export const stemsIn = (lang: Lang, text: string, maxChars = 4000): string[] => foldedWords(text, maxChars).map((w) => stemIn(lang, w));
