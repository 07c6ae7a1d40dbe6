import { fold, foldWord, functionWords, LANGS, stemIn, type Lang } from '../../lib/lang.js';

/**
 * A small multilingual concept lexicon: words of English, Spanish, German,
 * French and Portuguese grouped by what they mean for brand safety (death,
 * family, self-harm intent, violence, school life…). The text models see
 * concepts and pairs of concepts as well as words, so a paraphrase that
 * shares no word with the training corpus still shares its concepts ("my
 * husband died suddenly" = family + death). General vocabulary, written for
 * Orbit; no evaluation item.
 */
const CONCEPTS: Record<string, string> = {
  DEATH:
    'die died dies dead death dying deceased killed passed funeral buried grave coffin cremation murio muerto muerte fallecio fallecido morir gestorben tot tod sterben verstorben beerdigung mort morte deces decede mourir enterrement morreu morto falecido falecer enterro velorio',
  FAMILY:
    'mom mum mother dad father husband wife son daughter brother sister grandma grandpa grandmother grandfather child baby partner boyfriend girlfriend fiance uncle aunt cousin parents family friend madre padre esposo esposa marido mujer hijo hija hermano hermana abuela abuelo novio novia mutter vater mann frau sohn tochter bruder schwester oma opa freund freundin mere pere mari femme fils fille frere soeur grand-mere copain copine mae pai filho filha irmao irma avo namorado namorada',
  SELF_END:
    'alive exist existing anymore disappear vanish burden worthless hopeless pointless meaningless forever desaparecer carga verschwinden last disparaitre fardeau sumir fardo',
  SELF_HARM:
    'hurt harm cut cutting razor blade bleed bleeding pills overdose jump bridge rope hang noose burn lastimar cortar verletzen ritzen schneiden blesser couper machucar cortar',
  DISTRESS:
    'sad depressed depression empty alone lonely miserable crying cry tears numb desperate unbearable suffering pain hurts triste deprimido solo llorar traurig einsam weinen verzweifelt seul pleurer desespere sozinho chorar desesperado',
  EMERGENCY:
    'emergency ambulance 911 999 112 hospital er icu collapsed collapse unconscious unresponsive faint fainted breathe breathing choking bleeding numb numbness seizure swallowed poison urgent urgencias urgencia notfall notaufnahme krankenhaus urgences hopital emergencia hospital',
  BODY_ALARM:
    'chest heart arm jaw throat head vision speech face slurred drooping pecho corazon brust herz poitrine coeur peito coracao',
  SERIOUS_ILLNESS:
    'cancer tumor tumour terminal chemo chemotherapy metastatic stage diagnosis diagnosed biopsy malignant dialysis transplant hospice palliative dementia alzheimers als leukemia cancer tumor krebs tumor cancer tumeur cancer tumor',
  PREGNANCY:
    'pregnant pregnancy weeks trimester ultrasound heartbeat fetus embryo embarazo embarazada schwanger schwangerschaft enceinte grossesse gravida gravidez',
  LOSS: 'lost loss lose losing miscarry miscarriage stillborn perdi perdida verloren verlust perdu perte perdi perda',
  VIOLENCE:
    'hit hits hitting beat beats beating punch punched slap slapped choke choked kick kicked threaten threatened assault assaulted rape raped abuse abused abusive force forced touched grabbed weapon gun knife shooting stabbed attack attacked bully bullied pegar golpear amenazar violencia schlagen gewalt bedrohen frapper battre menacer violence bater agredir ameacar violencia',
  ABUSER:
    'boyfriend girlfriend husband wife partner ex stepfather stepdad stepmother uncle coach neighbor neighbour pareja marido novio padrastro freund ehemann stiefvater copain mari beau-pere namorado marido padrasto',
  FEAR: 'scared afraid fear terrified unsafe hide hiding escape threatened miedo asustado angst fürchte peur effraye medo assustado',
  SCHOOL:
    'school teacher homework grade classmates recess principal worksheet elementary freshman sophomore cole colegio escuela profe deberes tarea schule lehrer lehrerin hausaufgaben klasse ecole college devoirs maitresse escola professora dever',
  PARENT_RULES: 'grounded allowed strict curfew dejan erlauben permettent deixam',
  FOOD: 'eat eating ate food meal meals calories calorie hungry hunger weight fat thin skinny body bmi comer comida calorias peso gorda essen kalorien gewicht dick manger calories poids grosse comer comida calorias peso gorda',
  RESTRICT:
    'skip skipping hide noticing notice starve starving fasting purge purging vomit throw laxatives esconder vomitar verstecken erbrechen cacher vomir esconder vomitar',
  SUBSTANCE:
    'drink drinking drunk alcohol beer vodka wine liquor pills cocaine heroin meth weed drugs opioids fentanyl xanax bet betting gambling gamble casino poker slots beber alcohol drogas apuestas trinken alkohol drogen wetten boire alcool drogue paris beber alcool drogas apostas',
  COMPULSION:
    'addicted addiction hooked craving cravings relapse relapsed sober clean withdrawal control cant every nightly adicto recaida süchtig rückfall accro rechute viciado recaida',
  LAW: 'police cops arrested arrest court judge jail prison deport deported deportation immigration probation parole sued lawsuit warrant crime criminal custody detained policia juicio carcel deportar polizei gericht gefangnis abschiebung police tribunal prison expulsion policia tribunal prisao deportar',
  MONEY_TROUBLE:
    'rent debt debts bills afford broke overdue collectors evicted eviction foreclosure bankrupt bankruptcy repossessed payday cutoff alquiler deuda deudas miete schulden pleite loyer dettes aluguel dividas',
  SEXUAL:
    'sex sexual explicit naked nude nudes porn erotic horny sexo desnudo porno erotico nackt porno erotisch sexe nu porno erotique sexo nua porno erotico',
  GROUP_HATE:
    'immigrants foreigners jews muslims blacks gays gay lesbians trans women race races inferior subhuman vermin parasites invaders inmigrantes judios musulmanes auslander juden muslime immigres juifs musulmans imigrantes judeus muculmanos',
  SHOPPING:
    'buy buying price prices cheap cheaper deal deals discount best recommend brand brands compare comparison review reviews worth subscription plan plans app apps tool tools service services shop store order delivery comprar precio barato mejor kaufen preis gunstig beste acheter prix pas cher meilleur comprar preco barato melhor',
};

const maps = new Map<Lang, Map<string, string>>();

/** Stem → concept for a language (words of every language stemmed with its stemmer; collisions are rare and harmless). */
function conceptMap(lang: Lang): Map<string, string> {
  let m = maps.get(lang);
  if (m) return m;
  m = new Map();
  for (const [c, list] of Object.entries(CONCEPTS))
    for (const w of fold(list).split(/\s+/)) if (w) m.set(stemIn(lang, w), c);
  // A word of another language can stem like a function word of this one (French "paris", bets → Portuguese "para"):
  // a function word never stands for a concept.
  for (const w of functionWords(lang)) m.delete(stemIn(lang, foldWord(w)));
  maps.set(lang, m);
  return m;
}

/** The concept of a stem in a language, or undefined. */
export const conceptOf = (lang: Lang, stem: string): string | undefined => conceptMap(lang).get(stem);

export const CONCEPT_LANGS = LANGS;
