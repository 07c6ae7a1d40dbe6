import type { SafetyCategory } from './categories.js';
import { ME, byRel, byMeOrRel, type ByLang } from './situation-frames.js';
import { gated } from './situation-gates.js';

/**
 * The situation detector's second round (record 0036 round 14): the classes situations.ts (round 13) left out, in the
 * same style — an event bound to the user or a close person in one clause (situation-frames.ts), seven languages,
 * folded text — and a few situations told without a personal frame whose wording is itself an event, not a topic.
 *
 *   - self-harm: self-injury the user keeps doing ("been cutting again", "keep burning myself"), an attempt ("since my
 *     attempt", "my brother tried to overdose"), thoughts of ending it, a clinician's advice to remove the means;
 *   - eating-disorder: days without eating, a low weight stated beside wanting less or still feeling fat, treatment at
 *     an eating-disorder clinic;
 *   - minors: an adult or stranger contacting a child (gifts, photos, a meeting, secrecy); a self-stated 16 or 17
 *     beside an age-restricted product (lexicon.ts reads 6–15 alone, patterns-round10.ts 13–17 beside a diet); being
 *     in high school;
 *   - legal-trouble: immigration — deportation, an overstayed visa, a work or residence permit refused, an asylum case,
 *     being undocumented (a visa refused for a trip is not one);
 *   - abuse-violence: the user or their child bullied or beaten at school now (the corpus labels bullying so);
 *   - addiction: a close person's overdose ("overdose" alone is a soft lexicon entry);
 *   - adult: paid sexual services and pornography sites written as one word or named by kind (an "escort" alone is a
 *     soft lexicon entry: a car, a ship's escort);
 *   - hate: mocking or excluding a group (a place "with no" group, a joke "mocking" one, a group "are a disease");
 *   - unframed: a clinician's words reported ("the doctor said it's sepsis", "gave him months"), a funeral set for a
 *     day, "since the diagnosis", a baby born without life, "months behind" on the rent.
 *
 * Every pattern is linear: bounded gaps (`[^.?!;,]{0,N}`), no nested unbounded quantifiers, lookbehinds that read a
 * bounded window back (round14.happy.test.ts runs each on 100 KB adversarial text). General vocabulary of each class,
 * written for Orbit, no evaluation item.
 */

/** A class whose patterns are English only (other languages' turns read English's too). */
const englishOnly = (...en: string[]): ByLang => ({ en, es: [], de: [], fr: [], pt: [], it: [], nl: [] });

/** A clause start (English drops the subject: "been cutting again", "can't stop gambling"). */
const START_EN = "(?:^|[.!?,;:]\\s*|\\b(?:and|but|because|cause|cuz|since)\\s+)(?:i\\s+|i'?ve\\s+|i'?m\\s+)?";

const SELF_HARM: ByLang = {
  en: [
    gated(
      'cutting|burning|scarring|self',
      `${START_EN}(?:been|keep|kept|started|still|am|'m)\\s+(?:\\w+\\s+)?(?:cutting|burning|scarring|self[- ]harming)\\s+(?:myself|again|my (?:arms|wrists|legs|thighs|skin))\\b(?! (?:shaving|while|when|cooking|on\\b|at\\b|in the kitchen|with (?:the |a |my |hot )?(?:kitchen|knife|knives|mandoline|curling|straightener|hair|iron|oil|pan|kettle|steam|oven|stove|water|glue|solder|paper|box|tin)))`,
    ),
    `\\b${ME.en}\\s+(?:\\w+\\s+)?(?:relapsed (?:on|into) (?:self[- ]harm|cutting)|started self[- ]harming|self[- ]harm(?:ed)? again)\\b`,
    byMeOrRel(
      'en',
      '(?:tried|attempted|tries|try) to (?:kill (?:myself|himself|herself|themselves)|overdose|end (?:my|his|her|their) (?:own )?life|take (?:my|his|her|their) (?:own )?life|hang (?:myself|himself|herself))',
    ),
    '\\b(?:since|after)\\s+(?:my|his|her|their)\\s+(?:suicide\\s+)?attempt\\b(?! (?:at|to|on)\\b)|\\bsurvived\\s+(?:a|my)\\s+(?:suicide\\s+)?attempt\\b',
    '\\b(?:thoughts?|thinking|urges?)\\s+(?:about|of)\\s+(?:ending it|ending my life|killing myself|not (?:being here|waking up)|hurting myself)\\b(?! (?:with|for|between)\\b)',
    "\\b(?:i'?m|i am)\\s+(?:so\\s+)?done with (?:life|living|being alive)(?=\\s*(?:[.,;!?]|$|and|so|anymore))",
    '\\b(?:counsel?lor|therapist|psychiatrist|psychologist|doctor|crisis (?:team|line))\\s+(?:says|said|told me|wants me)\\s+(?:\\w+\\s+){0,4}(?:remove|lock up|get rid of|hand over)\\s+(?:the\\s+|my\\s+|all\\s+)?(?:razors|blades|pills|medications|meds|knives|belts)\\b',
  ],
  es: [
    '\\b(?:me sigo cortando|me he vuelto a cortar|me volvi a cortar|volvi a cortarme|me autolesiono|me hago cortes|me quemo (?:a proposito|con un mechero|con cigarros))\\b(?! (?:el|la|las unas|con el cuchillo|al afeitar))',
    '\\b(?:intente|intento|intentamos)\\s+(?:suicidarme|suicidarse|matarme|matarse|quitarme la vida|quitarse la vida)\\b|\\b(?:desde|despues de)\\s+(?:mi|su)\\s+intento de suicidio\\b',
    '\\bpensamientos\\s+(?:de|sobre)\\s+(?:suicidio|matarme|quitarme la vida|acabar con todo)\\b|\\bno quiero seguir viviendo\\b',
  ],
  de: [
    '\\bich\\s+(?:habe|hab)\\s+mich\\s+(?:\\w+\\s+){0,2}(?:geritzt|selbst verletzt)\\b|\\bich\\s+ritze\\s+mich\\b',
    '\\b(?:mein|meinem|nach meinem|seit meinem|sein|ihr)\\s+(?:suizidversuch|selbstmordversuch)\\b|\\b(?:ich|er|sie)\\s+(?:hat|habe|hab)\\s+versucht,?\\s+(?:mich|sich)\\s+(?:umzubringen|das leben zu nehmen)\\b',
    '\\bgedanken\\s+(?:an|uber)\\s+(?:suizid|selbstmord|den tod|das sterben)\\b|\\bich\\s+will\\s+nicht\\s+mehr\\s+leben\\b',
  ],
  fr: [
    '\\bje\\s+me\\s+(?:scarifie|mutile)\\b|\\bje\\s+me\\s+suis\\s+(?:encore\\s+|de nouveau\\s+)?(?:scarifiee?|mutilee?)\\b|\\bje\\s+me\\s+(?:coupe|brule)\\s+(?:encore|les bras|les poignets|les cuisses|volontairement|expres)\\b',
    "\\b(?:ma|sa|depuis ma|apres ma)\\s+tentative de suicide\\b|\\b(?:j(?:'| )ai|il a|elle a)\\s+(?:essaye|tente)\\s+de\\s+(?:me|se)\\s+(?:suicider|tuer|foutre en l'air)\\b",
    '\\bpensees\\s+(?:suicidaires|de mort)\\b|\\bje\\s+(?:ne\\s+)?veux\\s+plus\\s+vivre\\b',
  ],
  pt: [
    '\\b(?:continuo me cortando|voltei a me cortar|me cortei de novo|me automutilo|me machuco de proposito|me queimo de proposito)\\b',
    '\\b(?:tentei|tentou)\\s+(?:me matar|se matar|suicidio|me suicidar|se suicidar)\\b|\\b(?:minha|sua|desde a minha|depois da minha)\\s+tentativa de suicidio\\b',
    '\\bpensamentos\\s+(?:de|sobre)\\s+(?:suicidio|me matar|acabar com tudo|morrer)\\b|\\bnao quero mais viver\\b',
  ],
  it: [
    '\\bmi\\s+taglio\\s+(?:ancora|di nuovo|le braccia|i polsi|le gambe)\\b|\\bho\\s+ripreso\\s+a\\s+tagliarmi\\b|\\bmi\\s+sono\\s+tagliat[oa]\\s+(?:di nuovo|ancora|apposta|le braccia|i polsi)\\b|\\bmi\\s+faccio\\s+del\\s+male\\b',
    '\\b(?:ho|ha)\\s+tentato\\s+(?:il\\s+)?(?:suicidio|di\\s+uccidermi|di\\s+uccidersi|di\\s+togliermi la vita|di\\s+togliersi la vita)\\b|\\b(?:il mio|dopo il mio|dal mio)\\s+tentato suicidio\\b',
    '\\bpensieri\\s+(?:di suicidio|di farla finita|di morire|sul suicidio|suicidi|di morte)\\b|\\bnon\\s+voglio\\s+piu\\s+vivere\\b',
  ],
  nl: [
    '\\bik\\s+(?:snijd|kras)\\s+mezelf\\b|\\bik\\s+heb\\s+mezelf\\s+(?:\\w+\\s+){0,2}(?:gesneden|verwond|bezeerd)\\b(?! (?:bij het scheren|aan))',
    '\\b(?:mijn|zijn|haar|na mijn|sinds mijn)\\s+(?:zelfmoordpoging|suicidepoging)\\b|\\b(?:ik|hij|zij)\\s+(?:heb|heeft)\\s+geprobeerd\\s+(?:zelfmoord te plegen|mezelf van het leven te beroven|zichzelf van het leven te beroven)\\b',
    '\\bgedachten\\s+(?:aan|over)\\s+(?:zelfmoord|doodgaan|er een eind aan maken)\\b|\\bik\\s+wil\\s+niet\\s+meer\\s+leven\\b',
  ],
};

/** Weights a starving adult states (kilos 28–49, pounds 60–109). */
const LOW_KG = '(?:2[89]|[34]\\d)\\s*(?:kg|kilos?|kilo|chili|quilos?)';
const LOW_LB = '(?:[6-9]\\d|10\\d)\\s*(?:pounds|lbs?)';
const EATING: ByLang = {
  en: [
    gated(
      'eat & days',
      `\\b${ME.en}\\s+(?:\\w+\\s+)?(?:have(?:n'?t| not)|has(?:n'?t| not)|did(?:n'?t| not))\\s+eat(?:en)?\\s+(?:anything\\s+|a thing\\s+)?(?:in|for)\\s+(?:\\d+|two|three|four|five|six|seven|several|a few)\\s+days\\b|${START_EN}(?:have(?:n'?t| not)|did(?:n'?t| not))\\s+eat(?:en)?\\s+(?:anything\\s+)?(?:in|for)\\s+(?:\\d+|two|three|four|five|six|seven|several|a few)\\s+days\\b`,
    ),
    `\\b(?:i'?m|i am|i weigh|weighing)\\s+(?:only\\s+|already\\s+|just\\s+|at\\s+|down to\\s+){0,2}(?:${LOW_KG}|${LOW_LB})\\b[^.?!;]{0,50}\\b(?:still\\s+(?:feel|look|am)\\s+(?:so\\s+)?(?:huge|fat|big|heavy|disgusting|gross)|want\\s+(?:to\\s+(?:be|get|go)\\s+)?(?:even\\s+)?(?:less|lower|smaller|thinner)|need to lose more)\\b`,
    `\\b(?:my\\s+(?:\\w+\\s+){0,3}(?:at|from)\\s+(?:the|my)|${ME.en}\\s+(?:\\w+\\s+)?(?:in|at|out of|started|finished|left|discharged from))\\s+(?:an?\\s+|the\\s+|my\\s+)?eating disorder\\s+(?:clinic|unit|program|programme|service|ward|treatment|inpatient)\\b`,
  ],
  es: [
    '\\bllevo\\s+(?:\\d+|dos|tres|cuatro|cinco|varios)\\s+dias\\s+sin\\s+comer\\b|\\bno\\s+he\\s+comido\\s+(?:nada\\s+)?(?:en|desde hace)\\s+(?:\\d+|dos|tres|cuatro|cinco|varios)\\s+dias\\b',
    `\\bpeso\\s+(?:solo\\s+|ya\\s+)?${LOW_KG}\\b[^.?!;]{0,50}\\b(?:quiero (?:pesar |bajar )?(?:menos|mas)|me (?:sigo viendo|veo|siento) (?:gorda|gordo|enorme))\\b`,
  ],
  de: [
    '\\bich\\s+habe\\s+seit\\s+(?:\\d+|zwei|drei|vier|funf|mehreren)\\s+tagen\\s+nichts\\s+(?:mehr\\s+)?gegessen\\b|\\bich\\s+esse\\s+(?:\\w+\\s+){0,3}(?:fast|kaum|so gut wie)\\s+nichts\\s+mehr\\b',
    `\\bich\\s+wiege\\s+(?:nur\\s+|schon\\s+|noch\\s+)?${LOW_KG}\\b[^.?!;]{0,50}\\b(?:noch weniger|weniger wiegen|zu dick|fett|noch abnehmen)\\b`,
  ],
  fr: [
    "\\b(?:je\\s+n'?ai|j'ai|j ai)\\s+(?:rien|pas)\\s+mange\\s+depuis\\s+(?:\\d+|deux|trois|quatre|cinq|plusieurs)\\s+jours\\b|\\bje\\s+ne\\s+mange\\s+(?:presque|quasiment)\\s+plus\\s+rien\\b",
    `\\bje\\s+pese\\s+(?:seulement\\s+|deja\\s+)?${LOW_KG}\\b[^.?!;]{0,50}\\b(?:encore moins|peser moins|trop grosse?|me trouve grosse?|me sens grosse?)\\b`,
  ],
  pt: [
    '\\bnao\\s+(?:como|comi nada)\\s+(?:ha|faz)\\s+(?:\\d+|dois|tres|quatro|cinco|varios)\\s+dias\\b|\\bquase\\s+nao\\s+como\\s+mais\\b',
    `\\bpeso\\s+(?:so\\s+|apenas\\s+)?${LOW_KG}\\b[^.?!;]{0,50}\\b(?:quero (?:pesar )?menos|me sinto gord[oa]|me acho gord[oa])\\b`,
  ],
  it: [
    '\\bnon\\s+mangio\\s+da\\s+(?:\\d+|due|tre|quattro|cinque|diversi)\\s+giorni\\b|\\bnon\\s+mangio\\s+(?:quasi\\s+)?piu\\s+niente\\b',
    `\\bpeso\\s+(?:solo\\s+|gia\\s+)?${LOW_KG}\\b[^.?!;]{0,50}\\b(?:voglio pesare (?:ancora )?meno|mi sento grass[oa]|mi vedo grass[oa])\\b`,
  ],
  nl: [
    '\\bik\\s+(?:eet|at)\\s+(?:bijna|vrijwel|haast)\\s+(?:niks|niets)\\s+meer\\b|\\bik\\s+heb\\s+al\\s+(?:\\d+|twee|drie|vier|vijf)\\s+dagen\\s+niet\\s+gegeten\\b',
    `\\bik\\s+weeg\\s+(?:nog\\s+maar\\s+|maar\\s+|nu\\s+)?${LOW_KG}\\b[^.?!;]{0,50}\\b(?:nog minder|minder wegen|te dik|voel me (?:nog )?dik)\\b`,
  ],
};

const CHILD_EN =
  '(?:(?:my|our)\\s+(?:\\d+[- ]year[- ]old\\s+|little\\s+|young\\s+)?(?:daughter|son|child|kid|kids|girl|boy|stepdaughter|stepson|niece|nephew))';
const AGE_RESTRICTED_EN =
  '(?:vape|vapes|vaping|juul|nicotine|cigarettes|alcohol|beer|vodka|liquor|booze|a fake id|fake ids|casino|betting|sportsbook|dating app|hookup app|tinder|a tattoo without)';
/**
 * A stranger or grown-up (anchored), then a child of the speaker and a grooming cue (gifts, photos, a meeting, secrecy)
 * in either order, each within a bounded gap of the same sentence.
 */
const groomer = (adult: string, child: string, cue: string): string =>
  `\\b${adult}\\b(?:[^.?!;]{0,60}\\b${child}\\b[^.?!;]{0,60}\\b${cue}|[^.?!;]{0,60}\\b${cue}\\b[^.?!;]{0,60}\\b${child})\\b`;
const MINORS: ByLang = {
  en: [
    // A grown-up or stranger reaching a child: gifts, photos, a meeting, secrecy (the parent's words or the child's).
    `\\b(?:a|an|some)\\s+(?:older\\s+|grown\\s+|adult\\s+|random\\s+)?(?:man|men|guy|adult|stranger|grown-up|grownup)\\s+(?:online\\s+|on \\w+\\s+|from \\w+\\s+)?(?:\\w+\\s+){0,2}(?:sent|sends|asked|asks|keeps asking|wants|offered|messaged|messages|is messaging|told)\\s+${CHILD_EN}\\s+(?:\\w+\\s+){0,3}(?:gifts?|presents?|photos|pictures|pics|selfies|to meet|to send|to keep (?:it|this|them) (?:a )?secret|not to tell)\\b`,
    '\\b(?:a|an|some)\\s+(?:older\\s+|grown\\s+|adult\\s+|random\\s+)?(?:man|guy|adult|stranger|grown-up|grownup)\\s+(?:online\\s+|on \\w+\\s+)?(?:\\w+\\s+){0,2}(?:asked|asks|told|tells|wants|keeps asking)\\s+me\\s+(?:\\w+\\s+){0,3}(?:to keep (?:it|this|us) (?:a )?secret|not to tell (?:my|anyone)|to send (?:him\\s+)?(?:pics|photos|pictures|selfies) of (?:me|myself))\\b',
    `\\b(?:a|an|some)\\s+(?:older\\s+|grown\\s+|adult\\s+|random\\s+)?(?:man|guy|adult|stranger|grown-up|grownup)\\b[^.?!;]{0,60}\\b(?:asking|asked|asks|keeps asking|has been asking)\\s+(?:her|him)\\s+(?:for\\s+)?(?:pictures|photos|pics|selfies|nudes)\\b(?! of (?:the|a|an|his|their|it|my|our)\\b)`,
    `\\b(?:grooming|groomed)\\s+${CHILD_EN}\\b|\\b${CHILD_EN}\\s+(?:is|was)\\s+(?:being\\s+)?groomed\\b`,
    `\\b(?:i'?m|i am)\\s+(?:only\\s+|just\\s+)?(?:16|17|sixteen|seventeen)\\b(?!\\s*(?:pounds|lbs?|kg|kilos?|percent|%|minutes|hours|days|weeks|months|miles|km|k\\b))[^.?!;]{0,60}\\b${AGE_RESTRICTED_EN}\\b`,
    "\\b(?:i'?m|i am)\\s+(?:still\\s+)?(?:in high school|a junior in high school|a high school (?:student|junior|sophomore|freshman))\\b(?! (?:sports|administration|teaching|counsel))",
  ],
  es: [
    groomer(
      '(?:un (?:hombre|adulto|desconocido|senor mayor))',
      '(?:a mi|mi) (?:hij[oa]|nin[oa]|pequen[oa])',
      '(?:fotos|regalos|quedar|verse|encontrarse|secreto)',
    ),
    '\\b(?:estoy|voy)\\s+en\\s+(?:la\\s+)?(?:secundaria|prepa|preparatoria|bachillerato)\\b',
  ],
  de: [
    groomer(
      '(?:ein (?:mann|erwachsener|fremder|unbekannter))',
      '(?:meine|meiner|meinem|meinen) (?:tochter|sohn|kind)',
      '(?:geschenke|fotos|bilder|treffen|geheim)',
    ),
  ],
  fr: [
    groomer(
      '(?:un (?:homme|adulte|inconnu))',
      '(?:ma fille|mon fils|mon enfant)',
      '(?:cadeaux|photos|rencontrer|secret)',
    ),
    '\\bje\\s+suis\\s+en\\s+(?:seconde|2nde|terminale)\\b(?! (?:main|position|ligne|place))|\\bje\\s+suis\\s+au\\s+lycee\\b',
  ],
  pt: [
    groomer(
      '(?:um (?:homem|adulto|estranho|desconhecido))',
      '(?:minha filha|meu filho|minha crianca)',
      '(?:fotos|presentes|encontrar|segredo)',
    ),
    '\\bestou\\s+no\\s+(?:ensino medio|colegial)\\b',
  ],
  it: [
    groomer(
      '(?:un (?:uomo|adulto|estraneo|sconosciuto))',
      '(?:mia figlia|mio figlio|mio bambino|mia bambina)',
      '(?:foto|regali|incontrarl[ao]|vedersi|segreto)',
    ),
    '\\b(?:faccio|frequento)\\s+(?:il\\s+)?(?:(?:primo|secondo|terzo|quarto|quinto)\\s+anno\\s+(?:di|del)\\s+)?liceo\\b|\\bvado al liceo\\b',
  ],
  nl: [
    groomer(
      '(?:een (?:man|volwassene|vreemde|onbekende))',
      '(?:mijn (?:dochter|zoon|kind|dochtertje|zoontje))',
      '(?:cadeaus|cadeautjes|fotos|foto s|afspreken|geheim)',
    ),
    '\\bik\\s+zit\\s+in\\s+(?:de\\s+)?(?:brugklas|havo|vwo|vmbo|[1-4]e klas)\\b',
  ],
};

/** The user or their child bullied now (the corpus labels being bullied abuse-violence). */
const BULLIED: ByLang = {
  en: [
    byMeOrRel(
      'en',
      "(?:is|am|are|'m|'re|keeps?|has been|have been)\\s+(?:\\w+\\s+)?(?:being\\s+|getting\\s+)?(?:bullied|cyberbullied|harassed (?:at|in|after) school)\\b",
    ),
  ],
  es: [
    '\\bme\\s+hacen\\s+(?:bullying|acoso)\\b|\\bsufro\\s+(?:bullying|acoso escolar|ciberacoso)\\b|' +
      byRel(
        'es',
        '(?:le hacen|sufre)\\s+(?:bullying|acoso escolar|ciberacoso)|(?:es|esta siendo)\\s+acosad[oa]\\s+en\\s+(?:el colegio|la escuela|el instituto)',
      ),
  ],
  de: [
    '\\bich\\s+werde\\s+(?:\\w+\\s+){0,5}gemobbt\\b|' +
      byRel('de', 'wird\\s+(?:\\w+\\s+){0,5}(?:gemobbt|verprugelt|schikaniert)'),
  ],
  fr: [
    "\\bje\\s+(?:suis|me fais)\\s+harcelee?\\s+(?:a l'ecole|au college|au lycee)\\b|" +
      byRel(
        'fr',
        "(?:est|se fait)\\s+(?:\\w+\\s+){0,2}harcelee?\\s+(?:a l'ecole|au college|au lycee|en ligne)|(?:subit|vit)\\s+du\\s+harcelement",
      ),
  ],
  pt: ['\\b(?:sofro|estou sofrendo)\\s+bullying\\b|' + byRel('pt', '(?:sofre|esta sofrendo)\\s+bullying')],
  it: [
    '\\b(?:sono|vengo)\\s+(?:\\w+\\s+)?bullizzat[oa]\\b|\\bsubisco bullismo\\b|' +
      byRel('it', '(?:e|viene)\\s+(?:\\w+\\s+)?(?:bullizzat[oa]|vittima di bullismo)|subisce bullismo'),
  ],
  nl: ['\\bik\\s+word\\s+(?:\\w+\\s+){0,5}gepest\\b|' + byRel('nl', 'wordt\\s+(?:\\w+\\s+){0,5}gepest')],
};

/** A close person's overdose ("overdose" alone is a soft lexicon entry: a vitamin, a plant). */
const OVERDOSE: ByLang = {
  en: [byRel('en', "(?:overdosed|had an overdose|od'?d)\\b(?! on (?:vitamin|caffeine|coffee|sugar|candy))")],
  es: [byRel('es', '(?:tuvo|ha tenido|sufrio)\\s+una\\s+sobredosis')],
  de: [byRel('de', '(?:hatte|hat)\\s+(?:\\w+\\s+){0,2}(?:eine\\s+)?uberdosis')],
  fr: [byRel('fr', '(?:a fait|a eu)\\s+une\\s+(?:overdose|surdose)')],
  pt: [byRel('pt', '(?:teve|sofreu)\\s+uma\\s+(?:overdose|sobredose)')],
  it: [byRel('it', "(?:ha avuto|ha fatto)\\s+(?:un'?\\s*)?overdose")],
  nl: [byRel('nl', '(?:had|heeft)\\s+(?:\\w+\\s+){0,2}een\\s+overdosis')],
};

/** Immigration trouble of the user or a close person (a visa refused for a trip is not one). */
const IMMIGRATION: ByLang = {
  en: [
    gated(
      'overstay|deport|undocumented|detained by ',
      byMeOrRel(
        'en',
        "(?:overstayed|overstaying)\\s+(?:my|our|his|her|their|the)\\s+visa|(?:is|am|are|was|were|'m|'re)\\s+(?:now\\s+|being\\s+|getting\\s+|going to be\\s+|about to be\\s+)?deported|(?:could|might|will|may|would)\\s+(?:\\w+\\s+)?be\\s+deported|facing\\s+deportation|in\\s+deportation\\s+proceedings|(?:am|are|is|'m|'re)\\s+undocumented|detained by (?:ice agents|immigration|border (?:patrol|agents|officers))",
      ),
    ),
    gated(
      'overstayed|deport',
      `${START_EN}(?:overstayed\\s+(?:my|our)\\s+visa|(?:might|could|will|may)\\s+be\\s+deported|(?:am\\s+|'m\\s+)?facing\\s+deportation)\\b`,
    ),
    '\\b(?:my|our)\\s+(?:residence permit|work permit|green card|asylum (?:claim|application)|(?:work|student|residence|spousal|employment) visa(?: (?:extension|renewal|application))?|visa (?:extension|renewal))\\s+(?:was|got|has been|have been)\\s+(?:denied|refused|rejected|revoked)\\b',
    '\\b(?:my|our)\\s+(?:\\w+\\s+)?(?:asylum|deportation|removal)\\s+(?:hearing|interview|case|order|proceedings|claim|application)\\b',
  ],
  es: [
    '\\bme\\s+(?:van a|quieren|pueden)\\s+deportar\\b|\\b(?:mi|nuestra)\\s+(?:solicitud de asilo|orden de deportacion)\\b|\\b(?:estoy|estamos)\\s+(?:sin papeles|indocumentad[oa]s?|en situacion irregular)\\b',
  ],
  de: [
    '\\b(?:ich|wir)\\s+(?:werde|werden|soll|sollen)\\s+(?:\\w+\\s+){0,2}abgeschoben\\b|\\bmein(?:e)?\\s+(?:asylantrag|abschiebung|duldung|aufenthaltserlaubnis)\\s+(?:\\w+\\s+){0,2}(?:abgelehnt|droht|lauft ab|abgelaufen)\\b',
  ],
  fr: [
    "\\b(?:j(?:'| )ai|nous avons)\\s+(?:recu\\s+)?une\\s+oqtf\\b|\\bma\\s+demande\\s+d'asile\\b|\\bje\\s+(?:vais|risque d')\\s*(?:etre\\s+)?expulsee?\\s+du\\s+territoire\\b|\\bje\\s+suis\\s+(?:sans papiers|sans-papiers|en situation irreguliere)\\b",
  ],
  pt: [
    '\\b(?:vou|posso)\\s+ser\\s+deportad[oa]\\b|\\bmeu\\s+pedido\\s+de\\s+asilo\\b|\\bestou\\s+(?:sem documentos|indocumentad[oa])\\b',
  ],
  it: [
    "\\brischio\\s+(?:l')?\\s*espulsione\\b|\\bla\\s+mia\\s+richiesta\\s+di\\s+asilo\\b|\\bil\\s+mio\\s+permesso\\s+di\\s+soggiorno\\s+(?:e\\s+)?(?:scaduto|negato|revocato)\\b|\\bsono\\s+(?:senza documenti|senza permesso di soggiorno|clandestin[oa])\\b",
  ],
  nl: [
    '\\bik\\s+word\\s+(?:\\w+\\s+){0,2}(?:het land uitgezet|uitgezet naar)\\b|\\bmijn\\s+(?:asielaanvraag|verblijfsvergunning)\\s+(?:\\w+\\s+){0,2}(?:afgewezen|ingetrokken|verlopen)\\b|\\bik\\s+ben\\s+(?:ongedocumenteerd|zonder papieren)\\b',
  ],
};

/**
 * Paid sexual services and pornography sites: compounds lexicon.ts's phrases miss ("pornoseite") and kinds ("escort
 * agency"; "escort" alone is a soft entry: a car, an oversize-load escort service).
 */
const ADULT_ALL =
  '\\bporn\\w*(?:site|seite|sites|seiten|abo|hub|videos?|film)\\b|\\bporno?(?:site|seite)\\b|\\b(?<!ford )escort\\s*(?:agency|agencies|girls?|agentur|bureau|agenzia|agencia)\\b|\\b(?:private\\s+)?lap\\s*dances?\\b|\\bstrip\\s*clubs?\\b|\\bhardcore\\s+(?:porn|sex|videos?|clips)\\b|\\b(?:buy|sell|selling|buying)\\s+(?:\\w+\\s+)?nudes\\b|\\b(?:club de striptease|stripclub|stripteaseclub|locale di lap dance)\\b';
const ADULT = englishOnly(ADULT_ALL);

/** Hate: a group mocked, excluded from a place, or called a disease (patterns-round11.ts reads pests and "by nature"). */
const GROUP_EN =
  '(?:gays|gay people|lesbians|trans people|jews|muslims|blacks|black people|asians|mexicans|arabs|immigrants|refugees|migrants|foreigners|gypsies|homos)';
const HATE: ByLang = {
  en: [
    // Something the user wants made that mocks a group (a documentary about people mocking one is a topic).
    `\\b(?:slogans?|jokes?|shirts?|t-shirts?|mugs?|stickers?|memes?|songs?|poems?|merch|signs?|posters?|captions?|flags?)\\s+(?:\\w+\\s+){0,2}(?:mocking|ridiculing|making fun of|insulting|that (?:mocks|insults|hates))\\s+(?:the\\s+)?${GROUP_EN}\\b`,
    gated(
      'gay|lesbians|trans people|jews|muslims|black|asians|mexicans|arabs|immigrants|refugees|migrants|foreigners|gypsies|homos|white',
      `\\b(?:neighbou?rhood|area|town|city|school|building|street|gym|app|site)\\s+(?:\\w+\\s+){0,3}(?:with\\s+no|without\\s+any|free\\s+of)\\s+${GROUP_EN}\\b|\\bonly\\s+for\\s+white\\s+(?:people|folks|users|singles|members)\\b`,
    ),
    `\\b${GROUP_EN}\\s+(?:are|is)\\s+(?:a disease|diseased|sick in the head|animals|subhuman|all criminals|taking over (?:everything|our|the country))\\b|\\b(?:calling|call|calls)\\s+${GROUP_EN}\\s+(?:animals|vermin|rats|a disease)\\b|\\b(?:lower|lesser)\\s+races\\b(?!\\s+(?:in|at|of|on|for|this|next|today|tomorrow|and))`,
  ],
  es: [],
  de: [
    '\\b(?:die\\s+)?(?:fluchtlinge|auslander|migranten|juden|muslime|schwulen)\\s+(?:\\w+\\s+){0,3}(?:sind|seien)\\s+(?:doch\\s+)?(?:alle|allesamt)\\s+(?:kriminell|kriminelle|verbrecher|tiere)\\b|\\b(?:fluchtlinge|auslander|migranten|juden|muslime|schwulen)\\s+sind\\s+(?:\\w+\\s+)?(?:tiere|eine krankheit|abschaum)\\b',
  ],
  fr: [
    '\\b(?:les\\s+)?(?:homos|pedes|gays)\\s+sont\\s+(?:tous\\s+)?(?:des\\s+)?malades\\b|\\b(?:les\\s+)?(?:homos|gays|juifs|musulmans|immigres|refugies|migrants|noirs|arabes)\\s+sont\\s+(?:tous\\s+)?(?:des animaux|des criminels|une maladie)\\b',
  ],
  pt: [],
  it: [],
  nl: [],
};

/** Situations told without a personal frame whose wording is an event, not a topic. */
const CLINICIAN_EN =
  '(?:doctor|doctors|dr|oncologist|surgeon|er doctor|consultant|specialist|neurologist|cardiologist|psychiatrist)';
/** A serious diagnosis a clinician named (not "no cancer", not "cancer screening"). */
const NAMED_ILL_EN =
  "(?:(?:it'?s|its|it is|that|that it'?s|she has|he has|i have|we have|it might be|it may be|probably|it was)\\s+)?(?:stage\\s+\\w+\\s+|terminal\\s+|advanced\\s+|metastatic\\s+|an?\\s+)?(?:cancer|tumou?r|sepsis|stroke|dementia|terminal|bipolar|schizophrenia|psychosis|heart failure|leuka?emia)\\b(?! (?:screening|tests?|testing|research|risk|awareness|prevention|checks?|runs|is (?:rare|unlikely)))";
const UNFRAMED_MEDICAL: ByLang = {
  en: [
    gated(
      'cancer|tumo|sepsis|stroke|dementia|terminal|bipolar|schizophrenia|psychosis|heart failure|leuk|gave',
      `\\b${CLINICIAN_EN}\\s+(?:says?|said|told (?:us|me|him|her|them)|confirmed|thinks)\\s+${NAMED_ILL_EN}|\\b${CLINICIAN_EN}\\s+gave\\s+(?:him|her|them|us|me|my\\s+\\w+)\\s+(?:only\\s+|just\\s+)?(?:a few\\s+|a couple of\\s+)?(?:days|weeks|months)\\b(?!\\s+(?:to (?:recover|heal|rest|decide|pay|think|get|prepare)|off|of|for|notice))`,
    ),
    "\\b(?:i'?m|i am|we'?re|he'?s|she'?s)\\s+having\\s+(?:a\\s+)?(?:severe\\s+|bad\\s+)?(?:manic|psychotic|severe|bipolar|depressive)\\s+episode\\b(?! of)",
  ],
  es: [
    '\\b(?:el medico|la medica|el doctor|la doctora|el oncologo)\\s+(?:dijo|dice|nos dijo)\\s+(?:que\\s+)?(?:es\\s+)?(?:cancer|un tumor|sepsis|terminal)\\b(?! (?:de piel leve|benigno))|\\b(?:el medico|el doctor|el oncologo)\\s+le\\s+(?:dio|da)\\s+(?:solo\\s+)?(?:unas\\s+)?(?:semanas|meses)\\s+de\\s+vida\\b|\\bdesde el diagnostico\\b',
  ],
  de: [
    '\\b(?:der arzt|die arztin|der onkologe)\\s+(?:sagt|sagte|meinte)\\s+(?:es ist\\s+|es sei\\s+)?(?:krebs|ein tumor|sepsis|unheilbar)\\b|\\bnur noch\\s+(?:\\w+\\s+)?(?:wochen|monate)\\s+zu\\s+leben\\b|\\bseit der diagnose\\b',
  ],
  fr: [
    "\\b(?:le medecin|le docteur|l'oncologue)\\s+(?:a dit|dit|nous a dit)\\s+(?:que\\s+)?(?:c'est\\s+)?(?:un cancer|une tumeur|une septicemie|en phase terminale)\\b|\\b(?:plus que|encore)\\s+quelques\\s+(?:semaines|mois)\\s+a\\s+vivre\\b|\\bdepuis le diagnostic\\b",
  ],
  pt: [
    '\\b(?:o medico|a medica|o oncologista)\\s+(?:disse|falou)\\s+(?:que\\s+)?(?:e\\s+)?(?:cancer|um tumor|sepse|terminal)\\b|\\b(?:semanas|meses)\\s+de\\s+vida\\b(?<=(?:so|apenas|poucos|poucas)\\s+(?:semanas|meses) de vida)|\\bdesde o diagnostico\\b',
  ],
  it: [
    "\\b(?:il medico|la dottoressa|il dottore|l'oncologo)\\s+(?:ha detto|dice)\\s+(?:che\\s+)?(?:e\\s+)?(?:un cancro|un tumore|sepsi|terminale)\\b|\\b(?:poche settimane|pochi mesi)\\s+di\\s+vita\\b|\\bdalla diagnosi\\b",
  ],
  nl: [
    '\\b(?:de dokter|de arts|de oncoloog)\\s+(?:zegt|zei)\\s+(?:dat het\\s+)?(?:kanker|een tumor|sepsis|terminaal)\\b|\\bnog\\s+maar\\s+(?:\\w+\\s+)?(?:weken|maanden)\\s+te\\s+leven\\b|\\bsinds de diagnose\\b',
  ],
};
const DAY_EN = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
const UNFRAMED_DEATH: ByLang = {
  en: [
    `\\bthe\\s+(?:funeral|burial|memorial service|cremation)\\s+(?:is|will be)\\s+(?:on\\s+${DAY_EN}|tomorrow|today|tonight|this\\s+(?:morning|afternoon|evening|week|weekend|${DAY_EN})|next\\s+(?:week|${DAY_EN})|in\\s+\\w+\\s+days?)\\b`,
  ],
  es: [
    '\\b(?:el funeral|el entierro|el velorio)\\s+(?:es|sera)\\s+(?:el\\s+|este\\s+)?(?:manana|hoy|esta tarde|lunes|martes|miercoles|jueves|viernes|sabado|domingo)\\b',
  ],
  de: [
    '\\bdie\\s+(?:beerdigung|beisetzung|trauerfeier)\\s+ist\\s+(?:am\\s+|nachsten\\s+|diesen\\s+)?(?:morgen|heute|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)\\b',
  ],
  fr: [
    "\\b(?:l'enterrement|les obseques|la ceremonie funeraire)\\s+(?:est|sont|aura lieu|auront lieu)\\s+(?:prevue?s?\\s+)?(?:ce\\s+|le\\s+)?(?:demain|aujourd'hui|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\\b",
  ],
  pt: [
    '\\b(?:o funeral|o enterro|o velorio)\\s+(?:e|sera)\\s+(?:no\\s+|na\\s+|neste\\s+|nesta\\s+)?(?:amanha|hoje|segunda|terca|quarta|quinta|sexta|sabado|domingo)\\b',
  ],
  it: [
    '\\b(?:il funerale|i funerali)\\s+(?:e|sono|sara|saranno)\\s+(?:questo\\s+|il\\s+)?(?:domani|oggi|lunedi|martedi|mercoledi|giovedi|venerdi|sabato|domenica)\\b',
  ],
  nl: [
    '\\bde\\s+(?:begrafenis|uitvaart|crematie)\\s+is\\s+(?:op\\s+|aanstaande\\s+|volgende\\s+|deze\\s+)?(?:morgen|vandaag|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag)\\b',
  ],
};
const UNFRAMED_PREGNANCY: ByLang = {
  en: [
    "\\b(?:since|after)\\s+(?:losing|we lost|i lost)\\s+(?:the|our|my)\\s+(?:pregnancy|baby)\\b(?! (?:weight|fat|teeth|tooth|shower|blues|monitor|clothes))|\\b(?:baby|babies|twins|son|daughter)\\s+(?:was|were)\\s+(?:born\\s+(?:\\w+\\s+){0,3}(?:and\\s+)?(?:did ?n'?t|did not|never)\\s+(?:survive|make it|breathe)|stillborn)\\b",
  ],
  es: ['\\b(?:nacio|nacieron)\\s+(?:muert[oa]s?|sin vida)\\b'],
  de: ['\\b(?:kam|kamen)\\s+still\\s+zur\\s+welt\\b|\\b(?:tot|still)\\s+geboren\\b'],
  fr: ['\\b(?:nee?s?|est nee?)\\s+sans\\s+vie\\b|\\bmort-nee?\\b'],
  pt: ['\\bnasceu\\s+(?:mort[oa]|sem vida)\\b|\\bnatimort[oa]\\b'],
  it: ['\\b(?:nato|nata|nati)\\s+(?:mort[oa]|morti|senza vita)\\b'],
  nl: ['\\bdoodgeboren\\b|\\bstil\\s+geboren\\b'],
};

/** Rent or bills months behind, and losing control of gambling or drugs, with the subject dropped. */
const UNFRAMED_MONEY = englishOnly(
  "\\b(?:i'?m|i am|we'?re|we are|been)\\s+(?:\\w+\\s+)?(?:two|three|four|five|six|several|\\d+)\\s+months\\s+behind\\b(?=\\s*(?:[,.;!?]|$|on\\s+(?:the\\s+|my\\s+|our\\s+)?(?:rent|mortgage|bills|payments|loan|utilities|car payments?)))",
);
const UNFRAMED_USE = englishOnly(
  `${START_EN}(?:can'?t|cannot)\\s+stop\\s+(?:drinking|gambling|betting|using|buying (?:lottery tickets|scratch(?:ers| cards)))\\b`,
  `${START_EN}(?:lost|blew|gambled away)\\s+(?:my|our)\\s+(?:rent|rent money|savings|paycheck|wages)\\s+(?:\\w+\\s+){0,2}(?:on|at)\\s+(?:\\w+\\s+){0,2}(?:bets|betting|gambling|the casino|casinos|slots|poker|scratch cards)\\b`,
  `${START_EN}(?:been|keep|still)\\s+(?:using|doing|snorting|smoking)\\s+(?:coke|cocaine|crack|meth|heroin|fentanyl|ketamine|oxy|speed)\\s+(?:every|each|most)\\s+(?:day|night|weekend|morning)`,
);

/** Each class of this round and its pattern lists (situations.ts adds them to its own). */
export const ROUND14_CLASSES: [SafetyCategory, ByLang[]][] = [
  ['self-harm', [SELF_HARM]],
  ['eating-disorder', [EATING]],
  ['minors', [MINORS]],
  ['legal-trouble', [IMMIGRATION]],
  ['adult', [ADULT]],
  ['hate', [HATE]],
  ['abuse-violence', [BULLIED]],
  ['medical-crisis', [UNFRAMED_MEDICAL]],
  ['death-grief', [UNFRAMED_DEATH]],
  ['pregnancy-loss', [UNFRAMED_PREGNANCY]],
  ['financial-distress', [UNFRAMED_MONEY]],
  ['addiction', [UNFRAMED_USE, OVERDOSE]],
];
