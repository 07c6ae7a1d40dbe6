import { fold, foldedWords, LANGS, stemIn, type Lang } from '../../lib/lang.js';
import type { SafetyCategory } from './categories.js';
import { conceptOf } from './concepts.js';
import { combinedPatterns } from './patterns-round10.js';
import { firstPatternHit } from './situation-index.js';

/**
 * Phrases and patterns that on their own put a conversation in a sensitive
 * category, in English, Spanish, German, French, Portuguese, Italian and Dutch. General
 * vocabulary of each topic, written for Orbit (no evaluation item): the
 * linear model (model.ts) covers paraphrase beyond them. Phrases are matched
 * on Snowball stems of accent-folded words, so inflections meet ("suicidal",
 * "died", "fallecido"); patterns on the folded text (ages and school years,
 * where numbers matter).
 */
type Phrases = Partial<Record<Exclude<Lang, 'other'>, string>>;

const PHRASES: Record<SafetyCategory, Phrases> = {
  'self-harm': {
    en: 'suicide, suicidal, kill myself, killing myself, end my life, ending my life, take my own life, want to die, wanna die, better off dead, better off without me, self harm, self-harm, cut myself, cutting myself, hurt myself on purpose, no reason to live, not want to live, dont want to live anymore, end it all, disappear forever, goodbye letter, not wake up again, unalive myself, never wake up, sleep forever and never wake, not be alive, stop existing, dont want to exist, slit my wrists, hang myself, jump off a bridge, overdose on purpose, say goodbye to everyone for good, suicide note',
    es: 'suicidio, suicidarme, quitarme la vida, matarme, no quiero vivir, quiero morir, me corto, autolesión, mejor sin mí, no despertar nunca, no quiero existir, cortarme las venas, tirarme de un puente, despedirme de todos para siempre, hacerme daño a propósito, nota suicida',
    de: 'selbstmord, suizid, mich umbringen, mir das leben nehmen, nicht mehr leben, will sterben, ritze mich, selbstverletzung, besser ohne mich, nie mehr aufwachen, nicht mehr existieren, mir die pulsadern aufschneiden, von einer brücke springen, mir absichtlich weh tun, mich verletzen',
    fr: 'suicide, me suicider, me tuer, en finir, envie de mourir, ne veux plus vivre, me scarifier, automutilation, mieux sans moi, ne plus jamais me réveiller, ne plus exister, me taillader les veines, sauter d un pont, me faire du mal exprès, me faire du mal',
    pt: 'suicídio, me matar, tirar minha vida, não quero mais viver, quero morrer, me corto, automutilação, melhor sem mim, nunca mais acordar, não quero existir, cortar os pulsos, pular da ponte, me machucar de propósito, acabar com tudo, carta de suicídio',
    it: 'suicidio, suicidarmi, uccidermi, togliermi la vita, farla finita, non voglio più vivere, voglio morire, mi taglio, autolesionismo, meglio senza di me, non svegliarmi più, non voglio esistere, tagliarmi le vene, buttarmi da un ponte, farmi del male',
    nl: 'zelfmoord, suïcide, mezelf van kant maken, mezelf doden, een eind aan mijn leven maken, wil niet meer leven, wil dood, snijd mezelf, zelfbeschadiging, beter af zonder mij, nooit meer wakker worden, niet meer bestaan, mijn polsen doorsnijden, van een brug springen, mezelf pijn doen',
  },
  'death-grief': {
    en: 'passed away, funeral, eulogy, grieving, grief, bereavement, bereaved, condolences, my late husband, my late wife, died suddenly, memorial service, burial, no longer with us, passed on, killed in a crash, killed in a car accident, died in an accident, lost his battle with, lost her battle with, rest in peace',
    es: 'falleció, fallecimiento, funeral, velorio, luto, duelo, murió, entierro, se nos fue, nos dejó, ya no está con nosotros, perdió la vida, murió en un accidente, se mató en un accidente, descanse en paz, en paz descanse',
    de: 'gestorben, verstorben, beerdigung, trauerfeier, trauer, todesfall, beileid, ums leben gekommen, ums leben kam, tödlich verunglückt, von uns gegangen, nicht mehr unter uns, hat uns verlassen, ruhe in frieden, entschlafen',
    fr: 'décédé, décédée, décès, obsèques, funérailles, enterrement, deuil, condoléances, nous a quittés, nous a quitté, a perdu la vie, s est tué, s est tuée, n est plus parmi nous, repose en paix, s est éteint, s est éteinte',
    pt: 'faleceu, falecimento, velório, enterro, luto, morreu, funeral, nos deixou, perdeu a vida, não está mais entre nós, descanse em paz, morreu num acidente, morreu em um acidente',
    it: 'è mancato, è mancata, funerale, lutto, condoglianze, veglia funebre, sepoltura, ci ha lasciati, ci ha lasciato, ha perso la vita, riposa in pace, è venuto a mancare, è venuta a mancare, non c è più',
    nl: 'overleden, overlijden, begrafenis, uitvaart, rouw, rouwen, condoleances, gecremeerd, is ingeslapen, ingeslapen, heengegaan, om het leven gekomen, niet meer onder ons, rust zacht',
  },
  'medical-crisis': {
    en: 'heart attack, chest pain, having a stroke, stroke symptoms, cant breathe, cannot breathe, not breathing, unconscious, anaphylaxis, anaphylactic, seizure, call 911, call an ambulance, emergency room, intensive care, terminal cancer, stage 4, stage iv, metastatic, chemotherapy, coughing up blood, overdose, overdosed, poisoned, swallowed bleach, diagnosed with cancer, brain tumor, brain tumour, months to live, wont wake up, will not wake up, not waking up, unresponsive',
    es: 'infarto, dolor en el pecho, derrame cerebral, no puedo respirar, inconsciente, convulsión, ambulancia, urgencias, cáncer terminal, quimioterapia, sobredosis, no despierta, no se despierta, no reacciona',
    de: 'herzinfarkt, brustschmerzen, schlaganfall, kann nicht atmen, bewusstlos, krampfanfall, krankenwagen, notaufnahme, intensivstation, krebs im endstadium, chemotherapie, überdosis, wacht nicht auf, wird nicht wach, reagiert nicht mehr',
    fr: 'crise cardiaque, infarctus, douleur thoracique, avc, ne peux pas respirer, inconscient, convulsions, ambulance, urgences, cancer en phase terminale, chimiothérapie, overdose, ne se réveille pas, ne réagit plus',
    pt: 'ataque cardíaco, infarto, dor no peito, derrame, não consigo respirar, inconsciente, convulsão, ambulância, pronto-socorro, câncer terminal, quimioterapia, overdose, não acorda, não reage',
    it: 'infarto, attacco di cuore, dolore al petto, ictus, non riesco a respirare, svenuto, incosciente, convulsioni, ambulanza, pronto soccorso, terapia intensiva, cancro terminale, chemioterapia, overdose, non si sveglia, non risponde più',
    nl: 'hartaanval, hartinfarct, pijn op de borst, beroerte, kan niet ademen, bewusteloos, epileptische aanval, ambulance, spoedeisende hulp, intensive care, terminale kanker, chemotherapie, overdosis, 112 bellen, wordt niet wakker, reageert niet meer',
  },
  'pregnancy-loss': {
    en: 'miscarriage, miscarried, miscarrying, stillborn, stillbirth, lost the baby, lost our baby, no heartbeat, ectopic pregnancy, pregnancy loss',
    es: 'aborto espontáneo, perdí el bebé, perdí el embarazo, muerte fetal, embarazo ectópico',
    de: 'fehlgeburt, totgeburt, kein herzschlag, eileiterschwangerschaft, baby verloren',
    fr: 'fausse couche, mort-né, mort in utero, grossesse extra-utérine, perdu le bébé',
    pt: 'aborto espontâneo, perdi o bebê, natimorto, gravidez ectópica',
    it: 'aborto spontaneo, ho perso il bambino, nato morto, gravidanza extrauterina, non c era più il battito',
    nl: 'miskraam, doodgeboren, stilgeboren, buitenbaarmoederlijke zwangerschap, geen hartje meer, baby verloren',
  },
  'abuse-violence': {
    en: 'abuse, abused, abusive, abusing, molest, molested, rape, raped, sexual assault, sexually assaulted, domestic violence, hits me, hit me, beats me, beat me up, threatened to kill, stalking me, being stalked, restraining order, groomed, grooming',
    es: 'abuso, abusó, maltrato, me pega, me golpea, violación, violada, agresión sexual, violencia doméstica, me acosa',
    de: 'missbrauch, missbraucht, schlägt mich, vergewaltigt, vergewaltigung, sexuelle belästigung, häusliche gewalt, stalkt mich',
    fr: 'abus, abusé, maltraitance, me frappe, me bat, violée, viol, agression sexuelle, violence conjugale, me harcèle',
    pt: 'abuso, abusada, abusado, me bate, estupro, estuprada, violência doméstica, agressão sexual, me persegue',
    it: 'abuso, abusata, maltrattamenti, mi picchia, mi mena, stupro, violentata, violenza sessuale, violenza domestica, mi perseguita, stalking',
    nl: 'misbruik, misbruikt, mishandeling, mishandeld, slaat me, verkracht, verkrachting, aanranding, huiselijk geweld, stalkt me',
  },
  minors: {
    en: 'middle school, elementary school, my homework, book report, my teacher said, my mom wont let me, my parents wont let me, grounded me',
    es: 'mis deberes, mi tarea del cole, mi profe, mis padres no me dejan',
    de: 'meine hausaufgaben, meine lehrerin, mein lehrer, meine eltern erlauben mir',
    fr: 'mes devoirs, ma maîtresse, mon prof, au collège, mes parents ne veulent pas',
    pt: 'meu dever de casa, minha professora, meus pais não deixam',
    it: 'i miei compiti, la mia maestra, la mia prof, scuola media, i miei genitori non mi lasciano',
    nl: 'mijn huiswerk, mijn juf, mijn meester, de basisschool, mijn ouders laten me niet',
  },
  'eating-disorder': {
    en: 'anorexia, anorexic, bulimia, bulimic, purge, purging, binge and purge, make myself throw up, make myself vomit, starve myself, starving myself, pro ana, thinspo, thinspiration, hide not eating, skip meals without',
    es: 'anorexia, bulimia, vomitar después de comer, dejar de comer, provocarme el vómito',
    de: 'magersucht, bulimie, essstörung, nach dem essen erbrechen, hungern um abzunehmen',
    fr: 'anorexie, boulimie, trouble alimentaire, me faire vomir, arrêter de manger',
    pt: 'anorexia, bulimia, transtorno alimentar, vomitar depois de comer, parar de comer',
    it: 'anoressia, bulimia, disturbo alimentare, vomitare dopo mangiato, smettere di mangiare, pro ana',
    nl: 'anorexia, boulimia, eetstoornis, overgeven na het eten, stoppen met eten, pro ana',
  },
  addiction: {
    en: 'addicted, addiction, relapse, relapsed, withdrawal symptoms, gambling problem, cant stop gambling, cant stop drinking, rehab, heroin, meth, fentanyl, opioid addiction, alcoholic, sober for, clean for, cant stop using, cant quit drinking, cant quit gambling, drink every night to cope, blackout drunk, drinking alone every night, lost everything gambling, gambling debts, chasing my losses, hide my drinking, hiding bottles, using again, shooting up, cocaine every weekend, need a drink to get through',
    es: 'adicto, adicta, adicción, recaída, no puedo dejar de beber, ludopatía, heroína, no puedo dejar de jugar, no puedo dejar las drogas, bebo todas las noches, escondo las botellas, deudas de juego, lo perdí todo apostando, volví a consumir, cocaína cada fin de semana',
    de: 'süchtig, sucht, rückfall, spielsucht, entzug, alkoholiker, heroin, kann nicht aufhören zu trinken, kann nicht aufhören zu spielen, trinke jeden abend, verstecke flaschen, spielschulden, alles verzockt, wieder rückfällig, wieder konsumiert, kokain jedes wochenende',
    fr: 'accro, addiction, dépendance, rechute, alcoolique, sevrage, héroïne, je n arrive pas à arrêter de boire, je n arrive pas à arrêter de jouer, je bois tous les soirs, je cache les bouteilles, dettes de jeu, tout perdu au jeu, j ai replongé, cocaïne tous les week-ends',
    pt: 'viciado, viciada, vício, recaída, dependência química, alcoólatra, abstinência, heroína, não consigo parar de beber, não consigo parar de jogar, bebo todas as noites, escondo as garrafas, dívidas de jogo, perdi tudo apostando, voltei a usar, cocaína todo fim de semana',
    it: 'dipendente dalla droga, dipendente dal gioco, dipendente dall alcol, dipendenza, ricaduta, alcolizzato, alcolista, astinenza, eroina, ludopatia, non riesco a smettere di bere, non riesco a smettere di giocare, bevo tutte le sere, nascondo le bottiglie, debiti di gioco, ho perso tutto al gioco, ho ricominciato a farmi',
    nl: 'verslaafd, verslaving, terugval, alcoholist, ontwenning, afkicken, heroïne, gokverslaving, kan niet stoppen met drinken, kan niet stoppen met gokken, drink elke avond, verstop flessen, gokschulden, alles vergokt, weer gaan gebruiken',
  },
  'legal-trouble': {
    en: 'arrested, got arrested, deported, deportation, removal order, charged with, criminal charges, court date, jail, prison, probation, parole, dui, dwi, warrant for my arrest, overstayed my visa, visa was revoked, visa got revoked, visa was denied, visa got denied, visa was refused, out of status, ordered to leave the country, undocumented, asylum, detained by, public defender, plead guilty',
    es: 'arrestado, detenido, deportado, deportación, juicio penal, cárcel, prisión, libertad condicional, sin papeles, asilo',
    de: 'festgenommen, verhaftet, abschiebung, abgeschoben, strafanzeige, gefängnis, bewährung, gerichtstermin, asyl',
    fr: 'arrêté par la police, garde à vue, expulsé, expulsion du territoire, casier judiciaire, prison, sans papiers, asile, tribunal correctionnel',
    pt: 'preso, detido, deportado, deportação, processo criminal, cadeia, prisão, liberdade condicional, asilo',
    it: 'arrestato, arrestata, fermato dalla polizia, espulsione, espulso, processo penale, carcere, prigione, libertà vigilata, senza permesso di soggiorno, asilo politico',
    nl: 'gearresteerd, opgepakt, aangehouden, uitgezet, uitzetting, strafzaak, gevangenis, verblijfsvergunning afgewezen, asiel',
  },
  'financial-distress': {
    en: 'evicted, eviction notice, foreclosure, bankrupt, bankruptcy, debt collectors, cant afford food, cant pay rent, cant afford rent, repossessed, drowning in debt, no money for food, food bank, cant afford groceries, cant feed my kids, power got shut off, electricity shut off, sleeping in my car, about to be homeless, lost our home, behind on rent, payday loan to pay rent, wage garnishment, facing eviction',
    es: 'desahucio, desahuciar, bancarrota, quiebra, ahogado en deudas, no puedo pagar el alquiler, banco de alimentos, no me llega para comer, me cortaron la luz, durmiendo en el coche, atrasado con el alquiler, me van a desahuciar, embargo de la nómina',
    de: 'zwangsräumung, insolvenz, privatinsolvenz, überschuldet, pleite, inkasso, kann die miete nicht, tafel gehen, kein geld für essen, strom abgestellt, im auto schlafen, mit der miete im rückstand, lohnpfändung, obdachlos werden',
    fr: 'expulsé de mon logement, surendetté, surendettement, faillite, huissier, ne peux plus payer mon loyer, banque alimentaire, restos du coeur, plus de quoi manger, électricité coupée, dormir dans ma voiture, retard de loyer, saisie sur salaire, à la rue',
    pt: 'despejo, despejado, falência, endividado, afogado em dívidas, não consigo pagar o aluguel, banco de alimentos, sem dinheiro para comida, cortaram a luz, dormindo no carro, aluguel atrasado, nome sujo, morando na rua',
    it: 'sfratto, sfrattato, bancarotta, fallimento, pieno di debiti, sommerso dai debiti, non riesco a pagare l affitto, banco alimentare, non ho soldi per mangiare, mi hanno staccato la luce, dormo in macchina, affitto arretrato, pignoramento dello stipendio',
    nl: 'huisuitzetting, uit huis gezet, faillissement, schuldsanering, diep in de schulden, deurwaarder, kan de huur niet betalen, voedselbank, geen geld voor eten, stroom afgesloten, slapen in mijn auto, huurachterstand, loonbeslag, dakloos worden',
  },
  adult: {
    en: 'porn, porno, pornography, nude, nudes, naked pics, explicit sex, sex scene, escort, onlyfans, hentai, xxx, erotic story, sexting, nsfw, sex story, smut, lewd, talk dirty, dirty talk, sexy pics, topless pics, x rated, adult videos, sex chat, sexting roleplay, hookup scene',
    es: 'porno, pornografía, desnudos, sexo explícito, escort, erótico, historia porno, relato erótico, hablar sucio, fotos desnuda, vídeos para adultos, chat sexual, escena de sexo',
    de: 'porno, pornos, nacktbilder, expliziter sex, sexszene, escort, erotisch, sexgeschichte, erotikgeschichte, dreckig reden, nacktfotos, videos für erwachsene, sexchat',
    fr: 'porno, pornographie, nudes, sexe explicite, scène de sexe, escort, érotique, histoire érotique, histoire de sexe, parler cochon, photos nues, vidéos pour adultes, chat sexe',
    pt: 'pornô, pornografia, nudes, sexo explícito, cena de sexo, acompanhante, erótico, conto erótico, história de sexo, falar putaria, fotos pelada, vídeos adultos, chat de sexo',
    it: 'porno, pornografia, nudi, sesso esplicito, scena di sesso, escort, erotico, racconto erotico, storia di sesso, parlare sporco, foto nuda, video per adulti, chat erotica',
    nl: 'porno, pornografie, naaktfoto s, expliciete seks, seksscène, escort, erotisch, erotisch verhaal, seksverhaal, vieze praat, naaktfoto, video s voor volwassenen, sekschat',
  },
  hate: {
    en: 'racial slur, slurs, inferior race, white power, heil hitler, ethnic cleansing, subhuman, go back to your country, should be exterminated, should be wiped out, are vermin, are parasites, are subhuman, gas the, deport them all, master race, race war, are animals and should',
    es: 'raza inferior, limpieza étnica, subhumanos, hay que exterminarlos, son parásitos, son alimañas, raza superior, fuera los inmigrantes',
    de: 'ausländer raus, rassenhass, minderwertige rasse, untermenschen, sollte man vergasen, sind parasiten, sind ungeziefer, herrenrasse, rassenkrieg',
    fr: 'race inférieure, sous-hommes, purification ethnique, il faut les exterminer, sont des parasites, sont de la vermine, race supérieure, dehors les immigrés',
    pt: 'raça inferior, limpeza étnica, sub-humanos, tem que exterminar, são parasitas, são vermes, raça superior, fora imigrantes',
    it: 'razza inferiore, pulizia etnica, subumani, vanno sterminati, sono parassiti, razza superiore, fuori gli immigrati',
    nl: 'minderwaardig ras, etnische zuivering, untermenschen, buitenlanders eruit, moeten uitgeroeid worden, zijn parasieten, zijn ongedierte, superieur ras',
  },
};

/**
 * Entries of PHRASES that also have an everyday meaning ("addicted to this series", "dog grooming", "purge the
 * cache", "me corto el pelo", Portuguese "preso no trânsito", "cadeia de suprimentos", "o celular morreu"): a soft
 * hit blocks only when the model's probability of the category reaches SOFT_SCALE of its threshold — the model
 * reads the rest of the conversation. Unambiguous entries stay hard (a hit blocks whatever the model says).
 * Record 0036 (round 5).
 */
const SOFT: Phrases = {
  en: 'overdose, overdosed, seizure, unconscious, cant breathe, cannot breathe, stage 4, stage iv, poisoned, abuse, abused, abusive, abusing, hits me, hit me, groomed, grooming, middle school, elementary school, my homework, book report, my teacher said, purge, purging, addicted, addiction, relapse, relapsed, rehab, alcoholic, sober for, clean for, meth, withdrawal symptoms, jail, prison, probation, parole, charged with, asylum, undocumented, detained by, bankrupt, foreclosure, repossessed, food bank, nude, escort, slurs, no longer with us, passed on, killed in a crash, killed in a car accident, died in an accident, lost his battle with, lost her battle with, rest in peace, wont wake up, will not wake up, not waking up, unresponsive',
  es: 'me corto, murió, duelo, abuso, detenido, arrestado, cárcel, prisión, adicto, adicta, adicción, recaída, quiebra, ambulancia, urgencias, erótico, escort, se nos fue, nos dejó, ya no está con nosotros, perdió la vida, murió en un accidente, se mató en un accidente, descanse en paz, en paz descanse, no despierta, no se despierta, no reacciona',
  de: 'süchtig, sucht, rückfall, entzug, pleite, insolvenz, inkasso, gefängnis, asyl, bewährung, krankenwagen, notaufnahme, missbrauch, escort, erotisch, gestorben, ums leben gekommen, ums leben kam, tödlich verunglückt, von uns gegangen, nicht mehr unter uns, hat uns verlassen, ruhe in frieden, entschlafen, wacht nicht auf, wird nicht wach, reagiert nicht mehr',
  fr: 'en finir, me tuer, accro, addiction, dépendance, rechute, sevrage, prison, asile, urgences, ambulance, overdose, faillite, huissier, abus, escort, érotique, nous a quittés, nous a quitté, a perdu la vie, s est tué, s est tuée, n est plus parmi nous, repose en paix, s est éteint, s est éteinte, ne se réveille pas, ne réagit plus',
  pt: 'preso, detido, cadeia, prisão, morreu, luto, me corto, acabar com tudo, vício, viciado, viciada, recaída, abstinência, falência, abuso, acompanhante, erótico, ambulância, overdose, derrame, nos deixou, perdeu a vida, não está mais entre nós, descanse em paz, morreu num acidente, morreu em um acidente, não acorda, não reage',
  it: 'mi taglio, dipendenza, ricaduta, astinenza, carcere, prigione, espulso, espulsione, fallimento, abuso, escort, erotico, ambulanza, pronto soccorso, overdose, ci ha lasciati, ci ha lasciato, ha perso la vita, riposa in pace, è venuto a mancare, è venuta a mancare, non c è più, non si sveglia, non risponde più',
  nl: 'verslaafd, verslaving, terugval, ontwenning, gevangenis, asiel, faillissement, deurwaarder, misbruik, escort, erotisch, ambulance, overdosis, is ingeslapen, ingeslapen, heengegaan, om het leven gekomen, niet meer onder ons, rust zacht, wordt niet wakker, reageert niet meer',
};
/**
 * Entry words whose Snowball stem is also the stem of an everyday word with another meaning (Spanish "duelo"
 * mourning / "duele" hurts, "deportado" / "deporte" sport, "recaída" / "recado" errand; Portuguese "cadeia" /
 * "cada" each, "derrame" / "derramou" spilled; Italian "è mancato" / "manca" is missing, "violentata" / "violento";
 * French "alcoolique" / "alcool", "dépendance" / "dépend", "en finir" / "en fin de mois"; Dutch "uitzetting" /
 * "uitzetten" switch off): a text word with such a stem matches only when written as one of these forms. Found by
 * comparing each entry's stem with the stems of the vocabulary (serving/vocabulary.ts), the corpus's commercial
 * lines and common word forms. Record 0036 (round 5 addendum).
 */
const SURFACE_ONLY: Phrases = {
  en: 'alcoholic, alcoholics, groomed, grooming, heroin',
  es: 'duelo, duelos, deportado, deportada, deportados, deportadas, recaída, recaídas, ambulancia, ambulancias, urgencias, matarme, corto, cortarme, cortaron',
  de: 'bewährung',
  fr: 'alcoolique, alcooliques, dépendance, finir, urgences',
  pt: 'cadeia, cadeias, luto, acompanhante, acompanhantes, derrame, corto, cortar, cortaram',
  it: 'mancato, mancata, violentata, violentato, ambulanza',
  nl: 'uitzetting',
};
/**
 * One-word entries that are also everyday words or verb forms (found by scripts/audit-lexicon.ts): the Romance
 * words for heroine, "inconsciente" (reckless), Spanish "violación" (a violation), Portuguese "despejo" (I pour) and
 * "despejado" (clear sky), Italian "nudi" (barefoot), Dutch "uitgezet" (switched off), "opgepakt" (picked up),
 * "aangehouden" (kept on). Such an entry hits only with a second cue: another word of the turn that belongs to
 * one of its category's concepts (CUES; concepts.ts) — "opgepakt door de politie", not "het pakket opgepakt".
 * Record 0036 (round 7).
 */
const CUED: Phrases = {
  es: 'inconsciente, violación, heroína',
  fr: 'inconscient, héroïne',
  pt: 'inconsciente, heroína, despejo, despejado',
  it: 'incosciente, eroina, nudi',
  nl: 'opgepakt, aangehouden, uitgezet',
};
/** The concepts (concepts.ts) that second a CUED entry of a category. */
const CUES: Partial<Record<SafetyCategory, readonly string[]>> = {
  'medical-crisis': ['EMERGENCY', 'BODY_ALARM', 'SERIOUS_ILLNESS', 'MEDS'],
  'abuse-violence': ['VIOLENCE', 'ABUSER', 'FEAR'],
  addiction: ['SUBSTANCE', 'COMPULSION'],
  'legal-trouble': ['LAW'],
  'financial-distress': ['MONEY_TROUBLE'],
  adult: ['SEXUAL'],
};
/** Whether a word of `stems` outside [from, to) belongs to a concept that seconds `category` (CUES). */
function seconded(
  category: SafetyCategory,
  lang: Exclude<Lang, 'other'>,
  stems: readonly string[],
  words: readonly string[],
  from: number,
  to: number,
): boolean {
  const cues = CUES[category] ?? [];
  for (let k = 0; k < stems.length; k++) {
    if (k >= from && k < to) continue;
    const c = conceptOf(lang, stems[k], words[k]);
    if (c !== undefined && cues.includes(c)) return true;
  }
  return false;
}

const surfaceOnly = new Map<Lang, Map<string, Set<string>>>();
/** A language's SURFACE_ONLY stems, each with the folded forms that may match it. */
function surfaceOnlyOf(lang: Exclude<Lang, 'other'>): Map<string, Set<string>> {
  let m = surfaceOnly.get(lang);
  if (m) return m;
  m = new Map();
  for (const w of (SURFACE_ONLY[lang] ?? '').split(',')) {
    const f = fold(w.trim());
    const s = stemIn(lang, f);
    (m.get(s) ?? m.set(s, new Set()).get(s)!).add(f);
  }
  surfaceOnly.set(lang, m);
  return m;
}

/**
 * English entries that are everyday words of another language (Spanish "rape" monkfish, French "râpe" grater,
 * Portuguese "rapé" snuff; French and Italian "parole" speech, words; Spanish "deporte" sport, which the English
 * stemmer reads as "deport"): lexiconHit reads every text in English too, and these are read over English text
 * only (a short Spanish question can be detected as another language, so not just "not over Spanish"). Found by
 * scripts/audit-lexicon.ts. Record 0036 (round 7).
 */
const ENGLISH_ONLY = 'rape, raped, parole, deported, deportation';
let englishOnly: Set<string> | null = null;
/** Whether an English entry (its stems joined) is read over English text only (ENGLISH_ONLY). */
const isEnglishOnly = (key: string): boolean =>
  (englishOnly ??= new Set(ENGLISH_ONLY.split(',').map((p) => phraseStems('en', p).join(' ')))).has(key);

/** Scale of a category's model threshold a soft lexicon hit needs (SOFT). */
export const SOFT_SCALE = 0.5;

/**
 * Everyday idioms that contain a sensitive entry: matched like phrases (leftmost, then longest), a safe idiom
 * covers its words so the entry inside it does not hit ("non alcoholic", "enterrement de vie de garçon": a
 * bachelor party, "battery died"). General language, no evaluation item.
 */
const SAFE: Phrases = {
  en: 'non alcoholic, alcohol free, hit me up, hit me with, unconscious bias, dog grooming, pet grooming, grooming kit, knee rehab, shoulder rehab, rehab exercises, physical rehab, clean for a party, clean for guests, probation period, purge css, purge the cache, purge cache, undocumented api, undocumented feature, undocumented features, battery died, battery dies, phone died, laptop died, killer deal, killer deals, stage 4 of, nude lipstick, nude heels, nude shade, nude color, nude colour, food bank donation, donate to a food bank',
  es: 'sin alcohol, me corto el pelo, me corto las uñas, asilo de ancianos, se murió la batería, se me murió el móvil, se murió el coche, se me murió el coche, mi coche se murió',
  de: 'alkoholfrei, alkoholfreies, ohne alkohol, akku ist gestorben, handy ist gestorben, süchtig nach dieser serie',
  fr: 'sans alcool, enterrement de vie de garçon, enterrement de vie de jeune fille, evjf, evg, en fin d année, en fin de compte, en urgence, accro au café, accro au chocolat, accro au sport',
  pt: 'sem álcool, preso no trânsito, fiquei preso no trânsito, cadeia de suprimentos, cadeia de valor, cadeia alimentar, asilo de idosos, celular morreu, bateria morreu, meu fone morreu, o meu morreu, carro morreu, viciado em série, viciada em série, acompanhante de idosos',
  it: 'analcolico, senza alcol, pronto soccorso stradale',
  nl: 'alcoholvrij, zonder alcohol',
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
    /\bestou\s+no\s+(?:[1-9]o?|segundo|terceiro|quarto|quinto|sexto|setimo|oitavo|nono)\s+ano\b/,
    /\bho\s+(?:[6-9]|1[0-5])\s+anni\b/,
    /\bfaccio\s+la\s+(?:[1-5]a?|prima|seconda|terza|quarta|quinta)\s+(?:elementare|media)\b/,
    /\bik\s+ben\s+(?:[6-9]|1[0-5])(?:\s+jaar)?\b(?!\s*(?:weken|maanden|dagen|kilo|procent|%))/,
    /\bik\s+zit\s+in\s+groep\s+[3-8]\b/,
  ],
  'eating-disorder': [
    /\b(?:eat|eating|under|only|below)\s+(?:[1-7]\d\d|[1-9]\d)\s*(?:cal|kcal|calories)\b/,
    /\b(?:comer|como)\s+(?:menos de\s+)?[1-7]\d\d\s+calorias\b/,
  ],
  // "kms" (kill myself) is also kilometres: only after a verb of intent.
  'self-harm': [/\b(?:want to|wanna|gonna|going to|about to|should|might|could just|i'?ll|ima)\s+(?:just\s+)?kms\b/],
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
  /** The category of the phrase ending here, or 'safe' for a safe idiom (SAFE). */
  category: SafetyCategory | 'safe' | null;
  /** Whether that phrase is soft (SOFT). */
  soft: boolean;
  /** Whether the phrase is read over English text only (ENGLISH_ONLY). */
  englishOnly: boolean;
  /** Whether the phrase needs a second cue (CUED). */
  cued?: boolean;
}

/** The stems of a phrase in a language (accent-folded words). */
const phraseStems = (lang: Exclude<Lang, 'other'>, p: string): string[] =>
  (fold(p.replace(/[’']/g, '')).match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => stemIn(lang, w));

/** English negative contractions, written without the apostrophe in the lists ("cant"): see phraseForms. */
const CONTRACTION = /\b(can|don|won|didn|doesn|isn|wasn|aren|couldn|wouldn|shouldn)t\b/g;
/** The stems of a phrase as text may write it: "cant" also as "can't", split "can" "t" (0036 round 7). */
function phraseForms(lang: Exclude<Lang, 'other'>, p: string): string[][] {
  const stems = phraseStems(lang, p);
  const split = lang === 'en' ? p.replace(CONTRACTION, '$1 t') : p;
  return split === p ? [stems] : [stems, phraseStems(lang, split)];
}
/** Every form's key (stems joined) of a comma-separated list of phrases. */
const formKeys = (lang: Exclude<Lang, 'other'>, list: string | undefined): Set<string> =>
  new Set((list ?? '').split(',').flatMap((p) => phraseForms(lang, p).map((f) => f.join(' '))));

const tries = new Map<Lang, TrieNode>();

/** One trie of every category's phrases in a language (compiled on first use). */
function trieOf(lang: Exclude<Lang, 'other'>): TrieNode {
  let root = tries.get(lang);
  if (root) return root;
  root = { next: new Map(), category: null, soft: false, englishOnly: false };
  const soft = formKeys(lang, SOFT[lang]);
  const cued = formKeys(lang, CUED[lang]);
  const add = (stems: string[], cat: SafetyCategory | 'safe') => {
    if (!stems.length) return;
    let node = root!;
    for (const s of stems) {
      node.next ??= new Map();
      let child = node.next.get(s);
      if (!child) node.next.set(s, (child = { next: null, category: null, soft: false, englishOnly: false }));
      node = child;
    }
    if (node.category === null) {
      node.category = cat;
      node.soft = cat !== 'safe' && soft.has(stems.join(' '));
      node.cued = cat !== 'safe' && cued.has(stems.join(' '));
      node.englishOnly = lang === 'en' && cat !== 'safe' && isEnglishOnly(stems.join(' '));
    }
  };
  for (const p of (SAFE[lang] ?? '').split(',')) for (const f of phraseForms(lang, p)) add(f, 'safe');
  for (const [cat, phrases] of Object.entries(PHRASES) as [SafetyCategory, Phrases][])
    for (const p of (phrases[lang] ?? '').split(',')) for (const f of phraseForms(lang, p)) add(f, cat);
  tries.set(lang, root);
  return root;
}

/**
 * The first hard phrase of a trie found in a list of stems (leftmost, then longest), else the first soft one, or
 * null. A safe idiom found at a position covers its words (`covered`, kept for the next language's pass: the
 * English pass over a Spanish text does not read "alcohol" of "sin alcohol").
 */
function findPhrase(
  root: TrieNode,
  stems: readonly string[],
  covered: Uint8Array,
  lang: Exclude<Lang, 'other'>,
  textLang: Lang,
  wordsOf: () => readonly string[],
): { category: SafetyCategory; soft: boolean } | null {
  const top = root.next!;
  let firstSoft: SafetyCategory | null = null;
  for (let i = 0; i < stems.length; i++) {
    if (covered[i]) continue;
    let node = top.get(stems[i]);
    let found: TrieNode | null = null;
    let end = i;
    for (let j = i + 1; node; j++) {
      if (node.category && !(node.englishOnly && textLang !== 'en')) [found, end] = [node, j];
      if (!node.next || j >= stems.length) break;
      node = node.next.get(stems[j]);
    }
    if (!found) continue;
    if (found.category === 'safe') {
      covered.fill(1, i, end);
      i = end - 1;
      continue;
    }
    if (found.cued && !seconded(found.category!, lang, stems, wordsOf(), i, end)) continue;
    if (!found.soft) return { category: found.category!, soft: false };
    firstSoft ??= found.category;
  }
  return firstSoft ? { category: firstSoft, soft: true } : null;
}

export interface LexiconHit {
  category: SafetyCategory;
  /** What kind of entry matched, safe to record: "phrase:<lang>" or "pattern" (never the conversation's words). */
  kind: string;
  /** A soft entry (SOFT): it blocks only if the model leans the same way. */
  soft: boolean;
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
  words?: readonly string[],
): LexiconHit | null {
  const langs: Exclude<Lang, 'other'>[] = lang === 'en' || lang === 'other' ? ['en'] : [lang, 'en'];
  let soft: LexiconHit | null = null;
  let covered: Uint8Array | null = null;
  const wordsOf = lazyWords(folded, words);
  for (const l of langs) {
    const stems = guardStems(l, stemsBy(l), wordsOf);
    covered ??= new Uint8Array(stems.length);
    const found = findPhrase(trieOf(l), stems, covered, l, lang, wordsOf);
    if (found && !found.soft) return { category: found.category, kind: `phrase:${l}`, soft: false };
    if (found) soft ??= { category: found.category, kind: `soft phrase:${l}`, soft: true };
  }
  // Most turns hold neither mark (an ASCII text no `’`: a search of it ends at once), so most skip the replace.
  const marks = folded.includes('’') || folded.includes('`');
  const cat = firstPatternHit(combinedPatterns(PATTERNS, lang), marks ? folded.replace(/[’`]/g, "'") : folded);
  return cat ? { category: cat, kind: 'pattern', soft: false } : soft;
}

/** The text's words, split on first call: made here, as an arrow assigned in `lexiconHit` is named per call under tsx. */
function lazyWords(folded: string, words: readonly string[] | undefined): () => readonly string[] {
  return () => (words ??= foldedWords(folded));
}

/** Stems of SURFACE_ONLY written in another form become unmatchable ("duele" no longer meets "duelo"). */
function guardStems(lang: Exclude<Lang, 'other'>, stems: readonly string[], wordsOf: () => readonly string[]) {
  const guard = surfaceOnlyOf(lang);
  let out: string[] | null = null;
  for (let i = 0; i < stems.length; i++) {
    const forms = guard.get(stems[i]);
    if (!forms) continue;
    const w = wordsOf()[i];
    if (w !== undefined && !forms.has(w)) (out ??= stems.slice())[i] = `\u0002${stems[i]}`;
  }
  return out ?? stems;
}

/** One lexicon entry as the audit reads it (scripts/audit-lexicon.ts). */
export interface LexiconEntry {
  lang: Exclude<Lang, 'other'>;
  category: SafetyCategory;
  phrase: string;
  stems: string[];
  soft: boolean;
  /** The folded forms a SURFACE_ONLY stem may match (null: any word with the stem). */
  surface: ReadonlySet<string> | null;
  /** Read over English text only (ENGLISH_ONLY). */
  englishOnly: boolean;
  /** Needs a second cue (CUED). */
  cued: boolean;
}

/** Every phrase entry of every language, with how it is matched (for the audit). */
export function lexiconEntries(): LexiconEntry[] {
  const out: LexiconEntry[] = [];
  for (const lang of LANGS) {
    const soft = formKeys(lang, SOFT[lang]);
    const cued = formKeys(lang, CUED[lang]);
    const guard = surfaceOnlyOf(lang);
    for (const [category, phrases] of Object.entries(PHRASES) as [SafetyCategory, Phrases][])
      for (const p of (phrases[lang] ?? '').split(',')) {
        const stems = phraseStems(lang, p);
        if (!stems.length) continue;
        const key = stems.join(' ');
        out.push({
          lang,
          category,
          phrase: p.trim(),
          stems,
          soft: soft.has(key),
          surface: stems.length === 1 ? (guard.get(stems[0]) ?? null) : null,
          englishOnly: lang === 'en' && isEnglishOnly(key),
          cued: cued.has(key),
        });
      }
  }
  return out;
}

/** Every language the lexicons cover (for tests and the trainer). */
export const LEXICON_LANGS = LANGS;
