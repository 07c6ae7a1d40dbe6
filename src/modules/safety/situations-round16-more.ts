import type { SafetyCategory } from './categories.js';
import { OWN, framed, type ByLang, type L } from './situation-frames.js';
import { gated } from './situation-gates.js';

/**
 * More of the situation detector's third round (record 0036 round 16; situations-round16.ts is at the file limit):
 * classes found on an own probe set of sentences (no evaluation item), each behind a literal prefilter —
 *   - death-grief: a close person who fell asleep and did not wake up (seven languages);
 *   - medical-crisis: a tumour or cancer said to be inoperable;
 *   - legal-trouble: the user accused of or charged with a named offence;
 *   - financial-distress: bailiffs or the repo man coming, money owed to a loan shark;
 *   - minors: "my friends and I are in year 8 / 8th grade" (the speaker among friends);
 *   - self-harm: a rope or belt "to hold my weight" beside being done with life.
 */

/** A class's lists in the languages it has; the other languages read none (their turns read English's too). */
export const some = (lists: Partial<ByLang>): ByLang => ({
  en: [],
  es: [],
  de: [],
  fr: [],
  pt: [],
  it: [],
  nl: [],
  ...lists,
});
const own = (l: L, events: string): string => framed(OWN[l], events);

const ASLEEP = some({
  en: [
    gated(
      'wake|woke',
      own(
        'en',
        "(?:fell asleep|went to sleep|went to bed)(?:\\s+[\\w']+){0,3}?\\s+and\\s+(?:never|did ?n'?t|did not)\\s+(?:wake|woke)\\s+up",
      ),
    ),
  ],
  es: [gated('despert', own('es', 'se\\s+(?:durmio|acosto)\\s+y\\s+(?:ya\\s+)?no\\s+(?:se\\s+)?desperto'))],
  de: [
    gated(
      'aufgewacht',
      own('de', '(?:ist|war)\\s+(?:\\w+\\s+){0,3}eingeschlafen\\s+und\\s+nicht\\s+mehr\\s+aufgewacht'),
    ),
  ],
  fr: [gated('reveille', own('fr', "s'est\\s+endormie?\\s+et\\s+ne\\s+s'est\\s+(?:pas|jamais)\\s+reveillee?"))],
  pt: [gated('acordou', own('pt', '(?:dormiu|foi dormir)\\s+e\\s+(?:nao|nunca mais)\\s+acordou'))],
  it: [gated('svegliat', own('it', 'si\\s+e\\s+addormentat[oa]\\s+e\\s+non\\s+si\\s+e\\s+piu\\s+svegliat[oa]'))],
  nl: [
    gated('wakker', own('nl', '(?:is|was)\\s+(?:\\w+\\s+){0,3}ingeslapen\\s+en\\s+niet\\s+meer\\s+wakker\\s+geworden')),
  ],
});

const INOPERABLE = some({
  en: [gated('inoperable', '\\b(?:tumou?r|cancer|mass|growth)\\b[^.?!;]{0,40}\\binoperable\\b')],
  es: [gated('inoperable', '\\b(?:tumor|cancer)\\b[^.?!;]{0,40}\\binoperable\\b')],
  de: [gated('inoperabel', '\\b(?:tumor|krebs)\\b[^.?!;]{0,40}\\binoperabel\\b')],
  fr: [gated('inoperable', '\\b(?:tumeur|cancer)\\b[^.?!;]{0,40}\\binoperable\\b')],
  pt: [gated('inoperavel', '\\b(?:tumor|cancer)\\b[^.?!;]{0,40}\\binoperavel\\b')],
  it: [gated('inoperabile', '\\b(?:tumore|cancro)\\b[^.?!;]{0,40}\\binoperabile\\b')],
  nl: [gated('inoperabel', '\\b(?:tumor|kanker)\\b[^.?!;]{0,40}\\binoperabel\\b')],
});

const ACCUSED = some({
  en: [
    gated(
      'accused|charged|they say i|they claim i',
      "\\b(?:i'?m|i am|i was|i've been|i have been|i got|been)\\s+(?:\\w+\\s+)?(?:accused of|charged with)\\s+(?:\\w+\\s+){0,2}(?:stealing|theft|fraud|assault|embezzl\\w*|shoplifting|dealing|battery|harassment|burglary|robbery)\\b|\\b(?:they say|they claim|they're saying)\\s+i\\s+(?:stole|took money|hit|assaulted|embezzled)\\b(?=[^.?!;]{0,80}\\b(?:hearing|court|police|charges?|trial|lawyer|fired)\\b|(?<=\\b(?:hearing|court|police|charges?|trial|lawyer)\\b[^.?!;]{0,80}))",
    ),
  ],
  es: [
    gated(
      'acus',
      '\\bme\\s+(?:han\\s+)?acusad[oa]\\s+de\\s+(?:robar|robo|fraude|agresion|estafa)\\b|\\bme\\s+acusan\\s+de\\s+(?:robar|robo|fraude|agresion|estafa)\\b',
    ),
  ],
  de: [
    gated(
      'beschuldigt|vorgeworfen',
      '\\bich\\s+(?:werde|wurde|bin)\\s+(?:des\\s+)?(?:diebstahls|betrugs)\\s+beschuldigt\\b|\\bmir\\s+wird\\s+(?:diebstahl|betrug|korperverletzung)\\s+vorgeworfen\\b',
    ),
  ],
  fr: [
    gated(
      'accuse',
      "\\bje\\s+suis\\s+accusee?\\s+de\\s+(?:vol|fraude|violences|agression)\\b|\\bon\\s+m'accuse\\s+(?:de\\s+)?(?:vol|d'avoir vole|de fraude)\\b",
    ),
  ],
  pt: [gated('acusad', '\\b(?:fui|estou sendo)\\s+acusad[oa]\\s+de\\s+(?:roubo|roubar|furto|fraude|agressao)\\b')],
  it: [gated('accusat', '\\bsono\\s+(?:stat[oa]\\s+)?accusat[oa]\\s+di\\s+(?:furto|frode|aggressione|rubare)\\b')],
  nl: [gated('beschuldigd', '\\bik\\s+(?:word|ben)\\s+beschuldigd\\s+van\\s+(?:diefstal|fraude|mishandeling)\\b')],
});

const COLLECTORS = some({
  en: [
    gated(
      'bailiff|repo|loan shark',
      "\\b(?:the\\s+)?(?:bailiffs?|repo (?:man|men|guys?|company|truck))\\s+(?:is|are|were|'s|'re)\\s+(?:coming|due|here|outside)\\b|\\b(?:owe|borrowed from|paying back|pay back)\\s+(?:\\w+\\s+){0,3}(?:a|the|this)\\s+loan\\s*sharks?\\b",
    ),
  ],
  es: [gated('embarg', '\\b(?:vienen|van a venir)\\s+a\\s+embargar(?:nos|me)?\\b')],
  de: [gated('gerichtsvollzieher', '\\b(?:der|ein)\\s+gerichtsvollzieher\\s+(?:kommt|war da|steht vor der tur)\\b')],
  fr: [gated('huissier', "\\bl'huissier\\s+(?:vient|passe|arrive|est passe)\\b")],
  pt: [gated('oficial de justica', '\\b(?:o\\s+)?oficial de justica\\s+(?:vem|vai vir|veio)\\b')],
  it: [gated('ufficiale giudiziario', "\\bl'ufficiale giudiziario\\s+(?:viene|arriva|e passato)\\b")],
  nl: [gated('deurwaarder', '\\bde\\s+deurwaarder\\s+(?:komt|staat|kwam)\\b')],
});

const AMONG_FRIENDS = some({
  en: [
    gated(
      'grade|year',
      '\\b(?:my (?:mates|friends|friend)|me)\\s+(?:and|n|&)\\s+(?:i|me|my (?:mates|friends))\\s+(?:are|r)\\s+(?:in\\s+)?(?:(?:5th|6th|7th|8th|9th)\\s+grade|year\\s+(?:6|7|8|9|10))\\b',
    ),
  ],
});

const MEANS = some({
  en: [
    gated(
      'weight & done|end it|no point|goodbye|anymore|over with',
      "\\b(?:rope|belt|cord|beam|hook)\\b[^.?!;]{0,50}\\b(?:hold|take|support|carry)\\s+my\\s+(?:weight|body)\\b[^]{0,120}?\\b(?:i'?m done(?=\\s*(?:[.!,;]|$))|done with (?:everything|it all|life)|end it|no point|goodbye|can'?t do this anymore|get it over with)\\b",
    ),
  ],
});

/** This file's classes (situations-round16.ts adds them to its own). */
export const ROUND16_MORE_CLASSES: [SafetyCategory, ByLang[]][] = [
  ['death-grief', [ASLEEP]],
  ['medical-crisis', [INOPERABLE]],
  ['legal-trouble', [ACCUSED]],
  ['financial-distress', [COLLECTORS]],
  ['minors', [AMONG_FRIENDS]],
  ['self-harm', [MEANS]],
];
