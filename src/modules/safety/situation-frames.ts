/**
 * The personal frame of the situation detector (situations.ts, record 0036 round 13): who is in the situation — the
 * user (the first person) or a person close to them (a possessive + a relation noun, or a parent named bare) — and the
 * helper that binds an event to a frame in one clause. Seven languages, folded text (lowercase, no accents).
 */
/** How far before an event its personal frame may stand (characters, same clause). */
export const FRAME_SPAN = 80;

/** Close people (singular and plural, some diminutives), per language; pets are left to the death patterns. */
export const REL = {
  en: '(?:mom|mum|mother|dad|father|parents?|wife|husband|partner|boyfriend|girlfriend|fiance|fiancee|son|daughter|child|children|kids?|baby|brother|sister|twins?|grandma|grandpa|grandmother|grandfather|granny|nana|grandson|granddaughter|uncle|aunt|cousin|nephew|niece|stepdad|stepmom|stepfather|stepmother|best friend|friend|in-laws|mother-in-law|father-in-law|\\d+ year old)',
  es: '(?:madre|mama|padre|papa|padres|esposa|esposo|mujer|marido|pareja|novia|novio|hijo|hija|hijos|hijas|bebe|hermano|hermana|abuela|abuelo|abuelos|nieto|nieta|tio|tia|primo|prima|suegra|suegro|padrastro|madrastra|amigo|amiga|mejor amigo|mejor amiga)',
  de: '(?:mutter|mama|vater|papa|eltern|frau|mann|partner|partnerin|freundin|freund|sohn|tochter|kind|kinder|baby|bruder|schwester|oma|opa|grossmutter|großmutter|grossvater|großvater|enkel|enkelin|onkel|tante|cousin|cousine|schwiegermutter|schwiegervater|stiefvater|stiefmutter)',
  fr: '(?:mere|maman|pere|papa|parents|femme|mari|conjoint|conjointe|compagne|compagnon|copine|copain|fiance|fiancee|fils|fille|enfant|enfants|bebe|frere|soeur|grand-mere|grand-pere|mamie|papi|petit-fils|petite-fille|oncle|tante|cousin|cousine|belle-mere|beau-pere|meilleur ami|meilleure amie|ami|amie)',
  pt: '(?:mae|pai|pais|esposa|esposo|mulher|marido|namorada|namorado|filho|filha|filhos|bebe|irmao|irma|avo|neto|neta|tio|tia|primo|prima|sogra|sogro|padrasto|madrasta|melhor amigo|melhor amiga|amigo|amiga)',
  it: '(?:madre|mamma|padre|papa|genitori|moglie|marito|compagna|compagno|fidanzata|fidanzato|figlio|figlia|figli|bambino|bambina|bimbo|bimba|fratello|sorella|nonna|nonno|nipote|zio|zia|cugino|cugina|suocera|suocero|patrigno|matrigna|migliore amico|migliore amica|amico|amica)',
  nl: '(?:moeder|mama|vader|papa|ouders|vrouw|man|partner|vriendin|vriend|zoon|dochter|kind|kinderen|kindje|zoontje|dochtertje|baby|broer|zus|zusje|broertje|oma|opa|kleinzoon|kleindochter|oom|tante|neef|nicht|schoonmoeder|schoonvader|stiefvader|stiefmoeder|beste vriend|beste vriendin)',
};

/** Parents and grandparents named without a possessive, as children speak of their own ("dad is in hospital"). */
export const BARE = {
  en: '(?:mom|mum|mommy|mummy|dad|daddy|grandma|grandpa|granny|nana)',
  es: '(?:mama|papa|abuela|abuelo|abuelita|abuelito)',
  de: '(?:mama|papa|oma|opa)',
  fr: '(?:maman|papa|mamie|papi|papy)',
  pt: '(?:mamae|papai|vovo|vovozinha)',
  it: '(?:mamma|papa|nonna|nonno)',
  nl: '(?:mama|papa|oma|opa)',
};

/**
 * A possessive + (an adjective or two) + a relation ("my little brother", "mi padre", "meine Oma", "notre fils"), or a
 * parent named bare (BARE).
 */
export const OWN = {
  en: `(?:(?:my|our)\\s+(?:[\\w'-]+\\s+){0,2}${REL.en}|${BARE.en})`,
  es: `(?:(?:mi|mis|nuestro|nuestra|nuestros)\\s+(?:\\w+\\s+){0,1}${REL.es}|${BARE.es})`,
  de: `(?:(?:mein|meine|meinen|meinem|meiner|unser|unsere|unseren|unserem|unserer)\\s+(?:\\w+\\s+){0,1}${REL.de}|${BARE.de})`,
  fr: `(?:(?:mon|ma|mes|notre|nos)\\s+(?:\\w+\\s+){0,1}${REL.fr}|${BARE.fr})`,
  pt: `(?:(?:meu|minha|meus|minhas|nosso|nossa)\\s+(?:\\w+\\s+){0,1}${REL.pt}|${BARE.pt})`,
  it: `(?:(?:mio|mia|miei|mie|nostro|nostra|nostri)\\s+(?:\\w+\\s+){0,1}${REL.it}|${BARE.it})`,
  nl: `(?:(?:mijn|onze|ons)\\s+(?:\\w+\\s+){0,1}${REL.nl}|${BARE.nl})`,
};

/** The user as subject: the first person (for languages whose verbs carry it, the events below are written whole). */
export const ME = {
  en: "(?:i|i'?m|i'?ve|i'?d|we|we'?re|we'?ve)",
  es: '(?:yo|nosotros)',
  de: '(?:ich|wir)',
  fr: "(?:je|j'|nous|on)",
  pt: '(?:eu|nos)',
  it: '(?:io|noi)',
  nl: '(?:ik|wij|we)',
};

export type L = keyof typeof REL;
/** A class's patterns (regular-expression sources) per language. */
export type ByLang = Record<L, string[]>;

/**
 * An event in the same clause after a frame: the frame ends before the event starts (its object is not its frame: "I
 * hit my brother at tennis") and at most FRAME_SPAN characters before it. The lookbehind runs only where an event
 * matched and reads a bounded window back.
 */
export function framed(frame: string, events: string): string {
  return `(?:${events})\\b(?<=(?:^|[^\\w'])(?:${frame})\\b[^.?!;,]{0,${FRAME_SPAN}}(?:(?<![\\w'])|(?='))(?:${events}))`;
}
export const byRel = (l: L, events: string): string => framed(OWN[l], events);
export const byMeOrRel = (l: L, events: string): string => framed(`${ME[l]}|${OWN[l]}`, events);

/** Serious illnesses (the diagnosis itself; a cold, an allergy or a sprain is not one). */
export const ILL = {
  en: "(?:cancer|leuka?emia|lymphoma|(?:a |an? \\w+ )?(?:brain )?tumou?r|dementia|alzheimer'?s|parkinson'?s|als|multiple sclerosis|sepsis|(?:heart|kidney|liver|organ) failure|hiv|a stroke\\b(?! of)|a heart attack|a brain bleed|an aneurysm)(?! (?:insurance|screening|tests?|testing|research|awareness|charity|fundraiser|walk|run|policy|cover|coverage|scare|study|trial))",
  es: '(?:cancer|leucemia|linfoma|un tumor|demencia|alzheimer|parkinson|ela|esclerosis multiple|sepsis|insuficiencia (?:cardiaca|renal|hepatica)|vih|un ictus|un derrame|un infarto)',
  de: '(?:krebs|leukamie|lymphom|einen tumor|einen hirntumor|demenz|alzheimer|parkinson|als|multiple sklerose|ms|sepsis|herzinsuffizienz|nierenversagen|hiv|einen schlaganfall|einen herzinfarkt)',
  fr: "(?:un cancer|une leucemie|un lymphome|une tumeur|la maladie d'alzheimer|alzheimer|parkinson|la sla|une sclerose en plaques|une septicemie|une insuffisance (?:cardiaque|renale)|le vih|un avc|un infarctus|une demence)",
  pt: '(?:cancer|leucemia|linfoma|um tumor|demencia|alzheimer|parkinson|ela|esclerose multipla|sepse|insuficiencia (?:cardiaca|renal)|hiv|um avc|um infarto)',
  it: '(?:un cancro|un tumore|il cancro|leucemia|linfoma|demenza|alzheimer|parkinson|la sla|sclerosi multipla|sepsi|insufficienza (?:cardiaca|renale)|hiv|un ictus|un infarto)',
  nl: '(?:kanker|leukemie|lymfoom|een tumor|een hersentumor|dementie|alzheimer|parkinson|als|ms|multiple sclerose|sepsis|hartfalen|nierfalen|hiv|een beroerte|een hartinfarct|een herseninfarct)',
};

/** A close person other than a baby or twins: their loss is read as a pregnancy loss (PREGNANCY_LOSS, lexicon.ts). */
export const NOT_BABY = '(?<!baby|babies|bebe|bebes|kindje|twins|twin)';
export const OWN_D = Object.fromEntries(Object.entries(OWN).map(([l, f]) => [l, `${f}${NOT_BABY}`])) as typeof OWN;
export const byRelD = (l: L, events: string): string => framed(OWN_D[l], events);
