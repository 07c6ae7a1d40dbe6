import { fold, LANGS, stemIn, type Lang } from '../../lib/lang.js';
import type { SafetyCategory } from './categories.js';

/**
 * Phrases and patterns that on their own put a conversation in a sensitive
 * category, in English, Spanish, German, French and Portuguese. General
 * vocabulary of each topic, written for Orbit (no evaluation item): the
 * linear model (model.ts) covers paraphrase beyond them. Phrases are matched
 * on Snowball stems of accent-folded words, so inflections meet ("suicidal",
 * "died", "fallecido"); patterns on the folded text (ages and school years,
 * where numbers matter).
 */
type Phrases = Partial<Record<Exclude<Lang, 'other'>, string>>;

const PHRASES: Record<SafetyCategory, Phrases> = {
  'self-harm': {
    en: 'suicide, suicidal, kill myself, killing myself, end my life, ending my life, take my own life, want to die, wanna die, better off dead, better off without me, self harm, self-harm, cut myself, cutting myself, hurt myself on purpose, no reason to live, not want to live, dont want to live anymore, end it all, disappear forever, goodbye letter, not wake up again',
    es: 'suicidio, suicidarme, quitarme la vida, matarme, no quiero vivir, quiero morir, me corto, autolesión, mejor sin mí',
    de: 'selbstmord, suizid, mich umbringen, mir das leben nehmen, nicht mehr leben, will sterben, ritze mich, selbstverletzung, besser ohne mich',
    fr: 'suicide, me suicider, me tuer, en finir, envie de mourir, ne veux plus vivre, me scarifier, automutilation, mieux sans moi',
    pt: 'suicídio, me matar, tirar minha vida, não quero mais viver, quero morrer, me corto, automutilação, melhor sem mim',
  },
  'death-grief': {
    en: 'passed away, funeral, eulogy, grieving, grief, bereavement, bereaved, condolences, my late husband, my late wife, died suddenly, memorial service, burial',
    es: 'falleció, fallecimiento, funeral, velorio, luto, duelo, murió, entierro',
    de: 'gestorben, verstorben, beerdigung, trauerfeier, trauer, todesfall, beileid',
    fr: 'décédé, décédée, décès, obsèques, funérailles, enterrement, deuil, condoléances',
    pt: 'faleceu, falecimento, velório, enterro, luto, morreu, funeral',
  },
  'medical-crisis': {
    en: 'heart attack, chest pain, having a stroke, stroke symptoms, cant breathe, cannot breathe, not breathing, unconscious, anaphylaxis, anaphylactic, seizure, call 911, call an ambulance, emergency room, intensive care, terminal cancer, stage 4, stage iv, metastatic, chemotherapy, coughing up blood, overdose, overdosed, poisoned, swallowed bleach, diagnosed with cancer, brain tumor, brain tumour, months to live',
    es: 'infarto, dolor en el pecho, derrame cerebral, no puedo respirar, inconsciente, convulsión, ambulancia, urgencias, cáncer terminal, quimioterapia, sobredosis',
    de: 'herzinfarkt, brustschmerzen, schlaganfall, kann nicht atmen, bewusstlos, krampfanfall, krankenwagen, notaufnahme, intensivstation, krebs im endstadium, chemotherapie, überdosis',
    fr: 'crise cardiaque, infarctus, douleur thoracique, avc, ne peux pas respirer, inconscient, convulsions, ambulance, urgences, cancer en phase terminale, chimiothérapie, overdose',
    pt: 'ataque cardíaco, infarto, dor no peito, derrame, não consigo respirar, inconsciente, convulsão, ambulância, pronto-socorro, câncer terminal, quimioterapia, overdose',
  },
  'pregnancy-loss': {
    en: 'miscarriage, miscarried, miscarrying, stillborn, stillbirth, lost the baby, lost our baby, no heartbeat, ectopic pregnancy, pregnancy loss',
    es: 'aborto espontáneo, perdí el bebé, perdí el embarazo, muerte fetal, embarazo ectópico',
    de: 'fehlgeburt, totgeburt, kein herzschlag, eileiterschwangerschaft, baby verloren',
    fr: 'fausse couche, mort-né, mort in utero, grossesse extra-utérine, perdu le bébé',
    pt: 'aborto espontâneo, perdi o bebê, natimorto, gravidez ectópica',
  },
  'abuse-violence': {
    en: 'abuse, abused, abusive, abusing, molest, molested, rape, raped, sexual assault, sexually assaulted, domestic violence, hits me, hit me, beats me, beat me up, threatened to kill, stalking me, being stalked, restraining order, groomed, grooming',
    es: 'abuso, abusó, maltrato, me pega, me golpea, violación, violada, agresión sexual, violencia doméstica, me acosa',
    de: 'missbrauch, missbraucht, schlägt mich, vergewaltigt, vergewaltigung, sexuelle belästigung, häusliche gewalt, stalkt mich',
    fr: 'abus, abusé, maltraitance, me frappe, me bat, violée, viol, agression sexuelle, violence conjugale, me harcèle',
    pt: 'abuso, abusada, abusado, me bate, estupro, estuprada, violência doméstica, agressão sexual, me persegue',
  },
  minors: {
    en: 'middle school, elementary school, my homework, book report, my teacher said, my mom wont let me, my parents wont let me, grounded me',
    es: 'mis deberes, mi tarea del cole, mi profe, mis padres no me dejan',
    de: 'meine hausaufgaben, meine lehrerin, mein lehrer, meine eltern erlauben mir',
    fr: 'mes devoirs, ma maîtresse, mon prof, au collège, mes parents ne veulent pas',
    pt: 'meu dever de casa, minha professora, meus pais não deixam',
  },
  'eating-disorder': {
    en: 'anorexia, anorexic, bulimia, bulimic, purge, purging, binge and purge, make myself throw up, make myself vomit, starve myself, starving myself, pro ana, thinspo, thinspiration, hide not eating, skip meals without',
    es: 'anorexia, bulimia, vomitar después de comer, dejar de comer, provocarme el vómito',
    de: 'magersucht, bulimie, essstörung, nach dem essen erbrechen, hungern um abzunehmen',
    fr: 'anorexie, boulimie, trouble alimentaire, me faire vomir, arrêter de manger',
    pt: 'anorexia, bulimia, transtorno alimentar, vomitar depois de comer, parar de comer',
  },
  addiction: {
    en: 'addicted, addiction, relapse, relapsed, withdrawal symptoms, gambling problem, cant stop gambling, cant stop drinking, rehab, heroin, meth, fentanyl, opioid addiction, alcoholic, sober for, clean for',
    es: 'adicto, adicta, adicción, recaída, no puedo dejar de beber, ludopatía, heroína',
    de: 'süchtig, sucht, rückfall, spielsucht, entzug, alkoholiker, heroin',
    fr: 'accro, addiction, dépendance, rechute, alcoolique, sevrage, héroïne',
    pt: 'viciado, viciada, vício, recaída, dependência química, alcoólatra, abstinência, heroína',
  },
  'legal-trouble': {
    en: 'arrested, got arrested, deported, deportation, removal order, charged with, criminal charges, court date, jail, prison, probation, parole, dui, dwi, warrant for my arrest, overstayed my visa, undocumented, asylum, detained by, public defender, plead guilty',
    es: 'arrestado, detenido, deportado, deportación, juicio penal, cárcel, prisión, libertad condicional, sin papeles, asilo',
    de: 'festgenommen, verhaftet, abschiebung, abgeschoben, strafanzeige, gefängnis, bewährung, gerichtstermin, asyl',
    fr: 'arrêté par la police, garde à vue, expulsé, expulsion du territoire, casier judiciaire, prison, sans papiers, asile, tribunal correctionnel',
    pt: 'preso, detido, deportado, deportação, processo criminal, cadeia, prisão, liberdade condicional, asilo',
  },
  'financial-distress': {
    en: 'evicted, eviction notice, foreclosure, bankrupt, bankruptcy, debt collectors, cant afford food, cant pay rent, cant afford rent, repossessed, drowning in debt, no money for food',
    es: 'desahucio, desahuciar, bancarrota, quiebra, ahogado en deudas, no puedo pagar el alquiler',
    de: 'zwangsräumung, insolvenz, privatinsolvenz, überschuldet, pleite, inkasso, kann die miete nicht',
    fr: 'expulsé de mon logement, surendetté, surendettement, faillite, huissier, ne peux plus payer mon loyer',
    pt: 'despejo, despejado, falência, endividado, afogado em dívidas, não consigo pagar o aluguel',
  },
  adult: {
    en: 'porn, porno, pornography, nude, nudes, naked pics, explicit sex, sex scene, escort, onlyfans, hentai, xxx, erotic story, sexting',
    es: 'porno, pornografía, desnudos, sexo explícito, escort, erótico',
    de: 'porno, pornos, nacktbilder, expliziter sex, sexszene, escort, erotisch',
    fr: 'porno, pornographie, nudes, sexe explicite, scène de sexe, escort, érotique',
    pt: 'pornô, pornografia, nudes, sexo explícito, cena de sexo, acompanhante, erótico',
  },
  hate: {
    en: 'racial slur, slurs, inferior race, white power, heil hitler, ethnic cleansing, subhuman, go back to your country',
    es: 'raza inferior, limpieza étnica, subhumanos',
    de: 'ausländer raus, rassenhass, minderwertige rasse, untermenschen',
    fr: 'race inférieure, sous-hommes, purification ethnique',
    pt: 'raça inferior, limpeza étnica, sub-humanos',
  },
};

/**
 * Patterns on folded text: the user saying they are a child (an age, a
 * school year), or eating far too little. First person only: a parent
 * shopping for a child is not a minor.
 */
const NUM_CHILD = '(?:[6-9]|1[0-5]|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen)';
const GRADE = '(?:[1-9]|1[0-2])(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth';
const PATTERNS: Record<SafetyCategory, RegExp[]> = {
  minors: [
    new RegExp(
      `\\b(?:i'?m|i am)\\s+(?:only\\s+|just\\s+)?${NUM_CHILD}(?:\\s*(?:years?\\s+old|yo|y/o|yrs?\\s+old))?(?![\\w%])(?!\\s*(?:weeks|months|days|hours|minutes|kg|lbs?|pounds|percent|miles|km|k\\b|feet|ft|inches|cm|dollars|\\$|am\\b|pm\\b|o'?clock))`,
    ),
    new RegExp(`\\b(?:i'?m|i am)\\s+(?:in\\s+)?(?:the\\s+)?(?:${GRADE})\\s*[- ]?grade\\b(?!\\s*(?:teacher|students))`),
    new RegExp(
      `\\bmy\\s+(?:${GRADE})\\s*[- ]?grade\\s+(?:homework|book report|report|essay|project|class|science|math|teacher said)`,
    ),
    /\b(?:i'?m|i am)\s+in\s+year\s+(?:[3-9]|10|11)\b/,
    /\b(?:i'?m|i am)\s+(?:a\s+)?(?:freshman|sophomore)\s+in\s+high\s+school\b/,
    /\b(?:i'?m|i am)\s+in\s+(?:middle|elementary|primary|junior high)\s+school\b/,
    /\btengo\s+(?:[6-9]|1[0-5])\s+anos\b/,
    /\b(?:estoy|voy)\s+en\s+(?:[1-6]o?|primero|segundo|tercero|cuarto|quinto|sexto)\s+(?:de\s+)?(?:primaria|la eso|secundaria|eso)\b/,
    /\bich\s+bin\s+(?:[6-9]|1[0-5])(?:\s+jahre(?:\s+alt)?)?\b(?!\s*(?:wochen|monate|tage|kilo|prozent|%))/,
    /\b(?:in\s+der|in\s+die)\s+(?:[1-9]|10)\.?\s+klasse\b/,
    /\bj'?ai\s+(?:[6-9]|1[0-5])\s+ans\b/,
    /\bje\s+suis\s+en\s+(?:6e|5e|4e|3e|6eme|5eme|4eme|3eme|sixieme|cinquieme|quatrieme|troisieme|cm1|cm2|ce1|ce2)\b/,
    /\btenho\s+(?:[6-9]|1[0-5])\s+anos\b/,
    /\bestou\s+no\s+(?:[1-9]o?|sexto|setimo|oitavo|nono)\s+ano\b/,
  ],
  'eating-disorder': [
    /\b(?:eat|eating|under|only|below)\s+(?:[1-7]\d\d|[1-9]\d)\s*(?:cal|kcal|calories)\b/,
    /\b(?:comer|como)\s+(?:menos de\s+)?[1-7]\d\d\s+calorias\b/,
  ],
  'self-harm': [],
  'death-grief': [
    /\bmy\s+(?:\w+\s+){0,2}(?:mom|mum|mother|dad|father|wife|husband|son|daughter|brother|sister|child|baby|partner|boyfriend|girlfriend|friend|grandma|grandpa|grandmother|grandfather|uncle|aunt|cousin|fiance|fiancee)\s+(?:just\s+|suddenly\s+|recently\s+)?(?:died|passed|was killed|is dead|has died)\b/,
    /\b(?:lost|losing)\s+my\s+(?:mom|mum|mother|dad|father|wife|husband|son|daughter|brother|sister|child|baby|partner|best friend|grandma|grandpa|grandmother|grandfather)\b(?!\s+(?:phone|keys|wallet|job|bag|luggage))/,
  ],
  'medical-crisis': [],
  'pregnancy-loss': [],
  'abuse-violence': [],
  addiction: [],
  'legal-trouble': [],
  'financial-distress': [],
  adult: [],
  hate: [],
};

/** A token trie over phrase stems: each node the phrases continuing with a stem, and the category of the phrase ending there. */
interface TrieNode {
  next: Map<string, TrieNode> | null;
  category: SafetyCategory | null;
}

const tries = new Map<Lang, TrieNode>();

/** One trie of every category's phrases in a language (compiled on first use). */
function trieOf(lang: Exclude<Lang, 'other'>): TrieNode {
  let root = tries.get(lang);
  if (root) return root;
  root = { next: new Map(), category: null };
  for (const [cat, phrases] of Object.entries(PHRASES) as [SafetyCategory, Phrases][]) {
    const list = phrases[lang];
    if (!list) continue;
    for (const p of list.split(',')) {
      const ws = fold(p.replace(/[’']/g, '')).match(/[\p{L}\p{N}]+/gu);
      if (!ws) continue;
      let node = root;
      for (const w of ws) {
        const s = stemIn(lang, w);
        node.next ??= new Map();
        let child = node.next.get(s);
        if (!child) node.next.set(s, (child = { next: null, category: null }));
        node = child;
      }
      node.category ??= cat;
    }
  }
  tries.set(lang, root);
  return root;
}

/** The first phrase of a trie found in a list of stems (leftmost, then longest), or null. */
function findPhrase(root: TrieNode, stems: readonly string[]): SafetyCategory | null {
  const top = root.next!;
  for (let i = 0; i < stems.length; i++) {
    let node = top.get(stems[i]);
    let found: SafetyCategory | null = null;
    for (let j = i + 1; node; j++) {
      if (node.category) found = node.category;
      if (!node.next || j >= stems.length) break;
      node = node.next.get(stems[j]);
    }
    if (found) return found;
  }
  return null;
}

export interface LexiconHit {
  category: SafetyCategory;
  /** What kind of entry matched, safe to record: "phrase:<lang>" or "pattern" (never the conversation's words). */
  kind: string;
}

/**
 * The first category a lexicon phrase or pattern of the language (and of
 * English: conversations mix) finds in the text, or null. `folded` is the
 * text folded (`fold`), `stemsBy(lang)` its words stemmed in that language.
 * Phrases of all categories are one token trie per language: one pass over the stems.
 */
export function lexiconHit(
  folded: string,
  lang: Lang,
  stemsBy: (l: Exclude<Lang, 'other'>) => readonly string[],
): LexiconHit | null {
  const langs: Exclude<Lang, 'other'>[] = lang === 'en' || lang === 'other' ? ['en'] : [lang, 'en'];
  for (const l of langs) {
    const category = findPhrase(trieOf(l), stemsBy(l));
    if (category) return { category, kind: `phrase:${l}` };
  }
  const text = folded.replace(/[’`]/g, "'");
  for (const [cat, pattern] of COMBINED) if (pattern.test(text)) return { category: cat, kind: 'pattern' };
  return null;
}

/** Each category's patterns as one alternation: one pass over the text per category. */
const COMBINED: [SafetyCategory, RegExp][] = (Object.entries(PATTERNS) as [SafetyCategory, RegExp[]][])
  .filter(([, pats]) => pats.length > 0)
  .map(([cat, pats]) => [cat, new RegExp(pats.map((p) => `(?:${p.source})`).join('|'))]);

/** Every language the lexicons cover (for tests and the trainer). */
export const LEXICON_LANGS = LANGS;
