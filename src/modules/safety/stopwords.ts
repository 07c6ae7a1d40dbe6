import { stemIn, type Lang } from '../../lib/lang.js';

/**
 * Stop words of the sensitive heads, per language (folded: accents removed, as `foldedWords` gives them): personal
 * pronouns and possessives (not the reflexives "myself", "mich selbst"), articles, auxiliaries and modals, prepositions,
 * conjunctions and intensifiers. They carry a text's person and grammar, not its topic: the corpus's sensitive lines
 * are mostly first-person disclosures, so with these as features the self-harm head learned "i" (2.07) and French
 * "me" (2.79) and read "I am 16 and want a gaming headset" as self-harm (record 0036, round 12). `model.ts` gives them
 * their own feature ("f:word") that the trainer keeps out of every sensitive head; the intent head keeps them.
 * Not here: interrogatives (how, what, which: the question form is the intent head's cue), negations (`model.ts`
 * NEGATIONS), quantifiers, verbs of wanting and needing. Words a language's function-word list already drops
 * (`lib/lang.ts` FUNCTION_WORDS, outside English) stay dropped.
 */
const STOP_WORDS: Record<Exclude<Lang, 'other'>, string> = {
  en: 'i me my mine we us our ours you your yours he him his she her hers they them their theirs im ive id',
  es: 'yo me mi mis mio mia tu tus te ti ella ellos ellas nos nosotros nosotras nuestro nuestra nuestros nuestras os su sus le les se',
  de: 'ich mich mir mein meine meinen meinem meiner meines du dich dir dein deine deinen er ihn ihm sein seine seinen seinem sie ihr ihre ihren ihrem wir uns unser unsere unseren euch',
  fr: 'je j me m moi tu te t toi il elle on nous vous ils elles lui leur leurs se s mon ma mes ton ta tes son sa ses notre nos votre vos',
  pt: 'eu me mim meu minha meus minhas tu te ti voce voces ele ela eles elas nos nosso nossa nossos nossas lhe lhes se',
  it: 'io mi me mio mia miei mie tu ti te tuo tua lui lei egli ci noi ce vi voi loro si suo sua suoi sue nostro nostra',
  nl: 'ik me mij mijn jij je jou jouw u uw hij hem zij ze haar wij we ons onze jullie hun hen',
};

const SETS = new Map<Lang, Set<string>>(
  (Object.entries(STOP_WORDS) as [Exclude<Lang, 'other'>, string][]).map(([l, s]) => [l, new Set(s.split(' '))]),
);

/** Whether a folded word is a stop word of the sensitive heads in a language ('other' reads as English). */
export const isStopWord = (lang: Lang, w: string): boolean => SETS.get(lang === 'other' ? 'en' : lang)!.has(w);

/** Prefix of a stop word's own feature ("f:i"): the trainer keeps these out of the sensitive heads. */
export const STOP_FEATURE = 'f:';

/** The stems of every language's stop words (a pair of two of them is grammar: the trainer keeps it out too). */
export function stopStems(): Set<string> {
  const out = new Set<string>();
  for (const [l, set] of SETS) for (const w of set) out.add(stemIn(l, w));
  return out;
}
