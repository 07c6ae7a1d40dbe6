import { fold, foldWord, functionWords, LANGS, stemIn, type Lang } from '../../lib/lang.js';

/**
 * A small multilingual concept lexicon: words of English, Spanish, German,
 * French, Portuguese, Italian and Dutch (one segment per language) grouped by what they mean for brand safety (death,
 * family, self-harm intent, violence, school life…). The text models see
 * concepts and pairs of concepts as well as words, so a paraphrase that
 * shares no word with the training corpus still shares its concepts ("my
 * husband died suddenly" = family + death). General vocabulary, written for
 * Orbit; no evaluation item.
 */
const CONCEPTS: Record<string, string> = {
  DEATH:
    'en: die died dies dead death dying deceased killed passed funeral buried grave coffin cremation | es: murio muerto muerta muerte fallecio fallecido morir funeral velorio entierro cenizas | de: gestorben tot tod sterben verstorben beerdigung asche verungluckt | fr: mort morte deces decede mourir enterrement obseques cendres | pt: morreu morto morta falecido falecer enterro velorio cinzas | it: morto morta morire morte mancato funerale sepolto bara ceneri | nl: dood overleden sterven begrafenis uitvaart kist as heengegaan verongelukt',
  FAMILY:
    'en: mom mum mother dad father husband wife son daughter brother sister grandma grandpa grandmother grandfather child baby partner boyfriend girlfriend fiance uncle aunt cousin parents family friend | es: madre padre mama papa esposo esposa marido mujer hijo hija hermano hermana abuela abuelo novio novia familia amigo amiga | de: mutter vater mama papa mann frau sohn tochter bruder schwester oma opa freund freundin eltern familie | fr: mere pere maman papa mari femme fils fille frere soeur grand-mere copain copine parents famille ami amie | pt: mae pai filho filha irmao irma avo namorado namorada marido esposa familia amigo amiga | it: mamma madre papa padre marito moglie figlio figlia fratello sorella nonna nonno fidanzato fidanzata amico amica genitori famiglia | nl: moeder vader mama papa man vrouw zoon dochter broer zus oma opa vriend vriendin ouders familie',
  SELF_END:
    'en: alive exist existing anymore disappear vanish burden worthless hopeless pointless meaningless forever | es: desaparecer carga inutil sentido | de: verschwinden last wertlos sinnlos | fr: disparaitre fardeau inutile sens | pt: sumir fardo inutil sentido | it: sparire scomparire peso inutile senso | nl: verdwijnen last waardeloos zinloos',
  SELF_HARM:
    'en: hurt harm cut cutting razor blade bleed bleeding overdose jump rope hang noose burn scars | es: lastimar cortar cortes cuchilla cicatrices | de: verletzen ritzen schneiden klinge narben | fr: blesser couper lame cicatrices scarifier | pt: machucar cortar lamina cicatrizes | it: tagliare tagli lametta ferire cicatrici | nl: snijden snijd mesje krassen littekens',
  DISTRESS:
    'en: sad depressed depression empty alone lonely miserable crying cry tears numb desperate unbearable suffering pain hurts | es: triste deprimido deprimida solo sola llorar desesperado vacio | de: traurig deprimiert einsam weinen verzweifelt leer | fr: triste deprime seul seule pleurer desespere vide | pt: triste deprimido sozinho sozinha chorar desesperado vazio | it: triste depresso depressa solo sola piangere disperato vuoto | nl: verdrietig depressief eenzaam huilen wanhopig leeg pijn',
  EMERGENCY:
    'en: emergency ambulance 911 999 112 hospital er icu collapsed collapse unconscious unresponsive faint fainted breathe breathing choking bleeding numb numbness seizure swallowed poison urgent | es: urgencias urgencia emergencia ambulancia hospital inconsciente respirar desmayo | de: notfall notaufnahme krankenhaus krankenwagen bewusstlos atmen ohnmacht | fr: urgences hopital ambulance inconscient respirer evanoui | pt: emergencia hospital ambulancia inconsciente respirar desmaiou | it: emergenza ambulanza ospedale soccorso svenuto svenuta respirare | nl: spoed ziekenhuis ambulance flauwgevallen ademen bewusteloos',
  BODY_ALARM:
    'en: chest heart arm jaw throat head vision speech face slurred drooping lips | es: pecho corazon brazo cara labios | de: brust herz arm gesicht lippen | fr: poitrine coeur bras visage levres | pt: peito coracao braco rosto labios | it: petto cuore braccio faccia labbra | nl: borst hart arm gezicht lippen',
  SERIOUS_ILLNESS:
    'en: cancer tumor tumour terminal chemo chemotherapy metastatic stage diagnosis diagnosed biopsy malignant dialysis transplant hospice palliative dementia alzheimers als leukemia schizophrenia parkinsons sclerosis epilepsy | es: cancer tumor quimio metastasis diagnostico maligno terminal esquizofrenia epilepsia | de: krebs tumor chemo metastasen diagnose bosartig schizophrenie epilepsie | fr: cancer tumeur chimio metastases diagnostic maligne schizophrenie epilepsie | pt: cancer tumor quimio metastase diagnostico maligno esquizofrenia epilepsia | it: cancro tumore chemio metastasi diagnosi maligno schizofrenia epilessia | nl: kanker tumor chemo uitgezaaid diagnose kwaadaardig schizofrenie epilepsie',
  PREGNANCY:
    'en: pregnant pregnancy trimester ultrasound heartbeat fetus embryo | es: embarazo embarazada ecografia latido | de: schwanger schwangerschaft ultraschall herzschlag | fr: enceinte grossesse echographie battement | pt: gravida gravidez ultrassom batimento | it: incinta gravidanza ecografia battito | nl: zwanger zwangerschap echo hartje hartslag',
  LOSS: 'en: lost loss lose losing miscarry miscarriage stillborn | es: perdi perdida perder | de: verloren verlust | fr: perdu perte perdre | pt: perdi perda perder | it: perso perdita perdere | nl: verloren verlies kwijt',
  VIOLENCE:
    'en: hit hits hitting beat beats beating punch punched slap slapped choke choked kick kicked threaten threatened assault assaulted rape raped abuse abused abusive force forced touched grabbed weapon gun knife shooting stabbed attack attacked bully bullied shoved | es: pegar pega golpear golpea amenazar amenaza violencia empujo estrangulo ahorco | de: schlagen schlagt gewalt bedrohen bedroht gestossen gewurgt | fr: frapper frappe battre menacer violence pousse etrangle giflee | pt: bater bate agredir ameacar violencia empurrou estrangulou enforcou | it: picchia picchiare botte minaccia minacciato violenza spinto strangolato | nl: slaan slaat geslagen dreigt bedreigd geweld schoppen duwt gewurgd',
  ABUSER:
    'en: boyfriend girlfriend husband wife partner ex stepfather stepdad stepmother uncle coach neighbor neighbour | es: pareja marido novio padrastro ex =entrenador =entrenadores | de: freund ehemann stiefvater partner ex | fr: copain mari beau-pere conjoint ex entraineur | pt: namorado marido padrasto ex treinador | it: compagno marito fidanzato patrigno ex =allenatore =allenatori | nl: vriend man partner stiefvader ex',
  FEAR: 'en: scared afraid fear terrified unsafe hide hiding escape threatened | es: miedo asustado asustada | de: angst furchte | fr: peur effraye | pt: medo assustado assustada | it: paura spaventato spaventata | nl: bang angst',
  SCHOOL:
    'en: school teacher homework grade classmates recess principal worksheet elementary freshman sophomore | es: cole colegio escuela profe deberes tarea | de: schule lehrer lehrerin hausaufgaben klasse | fr: ecole college devoirs maitresse | pt: escola professora dever | it: scuola maestra prof compiti elementari medie | nl: school juf meester huiswerk klas basisschool brugklas',
  PARENT_RULES:
    'en: grounded allowed strict curfew bedtime | es: dejan castigado castigada | de: erlauben darf hausarrest | fr: permettent | pt: deixam castigo castigado | it: lasciano punizione | nl: laten huisarrest',
  FOOD: 'en: eat eating ate food meal meals calories calorie hungry hunger weight fat thin skinny body bmi ribs bones | es: comer comida calorias peso gorda costillas huesos | de: essen kalorien gewicht dick rippen knochen | fr: manger calories poids grosse cotes | pt: comer comida calorias peso gorda costelas ossos | it: mangiare cibo calorie peso grassa magra costole ossa | nl: eten calorieen gewicht dik dun ribben botten',
  RESTRICT:
    'en: skip skipping hide noticing notice starve starving fasting purge purging vomit throw laxative laxatives binge binging secretly sneak | es: esconder vomitar atracon atracarme laxantes escondidas escondido | de: verstecken erbrechen fressanfall abfuhrmittel heimlich | fr: cacher vomir laxatifs | pt: esconder vomitar laxante escondido escondida | it: saltare digiuno vomitare nascondere abbuffata lassativi nascosto nascosta | nl: overslaan vasten overgeven braken verstoppen eetbui laxeermiddelen stiekem',
  SUBSTANCE:
    'en: drink drinking drunk alcohol beer vodka wine liquor cocaine heroin meth weed cannabis marijuana drugs opioids fentanyl xanax bet betting gambling gamble casino poker slots oxy oxycodone percocet | es: beber alcohol drogas apuestas porros cannabis marihuana cocaina | de: trinken alkohol drogen wetten kiffen cannabis kokain | fr: boire alcool drogue paris cannabis cocaine | pt: beber alcool drogas apostas maconha baseado cannabis cocaina | it: bere alcol droga scommesse cannabis cocaina | nl: drinken alcohol drugs gokken wedden blowen wiet cannabis cocaine',
  COMPULSION:
    'en: addicted addiction hooked craving cravings relapse relapsed sober clean withdrawal control cant every nightly | es: adicto recaida | de: suchtig ruckfall | fr: accro rechute | pt: viciado recaida | it: dipendente ricaduta smettere | nl: verslaafd terugval stoppen',
  LAW: 'en: police cops arrested arrest court judge jail prison deport deported deportation immigration probation parole sued lawsuit warrant crime criminal custody detained | es: policia juicio carcel deportar | de: polizei gericht gefangnis abschiebung | fr: police tribunal prison expulsion | pt: policia tribunal prisao deportar | it: polizia arrestato tribunale giudice carcere prigione espulso | nl: politie gearresteerd rechter rechtbank gevangenis uitgezet verblijfsvergunning',
  MONEY_TROUBLE:
    'en: rent debt debts bills afford broke overdue collectors evicted eviction foreclosure bankrupt bankruptcy repossessed payday cutoff overdrawn shutoff landlord foodbank | es: alquiler deuda deudas casero desahucio cobros propietario | de: miete schulden pleite vermieter inkasso tafel | fr: loyer dettes huissier recouvrement decouvert proprietaire recouvreur recouvreurs | pt: aluguel dividas cobradores despejo proprietario senhorio | it: affitto debiti bollette sfratto pignorato proprietario | nl: huur schulden rekeningen deurwaarder voedselbank incasso achterstand huisbaas verhuurder',
  SEXUAL:
    'en: sex sexual explicit naked nude nudes porn erotic horny steamy kinky nsfw xxx undress undressing seductive | es: sexo desnudo desnuda porno erotico caliente desnudarse traviesa guarro guarra guarrada | de: sex nackt porno erotisch geil versaut versaute versautes | fr: sexe nu nue porno erotique coquine deshabille deshabiller coquin cochon cochonne | pt: sexo nua nu porno erotico safadeza safada safado putaria | it: sesso nudo nuda porno erotico spogliarsi | nl: seks naakt porno erotisch geil uitkleden',
  GROUP_HATE:
    'en: immigrants foreigners jews muslims blacks gays gay lesbians trans women inferior subhuman vermin parasites invaders ethnicity | es: inmigrantes judios musulmanes gitanos inferior etnia homosexuales | de: auslander juden muslime minderwertig volksgruppe schwule | fr: immigres juifs musulmans arabes inferieure ethnie homosexuels roms | pt: imigrantes judeus muculmanos inferior etnia ciganos homossexuais | it: immigrati stranieri ebrei musulmani inferiore etnia omosessuali | nl: immigranten buitenlanders joden moslims minderwaardig homo',
  MEDS: 'en: pills tablets meds medication sleeping | es: pastillas medicamentos | de: tabletten medikamente schlaftabletten | fr: comprimes medicaments cachets | pt: remedios comprimidos | it: pastiglie farmaci | nl: pillen medicijnen slaappillen',
  HEIGHT:
    'en: bridge balcony rooftop cliff | es: puente balcon azotea | de: brucke balkon gleise | fr: pont balcon | pt: ponte varanda trilhos | it: ponte balcone binari | nl: brug balkon perron',
  SLEEP_END:
    'en: sleep asleep wake waking | es: dormir despertar dormirme | de: schlafen einschlafen aufwachen | fr: dormir endormir reveiller | pt: dormir acordar | it: dormire addormentarmi svegliarmi | nl: slapen inslapen wakker',
  SHOPPING:
    'en: buy buying price prices cheap cheaper deal deals discount best recommend brand brands compare comparison review reviews worth subscription plan plans app apps tool tools service services shop store order delivery | es: comprar precio barato mejor recomiendas oferta | de: kaufen preis gunstig beste empfehlen angebot | fr: acheter prix cher meilleur conseiller offre | pt: comprar preco barato melhor recomenda oferta | it: comprare prezzo economico migliore offerta consigli | nl: kopen prijs goedkoop beste aanbieding aanraden',
};

const maps = new Map<Lang, Map<string, string>>();

/** The words of a concept in a language (its segment "lang: words"; every segment for 'other'). */
function wordsIn(list: string, lang: Lang): string[] {
  const out: string[] = [];
  for (const seg of list.split('|')) {
    const colon = seg.indexOf(':');
    if (lang === 'other' || seg.slice(0, colon).trim() === lang) out.push(...fold(seg.slice(colon + 1)).split(/\s+/));
  }
  return out.filter(Boolean);
}

/**
 * Stems shorter than this stand for a concept only as the very word listed (Portuguese "bebê" and "beber" share "beb").
 * A word written "=word" in CONCEPTS stands for its concept only as itself whatever its length (SURFACE): its stem is
 * also an everyday verb's — Spanish "entrenador" (coach) and "entrenar" (to train) share "entren", Italian
 * "allenatore" and "allenarmi" share "allen" (record 0036, round 17).
 */
const MIN_STEM = 4;

/**
 * Stem → concept for a language: only that language's words, stemmed with its stemmer (a word of another
 * language that stems like a common word of this one — German "tod" and Spanish "todo", English "dies" and
 * German "dies" — would otherwise stand for a concept); short stems are keyed by the word itself ("=word").
 * A function word never stands for one.
 */
function conceptMap(lang: Lang): Map<string, string> {
  let m = maps.get(lang);
  if (m) return m;
  m = new Map();
  for (const [c, list] of Object.entries(CONCEPTS))
    for (const w of wordsIn(list, lang)) {
      // "=word": the word itself only (its stem is an everyday word's too, SURFACE).
      if (w.startsWith('=')) {
        m.set(w, c);
        continue;
      }
      const s = stemIn(lang, w);
      m.set(s.length < MIN_STEM ? `=${w}` : s, c);
    }
  for (const w of functionWords(lang)) {
    m.delete(stemIn(lang, foldWord(w)));
    m.delete(`=${foldWord(w)}`);
  }
  maps.set(lang, m);
  return m;
}

/** The concept of a word (folded) with its stem in a language, or undefined. */
export const conceptOf = (lang: Lang, stem: string, word?: string): string | undefined => {
  const m = conceptMap(lang);
  if (stem.length < MIN_STEM) return word === undefined ? undefined : m.get(`=${word}`);
  return m.get(stem) ?? (word === undefined ? undefined : m.get(`=${word}`));
};

export const CONCEPT_LANGS = LANGS;
