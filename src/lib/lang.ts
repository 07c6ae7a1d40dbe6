import { createRequire } from 'node:module';
import { franc } from 'franc-min';
import { Memo } from './memo.js';
import { isNumber, NON_ASCII } from './text.js';

/**
 * Languages of a conversation and their words: detection (`franc-min`, with a
 * cheap English pre-check so most requests never run the trigram model),
 * accent folding and Snowball stemming (`snowball-stemmers`) for English,
 * Spanish, German, French, Portuguese, Italian and Dutch — the languages the
 * brand-safety lexicons and model cover. Stems are cached (bounded).
 */
export type Lang = 'en' | 'es' | 'de' | 'fr' | 'pt' | 'it' | 'nl' | 'other';
export const LANGS: readonly Exclude<Lang, 'other'>[] = ['en', 'es', 'de', 'fr', 'pt', 'it', 'nl'];

interface SnowballStemmer {
  stem(w: string): string;
}
const snowball = createRequire(import.meta.url)('snowball-stemmers') as { newStemmer(name: string): SnowballStemmer };
const SNOWBALL_NAMES: Record<Exclude<Lang, 'other'>, string> = {
  en: 'english',
  es: 'spanish',
  de: 'german',
  fr: 'french',
  pt: 'portuguese',
  it: 'italian',
  nl: 'dutch',
};
const FRANC: Record<string, Lang> = { eng: 'en', spa: 'es', deu: 'de', fra: 'fr', por: 'pt', ita: 'it', nld: 'nl' };
/** franc's candidates: the covered languages plus close neighbours, so Catalan or Romanian are not forced into one of them. */
const FRANC_ONLY = [
  'eng',
  'spa',
  'deu',
  'fra',
  'por',
  'nld',
  'ita',
  'cat',
  'ron',
  'pol',
  'swe',
  'dan',
  'nob',
  'tur',
  'ind',
];

/**
 * Common function words of each language (lower case, accents kept): most
 * texts are recognised by counting them, without the trigram model. A word
 * several languages share counts for each.
 */
const FUNCTION_WORDS: Record<Exclude<Lang, 'other'>, string> = {
  en: 'the and is are was were of to in for with from about what how why who where when which my you it this that these those can do does did should could would will be been have has had on at by not or but we our us your they their them he she his her an if so just im dont i me there here some any all more most much many very than then also get give tell write make find need want like',
  es: 'el la los las y es en por para con que qué cómo mi mis un una unos del al se no lo le me pero más muy está estoy son hay tengo como cuál dónde cuándo quién su sus yo quiero necesito puedo también sin cuando todos ya de tu',
  de: 'der die das und ist ich nicht ein eine einen mit für auf zu den dem des es sie wir mein meine wie was wer wo kann auch oder aber bei von im am an sind habe hat wird wurde sich nach noch schon sehr gibt kein keine mehr zum zur beim gegen mich mir du',
  fr: 'le la les et est un une des du de je pour avec dans sur pas que qui mon ma mes ce cette il elle nous vous au aux ou mais comment quel quelle quels suis ai où très sans tout ne tu',
  pt: 'o a os as e é um uma do da dos das de em no na nos nas para com que não meu minha eu você vocês se por mais como qual estou tenho preciso isso também quem sem quando onde todo muito ele ela',
  it: 'il lo la i gli le e è di da in con su per tra che non un una uno del della dei degli delle al alla ai nel nella mi mio mia miei sono ho ha hanno come cosa perché quando dove chi anche ma più molto questo questa quello io tu lui lei noi voi ci si sto voglio posso devo qualcosa',
  nl: 'de het een en is was van op met voor te niet ik je jij mijn wat hoe waarom wie waar wanneer welke dat die dit deze er zijn heb heeft hebben kan wil moet ook maar naar bij om als nog al geen meer zo uit door ben hij zij we wij mij me',
};
const FUNCTION_LANGS = new Map<string, Exclude<Lang, 'other'>[]>();
const LANG_INDEX = Object.fromEntries(LANGS.map((l, i) => [l, i])) as Record<Exclude<Lang, 'other'>, number>;

/** The common function words of a language (lower case, accents kept). */
export const functionWords = (lang: Lang): readonly string[] =>
  lang === 'other' ? [] : FUNCTION_WORDS[lang].split(' ');

/** Whether a lowercase word is a common function word of a language ("de", "la", "für"). */
export const isFunctionWord = (lang: Lang, w: string): boolean =>
  FUNCTION_LANGS.get(w)?.includes(lang as Exclude<Lang, 'other'>) ?? false;
for (const [l, list] of Object.entries(FUNCTION_WORDS) as [Exclude<Lang, 'other'>, string][]) {
  for (const w of list.split(' ')) FUNCTION_LANGS.set(w, [...(FUNCTION_LANGS.get(w) ?? []), l]);
}

/** Function words per language (LANGS order) while `detectLanguage` counts them (one call at a time: synchronous). */
const langCounts = new Int32Array(LANGS.length);

const WORD = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}+/gu;

/** Lower case, accents removed (NFKD without combining marks): "Pérdida" → "perdida". */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize('NFKD').replace(MARKS, '') : lower;
}

/** A lowercase word folded (accents removed); ASCII words are returned as they are. */
export const foldWord = (w: string): string => (NON_ASCII.test(w) ? w.normalize('NFKD').replace(MARKS, '') : w);

/** Folded words of the last `maxChars` characters. */
export function foldedWords(text: string, maxChars = 4000): string[] {
  const src = text.length > maxChars ? text.slice(-maxChars) : text;
  return fold(src).match(WORD) ?? [];
}

/**
 * The language of a text. Function words decide when one language clearly
 * leads (at least two of its words and twice the next language's count);
 * otherwise ASCII text is 'en' (the default audience) unless another
 * language has more function words, and franc (trigrams, restricted to a
 * few candidates) decides the rest.
 * `lowerWords`, when given, are the text's lowercase words (already split); `ascii`, whether the text is all ASCII.
 */
export function detectLanguage(text: string, maxChars = 1500, lowerWords?: readonly string[], ascii?: boolean): Lang {
  const src = text.length > maxChars ? text.slice(-maxChars) : text;
  const ws = lowerWords ?? src.toLowerCase().match(WORD);
  if (!ws || ws.length === 0) return 'en';
  const counts = langCounts.fill(0);
  for (const w of ws) {
    const ls = FUNCTION_LANGS.get(w);
    if (!ls) continue;
    for (const l of ls) counts[LANG_INDEX[l]]++;
  }
  const en = counts[0];
  let others = 0;
  for (let i = 1; i < counts.length; i++) if (counts[i] > others) others = counts[i];
  // The leading language (the first in LANGS order on a tie) and the most words any other language has.
  let lead = 0;
  for (let i = 1; i < counts.length; i++) if (counts[i] > counts[lead]) lead = i;
  let second = 0;
  for (let i = 0; i < counts.length; i++) if (i !== lead && counts[i] > second) second = counts[i];
  const top = counts[lead];
  if (top >= 2 && top >= 2 * second) return LANGS[lead];
  // The caller's answer holds for the text read only when it is the whole text.
  const isAscii = ascii !== undefined && src === text ? ascii : !NON_ASCII.test(src);
  // ASCII text is English unless another language has more function words.
  if (isAscii && en >= others) return 'en';
  if (ws.length < 3) return isAscii ? 'en' : 'other';
  const code = franc(src, { only: FRANC_ONLY, minLength: 10 });
  return FRANC[code] ?? (code === 'und' && isAscii ? 'en' : 'other');
}

const stemmers = new Map<Lang, { memo: Memo<string>; stem: (w: string) => string }>();

/** The Snowball stem of a folded word in a language ('other' keeps the word; so do numbers). Memoised. */
export function stemIn(lang: Lang, w: string): string {
  if (lang === 'other' || w.length <= 2 || isNumber(w)) return w;
  let s = stemmers.get(lang);
  if (!s) {
    const snow = snowball.newStemmer(SNOWBALL_NAMES[lang]);
    stemmers.set(lang, (s = { memo: new Memo<string>(50_000), stem: (x) => fold(snow.stem(x)) }));
  }
  return s.memo.get(w, s.stem);
}

/** Folded, stemmed words of a text in a language. */
export const stemsIn = (lang: Lang, text: string, maxChars = 4000): string[] =>
  foldedWords(text, maxChars).map((w) => stemIn(lang, w));
