import { isFunctionWord, type Lang } from '../../lib/lang.js';

/**
 * How the offline text models (model.ts) read a folded word before it gives features: skipped (no topic; breaks
 * adjacent pairs), dropped (a function word outside English; pairs join across it), a negation (opens a scope of
 * NEGATION_SCOPE negated words, with or without its own features) or content. One home for the trainer and serving.
 */

/** Words of a feature set that carry no topic (kept out of pairs and features), contraction ends included ("i'm", "it's"). */
const SKIP = new Set([
  's',
  'm',
  've',
  'll',
  're',
  'd',
  'don',
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'to',
  'in',
  'on',
  'at',
  'is',
  'it',
]);
/**
 * Articles and conjunctions of the other languages, skipped outside English only: English "die" is a content word
 * (it was skipped as the German article, so "i want to die" lost its one telling word).
 */
const SKIP_FOREIGN = new Set(['de', 'la', 'le', 'el', 'y', 'et', 'e', 'und', 'der', 'die', 'das', 'o', 'um', 'uma']);

/**
 * Words that negate what follows, in every covered language (folded; "t" is the
 * end of "don't", "can't"). The next NEGATION_SCOPE content words are read as
 * negated too: "i don't want to live" and "i want to live" share words, not these features.
 */
const NEGATIONS = new Set(
  (
    'not no never nothing nobody nor without t cant dont wont ' +
    'nunca nada nadie sin ni jamas ' +
    'nicht kein keine keinen keiner nie niemals nichts niemand ohne ' +
    'pas jamais rien personne sans ' +
    'nao nenhum nenhuma ninguem sem ' +
    'non mai niente nulla nessuno senza ' +
    'niet geen nooit niets niemand zonder'
  ).split(' '),
);
export const NEGATION_SCOPE = 3;

/** How `visitWords` (model.ts) reads a word: a negation (with or without its own features), skipped (breaks pairs), dropped, or content. */
export const CONTENT = 0;
export const NEGATION = 1;
export const NEGATION_WORD = 2;
export const SKIPPED = 3;
export const DROPPED = 4;
export function wordKind(w: string, lang: Lang, dropFunctionWords: boolean): number {
  if (NEGATIONS.has(w))
    return w.length > 1 && !(dropFunctionWords && isFunctionWord(lang, w)) ? NEGATION_WORD : NEGATION;
  if (SKIP.has(w) || (lang !== 'en' && SKIP_FOREIGN.has(w))) return SKIPPED;
  return dropFunctionWords && isFunctionWord(lang, w) ? DROPPED : CONTENT;
}
