import type { SafetyCategory } from './categories.js';

/**
 * Hate patterns of record 0036 round 11 (patterns-round10.ts adds them to lexicon.ts COMBINED; lexicon.ts is at its
 * size limit). Folded text (lowercase, no accents). The general forms of dehumanising speech about a group, seven
 * languages, written for Orbit (no evaluation item):
 *   - a group called pests or a disease ("they are vermin", "son una plaga", "c'est de la vermine"), read only with a
 *     second cue in the same text — the country, a neighbourhood, society, or a word for a group — so a question
 *     about rats in the attic is not hate;
 *   - "the country would be better without them" (a country, neighbourhood or society better off without "them" / "those
 *     people"; not a town or the world, which are better off without roadworks or mosquitoes);
 *   - breeding like rats or cockroaches;
 *   - a group said to be criminal, violent, lazy or inferior "by nature" / "genetically".
 */
const PESTS = [
  'vermin|rats|cockroaches|roaches|parasites|a plague|an infestation|a disease|a cancer|filth|subhuman',
  'alimanas|ratas|cucarachas|parasitos|una plaga|una peste|escoria|una infeccion|un cancer',
  'ungeziefer|ratten|kakerlaken|parasiten|eine plage|eine seuche|abschaum|ein krebsgeschwur',
  'vermine|des rats|cafards|des parasites|une plaie|une peste|racaille|un cancer',
  'vermes|ratos|baratas|parasitas|uma praga|uma peste|escoria|um cancer',
  'vermi|ratti|scarafaggi|parassiti|una piaga|una peste|feccia|un cancro',
  'ongedierte|ratten|kakkerlakken|parasieten|een plaag|een pest|tuig|uitschot|een kanker',
].join('|');
/** "They are", "those people are", "c'est de la", "son", "sind", "zijn" … before a pest word. */
const THEY_ARE = [
  "(?:they|those people|these people|all of them|their kind)\\s*(?:are|'re|re)\\s+(?:just\\s+|nothing but\\s+|like\\s+|all\\s+)?",
  '(?:son|esa gente es|esos son|todos son)\\s+(?:como\\s+)?',
  '(?:sie sind|das sind|die sind|diese leute sind)\\s+(?:wie\\s+|nur\\s+)?',
  "(?:ils sont|c'est de la|c est de la|ce sont des|ces gens sont)\\s+(?:comme\\s+)?(?:de la\\s+|des\\s+)?",
  '(?:sao|eles sao|essa gente e)\\s+(?:como\\s+)?',
  '(?:sono|quella gente e)\\s+(?:come\\s+)?(?:dei\\s+|delle\\s+)?',
  '(?:ze zijn|dat zijn|die mensen zijn)\\s+(?:als\\s+|gewoon\\s+)?',
].join('|');
const PLACES =
  'country|nation|neighbou?rhood|society|our streets|our town|our city|pais|barrio|sociedad|nacion|land|viertel|' +
  'gesellschaft|volk|pays|quartier|societe|bairro|sociedade|nacao|paese|quartiere|societa|nazione|wijk|samenleving|buurt';
const GROUPS =
  'immigrants|foreigners|refugees|migrants|muslims|jews|blacks|arabs|gypsies|inmigrantes|extranjeros|refugiados|gitanos|' +
  'musulmanes|judios|auslander|einwanderer|fluchtlinge|muslime|juden|immigres|etrangers|refugies|musulmans|juifs|arabes|' +
  'imigrantes|estrangeiros|refugiados|ciganos|muculmanos|judeus|immigrati|stranieri|profughi|zingari|musulmani|ebrei|' +
  'immigranten|buitenlanders|vluchtelingen|allochtonen|moslims|joden';
const BETTER_WITHOUT = [
  "\\b(?:country|nation|neighbou?rhood|society)\\s+(?:would|will|'d)\\s+be\\s+(?:so\\s+much\\s+|much\\s+|a lot\\s+)?better\\s+(?:off\\s+)?without\\s+(?:them|those people|these people|their kind)\\b",
  '\\b(?:pais|barrio|sociedad|nacion)\\s+(?:estaria|seria|iria|estara|sera|ira)\\s+(?:mucho\\s+)?mejor\\s+sin\\s+(?:ellos|ellas|esa gente|esos)\\b',
  '\\b(?:land|viertel|gesellschaft|volk)\\s+(?:ware|waere|ginge es|ginge)\\s+(?:viel\\s+)?besser\\s+ohne\\s+(?:sie|diese leute|die)\\b',
  '\\b(?:pays|quartier|societe|nation)\\s+(?:irait|serait|se porterait|ira|sera)\\s+(?:bien\\s+|beaucoup\\s+)?mieux\\s+sans\\s+(?:eux|elles|ces gens)\\b',
  '\\b(?:pais|bairro|sociedade|nacao)\\s+(?:seria|estaria|ficaria|sera|estara)\\s+(?:muito\\s+)?melhor\\s+sem\\s+(?:eles|elas|essa gente)\\b',
  '\\b(?:paese|quartiere|societa|nazione)\\s+(?:sarebbe|starebbe|andrebbe|sara|andra)\\s+(?:molto\\s+)?meglio\\s+senza\\s+(?:di\\s+)?(?:loro|quella gente)\\b',
  '\\b(?:land|wijk|samenleving|buurt)\\s+(?:zou|is|wordt)\\s+(?:\\w+\\s+){0,2}beter\\s+(?:af\\s+)?(?:zijn\\s+)?zonder\\s+(?:hen|ze|die mensen)\\b',
].join('|');
const BREEDING = [
  'breed(?:ing)? like (?:rats|cockroaches|roaches|vermin|flies)',
  'se reproducen como (?:ratas|cucarachas)',
  'vermehren sich wie (?:ratten|kakerlaken|ungeziefer)',
  'se reproduisent comme des (?:rats|cafards)',
  'se reproduzem como (?:ratos|baratas)',
  'si riproducono come (?:ratti|scarafaggi)',
  '(?:vermenigvuldigen|planten) zich (?:voort )?als (?:ratten|kakkerlakken)',
].join('|');
const GROUP_NOUNS =
  'ethnic group|ethnicity|that race|their race|those people|' +
  GROUPS +
  '|grupo etnico|etnia|esa raza|volksgruppe|rasse|groupe ethnique|ethnie|cette race|grupo etnico|essa raca|gruppo etnico|quella razza|etnische groep|dat ras';
const NATURE =
  'by nature|genetically|inherently|por naturaleza|geneticamente|von natur aus|genetisch|par nature|genetiquement|' +
  'por natureza|per natura|van nature';
const TRAITS =
  'criminals?|violent|lazy|stupid|inferior|dishonest|criminales?|violentos?|vagos|inferiores?|kriminell|gewalttatig|faul|' +
  'dumm|minderwertig|criminels?|violents?|paresseux|inferieurs?|criminosos?|violentos?|preguicosos?|criminali|violenti|' +
  'pigri|inferiori|crimineel|gewelddadig|lui|dom|minderwaardig';

export const ROUND11_PATTERNS: Partial<Record<SafetyCategory, RegExp[]>> = {
  hate: [
    // Both cues anywhere in the text, in one anchored pass each: linear in the text (an unanchored "PLACE … PEST"
    // form rescans the rest of the text from every place word, quadratic on a long message).
    new RegExp(`^(?=[^]*\\b(?:${THEY_ARE})(?:${PESTS})\\b)[^]*\\b(?:${PLACES}|${GROUPS})\\b`),
    new RegExp(BETTER_WITHOUT),
    new RegExp(`\\b(?:${BREEDING})\\b`),
    new RegExp(
      `\\b(?:${GROUP_NOUNS})\\b[^.?!]{0,50}\\b(?:(?:${NATURE})\\b[^.?!]{0,25}\\b(?:${TRAITS})|(?:${TRAITS})\\b[^.?!]{0,25}\\b(?:${NATURE}))\\b`,
    ),
  ],
};
