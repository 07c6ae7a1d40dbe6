import type { Lang } from '../../lib/lang.js';
import type { SafetyCategory } from './categories.js';
import { ROUND11_PATTERNS } from './patterns-round11.js';
import { languageScan, categoryEntries, type LanguageScan } from './situation-index.js';
import { situationGate, situationPatterns } from './situations.js';

/**
 * Patterns added in record 0036 round 10 (lexicon.ts is at its size limit; lexicon.ts COMBINED reads these with its
 * own). Folded text (lowercase, no accents). General vocabulary of each class, written for Orbit (no evaluation item):
 *   - minors: a self-stated age of 13 to 17 in the same sentence as losing weight, skipping or replacing meals
 *     (weight-loss products next to a teenager who says so; an age alone stays at 6–15, lexicon.ts NUM_CHILD);
 *   - death-grief: "our …" deaths and a pet's death said plainly (the team labels a pet's death as grief), and the
 *     plain "… est mort / è morto / is dood" of the languages whose phrase lists lacked it.
 */
const TEEN_EN = String.raw`(?:1[3-7]|thirteen|fourteen|fifteen|sixteen|seventeen)`;
const DIET_EN = String.raw`(?:lose|losing|drop|dropping|shed|cut)\s+(?:\w+\s+){0,2}(?:pounds|lbs|kilos|kg|weight)\b|diet pills|skip(?:ping)?\s+meals|replac(?:e|ing)\s+(?:my\s+)?meals|meal replacements?|stop eating`;
const TEENS = String.raw`(?:1[3-7]|trece|catorce|quince|dieciseis|diecisiete|dreizehn|vierzehn|funfzehn|sechzehn|siebzehn|treize|quatorze|quinze|seize|dix-sept|treze|catorze|dezesseis|dezessete|tredici|quattordici|quindici|sedici|diciassette|dertien|veertien|vijftien|zestien|zeventien)`;
const NEAR = String.raw`[^.?!]{0,60}`;
/** Not a weight, a distance or a duration ("I'm 15 pounds over", "ich bin 15 Kilo leichter", "ik ben 15 kilo kwijt"). */
const NOT_UNIT = String.raw`(?!\s*(?:pounds|lbs?|kilos?|kg|stone|pfund|percent|prozent|%|minutes|hours|days|weeks|months|miles|km|k\b))`;
const PERSON_EN = String.raw`(?:mom|mum|mother|dad|father|wife|husband|son|daughter|brother|sister|child|baby|grandma|grandpa|grandmother|grandfather|uncle|aunt)`;
const PET_EN = String.raw`(?:dog|cat|puppy|kitten|pet|horse|pony|rabbit|bunny|parrot|hamster)`;

const ROUND10_PATTERNS: Partial<Record<SafetyCategory, RegExp[]>> = {
  minors: [
    new RegExp(
      String.raw`\b(?:i'?m|i am)\s+(?:only\s+|just\s+)?${TEEN_EN}\b${NOT_UNIT}(?:\s*(?:years?\s+old|yo|y/o))?${NEAR}\b(?:${DIET_EN})`,
    ),
    new RegExp(
      String.raw`\btengo\s+${TEENS}\s+anos\b${NEAR}\b(?:bajar|perder|adelgazar|dejar de comer|saltarme (?:las )?comidas|sustituir (?:las )?comidas)`,
    ),
    new RegExp(
      String.raw`\bich\s+bin\s+${TEENS}\b${NOT_UNIT}(?:\s+jahre(?:\s+alt)?)?${NEAR}\b(?:abnehmen|kilo|mahlzeiten (?:auslassen|ersetzen)|nichts mehr essen)`,
    ),
    new RegExp(
      String.raw`\bj'?ai\s+${TEENS}\s+ans\b${NEAR}\b(?:perdre|maigrir|sauter (?:des|les|mes) repas|arreter de manger|remplacer (?:des|les|mes) repas)`,
    ),
    new RegExp(
      String.raw`\btenho\s+${TEENS}\s+anos\b${NEAR}\b(?:perder|emagrecer|pular (?:as )?refeicoes|parar de comer|substituir (?:as )?refeicoes)`,
    ),
    new RegExp(String.raw`\bho\s+${TEENS}\s+anni\b${NEAR}\b(?:perdere|dimagrire|saltare i pasti|smettere di mangiare)`),
    new RegExp(
      String.raw`\bik\s+ben\s+${TEENS}\b${NOT_UNIT}(?:\s+jaar)?${NEAR}\b(?:afvallen|kilo kwijt|maaltijden overslaan|stoppen met eten)`,
    ),
  ],
  'death-grief': [
    new RegExp(
      String.raw`\b(?:my|our)\s+(?:\w+\s+){0,2}${PET_EN}\s+(?:just\s+|suddenly\s+|recently\s+)?(?:died|passed away|was put down|was put to sleep|is dead|has died)\b`,
    ),
    new RegExp(
      String.raw`\bour\s+(?:\w+\s+){0,2}${PERSON_EN}\s+(?:just\s+|suddenly\s+|recently\s+)?(?:died|passed|was killed|is dead|has died)\b`,
    ),
    /\b(?:mon|ma|notre)\s+(?:pere|mere|mari|femme|fils|fille|frere|soeur|bebe|grand-pere|grand-mere|papa|maman|chien|chienne|chat|chatte|chiot|cheval|lapin)\s+est\s+(?:mort|morte|decede|decedee)\b/,
    /\b(?:mio|mia|nostro|nostra)\s+(?:padre|madre|marito|moglie|figlio|figlia|fratello|sorella|nonno|nonna|cane|gatto|gatta|cavallo)\s+e\s+mort[oa]\b/,
    /\b(?:mijn|onze)\s+(?:vader|moeder|man|vrouw|zoon|dochter|broer|zus|opa|oma|hond|kat|poes|konijn|paard)\s+is\s+(?:dood|doodgegaan|gestorven)\b/,
  ],
};

/** The extra patterns of every language: round 10's and round 11's (hate). */
export const EXTRA_PATTERNS: Partial<Record<SafetyCategory, RegExp[]>> = { ...ROUND10_PATTERNS };
for (const [cat, pats] of Object.entries(ROUND11_PATTERNS) as [SafetyCategory, RegExp[]][])
  EXTRA_PATTERNS[cat] = [...(EXTRA_PATTERNS[cat] ?? []), ...pats];

/**
 * lexicon.ts PATTERNS with the extra patterns, then the situation detector's patterns of a language (situations.ts,
 * record 0036 round 13), category by category, each behind the literals it cannot match without (situation-index.ts,
 * record 0048 round 2); a category's patterns without one as one alternation (record 0047 round 14), gated ones also
 * behind their gate (situation-gates.ts).
 */
export function combinePatterns(base: Record<SafetyCategory, RegExp[]>, lang: Lang): LanguageScan {
  const literals = new Map<RegExp, string[][] | null>();
  const combined = (Object.entries(base) as [SafetyCategory, RegExp[]][])
    .map(([cat, pats]): [SafetyCategory, RegExp[]] => [cat, [...pats, ...(EXTRA_PATTERNS[cat] ?? [])]])
    .flatMap(([cat, pats]) => categoryEntries(cat, pats, () => null, literals));
  const situations = (Object.entries(situationPatterns(lang)) as [SafetyCategory, RegExp[]][]).flatMap(([cat, pats]) =>
    categoryEntries(cat, pats, situationGate, literals),
  );
  return languageScan([...combined, ...situations], literals);
}

/** A language's patterns (combinePatterns), compiled on first use. */
const combined = new Map<Lang, LanguageScan>();
export const combinedPatterns = (base: Record<SafetyCategory, RegExp[]>, lang: Lang): LanguageScan =>
  combined.get(lang) ?? combined.set(lang, combinePatterns(base, lang)).get(lang)!;
