import type { SafetyCategory } from './categories.js';
import { OWN, ME, framed, type ByLang } from './situation-frames.js';
import { gated } from './situation-gates.js';
import { ROUND16_MORE_CLASSES, some } from './situations-round16-more.js';

/**
 * The situation detector's third round (record 0036 round 16): classes of a hard situation stated beside a purchase or
 * a practical request that rounds 13 and 14 (situations.ts, situations-round14.ts) do not read, in the same style —
 * folded text, seven languages where the class is worded per language, bounded gaps — and every pattern behind a
 * literal prefilter (situation-gates.ts `gated`): a turn without the pattern's event words never runs it.
 *
 *   - hate: keeping a named group out of a place or a service ("keep the X out", "filter out X", "X not welcome"), and
 *     proving or keeping a "pure" ancestry ("no X blood", "100 % white");
 *   - minors: the user in a school year that means 15 or younger (6th–9th grade, middle school, "en quatrième",
 *     "8. Klasse", "terza media"), or one beside an age-restricted product; a self-stated 13–17 beside hiding
 *     something from the parents ("without my parents knowing", "sin que mis padres se enteren");
 *   - eating-disorder: a starving weight beside seeing oneself huge or fat (round 14 reads "feel fat" and "want less");
 *   - addiction: money lost on gambling with an amount in the thousands, or beside hiding it or chasing it back;
 *   - financial-distress: a utility switched off for arrears ("shutting us off", "Strom wird abgestellt"), months
 *     behind on everything, several credit cards maxed, the only income gone;
 *   - self-harm: possessions given away "where I'm going" beside a farewell letter or "it's not your fault"; new or
 *     fresh self-injury scars on the body;
 *   - abuse-violence: an adult who keeps touching a child, told by the parent with the child's distress.
 *
 * Guards (round16-situations.happy.test.ts): a teacher of 7th grade, refugees kept out of the cold, a coat not needed
 * where one travels, acne scars, a coach's hand on a shoulder for a swing, a bet lost with a friend, a comedian who
 * "turns me off". General vocabulary of each class, written for Orbit; no evaluation item.
 */

/** Groups named as people (plural nouns), English. */
const GROUP_EN =
  '(?:the\\s+|those\\s+|these\\s+|any\\s+|all\\s+(?:the\\s+)?)?(?:mexicans|africans|arabs|asians|latinos|hispanics|blacks|black people|jews|muslims|immigrants|migrants|refugees|foreigners|gypsies|romanians|turks|somalis|syrians|pakistanis|indians|chinese people|gays|trans people|brown people)';
const GROUP_WORDS_EN =
  'mexicans|africans|arabs|asians|latinos|hispanics|blacks|black people|jews|muslims|immigrants|migrants|refugees|foreigners|gypsies|romanians|turks|somalis|syrians|pakistanis|indians|chinese people|gays|trans people|brown people';
const GROUP_ES =
  '(?:inmigrantes|gitanos|moros|negros|arabes|judios|musulmanes|mexicanos|latinos|sudacas|extranjeros|africanos|rumanos)';
const GROUP_DE = '(?:auslander|fluchtlinge|migranten|turken|araber|zigeuner|juden|muslime|afrikaner|rumanen|schwarzen)';
const GROUP_FR =
  '(?:arabes|noirs|immigres|migrants|gitans|roms|juifs|musulmans|etrangers|africains|maghrebins|roumains)';
const GROUP_PT =
  '(?:imigrantes|ciganos|negros|judeus|muculmanos|estrangeiros|africanos|nordestinos|venezuelanos|haitianos)';
const GROUP_IT = '(?:immigrati|zingari|rom|africani|arabi|musulmani|ebrei|stranieri|extracomunitari|rumeni)';
const GROUP_NL = '(?:marokkanen|turken|buitenlanders|vluchtelingen|migranten|moslims|joden|zigeuners|afrikanen)';

const HATE: ByLang = {
  en: [
    gated(
      'keep|get|stop|driv|kick|filter|screen|weed|ban & ' + GROUP_WORDS_EN,
      `\\b(?:keep|keeps|keeping|get|gets|getting|drive|driving|kick|kicking|ban|banning)\\s+${GROUP_EN}\\s+(?:out|away|off)\\b(?!\\s+of\\s+(?:the\\s+)?(?:cold|rain|heat|sun|danger|harm|poverty|water|sea|trouble|jail|prison))|\\b(?:keep|keeping|stop|stopping)\\s+${GROUP_EN}\\s+from\\s+(?:taking over|coming|moving in|using|joining|renting|buying|playing|getting in|entering|living)\\b|\\b(?:filters?|filtering|screens?|screening|weeds?|weeding|keeps?|keeping)\\s+out\\s+${GROUP_EN}\\b`,
    ),
    gated(
      'allowed|welcome & ' + GROUP_WORDS_EN,
      `\\bno\\s+${GROUP_EN}\\s+allowed\\b|\\b${GROUP_EN}\\s+(?:are|is)\\s+not\\s+(?:welcome|allowed)\\b|\\b${GROUP_EN}\\s+(?:aren'?t|isn'?t)\\s+(?:welcome|allowed)\\b`,
    ),
    gated(
      'blood|white|aryan|pure|lineage|ancestry|dna|genes',
      "\\b(?:no|without any|zero)\\s+(?:jewish|african|black|arab|asian|mixed|foreign|non-white)\\s+(?:blood|ancestry|dna|genes)\\b|\\b(?:100|a hundred)\\s?%\\s+(?:white|aryan|pure)\\b|\\bpure\\s+(?:white|aryan|european)\\s+(?:blood|race|ancestry|bloodline|dna|heritage)\\b|\\b(?:racially|ethnically)\\s+pure\\b|\\bpure\\s*-?\\s*blooded\\s+(?:white|aryan)\\b|\\b(?:bloodline|lineage|ancestry)\\s+(?:is\\s+|was\\s+|stays\\s+|remains\\s+)?(?:pure|untainted|unmixed)\\b(?<!(?:dog|dogs|puppy|puppies|horse|horses|cat|cats|breed|breeder|breeders|kennel|pedigree|cattle)(?:'s)?\\s(?:[\\w']+\\s){0,4}(?:bloodline|lineage|ancestry)\\s+(?:is\\s+|was\\s+|stays\\s+|remains\\s+)?(?:pure|untainted|unmixed))",
    ),
  ],
  es: [
    gated(
      'fuera|lejos|echar|sacar|alejar|alejad|apartar & ' + GROUP_ES.slice(3, -1),
      `\\b(?:mantener|tener|dejar)\\s+(?:a\\s+)?(?:los|las|esos|esas)\\s+${GROUP_ES}\\s+(?:fuera|lejos|alejados)\\b|\\b(?:alejar|echar|sacar|apartar)\\s+a\\s+(?:los|las|esos|esas)\\s+${GROUP_ES}\\b(?!\\s+de\\s+(?:la pobreza|el peligro|las calles))`,
    ),
    gated(
      'sangre|blanc',
      `\\b(?:sin|no tengo|ni una gota de)\\s+sangre\\s+(?:judia|africana|negra|arabe|gitana|mestiza)\\b|\\b100\\s?%\\s+blanc[oa]\\b|\\bsangre\\s+(?:blanca\\s+)?pura\\b(?<!caballo de sangre pura)`,
    ),
  ],
  de: [
    gated(
      'fernh|raushalt|rauswerf|loswerd|unerwunscht|nicht erwunscht & ' + GROUP_DE.slice(3, -1),
      `\\b${GROUP_DE}\\s+(?:\\w+\\s+){0,3}(?:fernhalt|fernhalten|fernhaelt|raushalt|raushalten|rauswerfen|loswerden|unerwunscht|nicht erwunscht)\\w*\\b`,
    ),
    gated(
      'blut|weiss|arisch',
      `\\bkein\\s+(?:judisches|afrikanisches|arabisches|schwarzes|fremdes)\\s+blut\\b|\\b100\\s?%\\s+(?:weiss|arisch)\\b`,
    ),
  ],
  fr: [
    gated(
      'eloign|ecart|vire|chass|tenir a l & ' + GROUP_FR.slice(3, -1),
      `\\b(?:eloigner|ecarter|ecarte|virer|chasser|tenir a l'ecart|tenir eloignes)\\s+(?:tous\\s+)?(?:les\\s+|ces\\s+)${GROUP_FR}\\b`,
    ),
    gated(
      'sang|blanc',
      `\\bpas\\s+(?:une goutte\\s+)?de\\s+sang\\s+(?:juif|africain|arabe|noir|etranger)\\b|\\b100\\s?%\\s+blanc(?:he)?\\b`,
    ),
  ],
  pt: [
    gated(
      'afast|longe|expuls|tirar & ' + GROUP_PT.slice(3, -1),
      `\\b(?:afastar|afaste|manter longe|mantenha longe|expulsar|tirar)\\s+(?:os\\s+|as\\s+|esses\\s+|essas\\s+)${GROUP_PT}\\b`,
    ),
    gated('sangue|branc', `\\bsem\\s+sangue\\s+(?:judeu|africano|negro|arabe|cigano)\\b|\\b100\\s?%\\s+branc[oa]\\b`),
  ],
  it: [
    gated(
      'lontan|allontan|cacci|fuori & ' + GROUP_IT.slice(3, -1).replace('|rom|', '|rom |'),
      `\\b(?:tenere lontani|tenere fuori|allontanare|cacciare)\\s+(?:gli\\s+|i\\s+|le\\s+|questi\\s+)?${GROUP_IT}\\b`,
    ),
    gated('sangue|bianc', `\\bniente\\s+sangue\\s+(?:ebreo|africano|arabo|zingaro)\\b|\\b100\\s?%\\s+bianc[oa]\\b`),
  ],
  nl: [
    gated(
      'houden|weren|wegjagen & ' + GROUP_NL.slice(3, -1),
      `\\b${GROUP_NL}\\s+(?:\\w+\\s+){0,3}(?:buiten te houden|weg te houden|te weren|buitenhouden|weghouden|weren|wegjagen)\\b`,
    ),
    gated('bloed', `\\bgeen\\s+(?:joods|afrikaans|arabisch|zwart|vreemd)\\s+bloed\\b`),
  ],
};

/** Age-restricted things a child may be buying or using (English). */
const RESTRICTED_EN =
  '(?:vape|vapes|vaping|juul|nicotine|cigarettes|alcohol|beer|vodka|liquor|booze|cider|wine|fake id|casino|betting|dating app|hookup app|tinder)';
const RESTRICTED_WORDS_EN =
  'vap|juul|nicotine|cigarette|alcohol|beer|vodka|liquor|booze|cider|wine|fake id|casino|betting|dating app|hookup|tinder';
const GRADE_EN =
  '(?:(?:5th|6th|7th|8th|9th|fifth|sixth|seventh|eighth|ninth)\\s+grade(?:rs?)?|middle school|junior high|year\\s+(?:6|7|8|9|10|six|seven|eight|nine|ten))';
const NOT_TEACHER =
  '(?!\\s+(?:teacher|teachers|teaching|math|maths|science|english|history|curriculum|classroom|students|pupils|class|lesson|level|reading))';
/** A self-stated age of 13–17 (not a quantity). */
const TEEN_EN =
  "\\b(?:i'?m|i am|im)\\s+(?:only\\s+|just\\s+)?(?:a\\s+)?(?:(?:high school\\s+)?(?:freshman|sophomore|junior)\\s*\\(?\\s*)?(?:1[3-7]|thirteen|fourteen|fifteen|sixteen|seventeen)\\b(?!\\s*(?:pounds|lbs?|kg|kilos?|percent|%|minutes|mins|hours|days|weeks|months|years? (?:ago|in|of)|miles|km|k\\b|inch|cm|\\$|dollars|euros))";
const HIDING_EN =
  "(?:without my (?:parents|mom|mum|dad|mother|father)(?:'s?)?\\s+(?:knowing|finding out|permission|consent|knowledge)|without (?:needing |a |any )?parent(?:al|s'?)?\\s+(?:permission|consent|signature)|(?:doesn'?t|don'?t|does not|do not|won'?t)\\s+need\\s+(?:a\\s+)?parent(?:al|s'?)?\\s+(?:permission|consent|signature)|so (?:that )?my (?:parents|mom|mum|dad) (?:don'?t|won'?t|never|can'?t) (?:know|find out|see|notice)|hide (?:it |this |them )?from my (?:parents|mom|mum|dad)|behind my (?:parents|mom|mum|dad)(?:'s?)? backs?)";

const MINORS: ByLang = {
  en: [
    gated(
      'grade|middle school|junior high|year',
      `\\b(?:i'?m|i am|im|we'?re|we are)\\s+(?:only\\s+|just\\s+|still\\s+)?(?:in\\s+)?(?:the\\s+|a\\s+|an\\s+)?${GRADE_EN}\\b${NOT_TEACHER}`,
    ),
    gated(
      `grade|middle school|junior high & ${RESTRICTED_WORDS_EN}`,
      `\\b(?:5th|6th|7th|8th|9th|fifth|sixth|seventh|eighth|ninth)\\s+grade\\b${NOT_TEACHER}[^?!]{0,150}\\b${RESTRICTED_EN}\\b|\\b${RESTRICTED_EN}\\b[^?!]{0,150}\\b(?:5th|6th|7th|8th|9th|fifth|sixth|seventh|eighth|ninth)\\s+grade\\b${NOT_TEACHER}`,
    ),
    gated(
      '1|teen & parent|mom|mum|dad|mother|father',
      `${TEEN_EN}[^]{0,200}?\\b${HIDING_EN}|\\b${HIDING_EN}\\b[^]{0,200}?${TEEN_EN}`,
    ),
  ],
  es: [
    gated(
      'eso|primaria',
      '\\b(?:estoy|estamos|voy|vamos)\\s+en\\s+(?:primero|segundo|tercero|cuarto|1o|2o|3o|4o)\\s+de\\s+(?:la\\s+)?eso\\b|\\b(?:estoy|voy)\\s+en\\s+(?:quinto|sexto|5o|6o)\\s+de\\s+primaria\\b',
    ),
    gated(
      'anos & padres|madre|padre|mama|papa',
      '\\btengo\\s+(?:1[3-7]|trece|catorce|quince|dieciseis|diecisiete)\\s+anos\\b[^]{0,200}?\\b(?:sin que (?:mis padres|mi madre|mi padre|mi mama|mi papa) (?:lo |se )?(?:sepan?|enteren?)|sin (?:el )?permiso de (?:mis padres|mi madre|mi padre)|a escondidas de (?:mis padres|mi madre|mi padre))\\b',
    ),
  ],
  de: [
    gated(
      'klasse',
      '\\b(?:ich|wir)\\s+(?:bin|sind|gehe|gehen)\\s+in\\s+(?:die|der)\\s+(?:5|6|7|8|9|funfte|sechste|siebte|achte|neunte|funften|sechsten|siebten|achten|neunten)\\.?\\s+klasse\\b',
    ),
    gated(
      'bin & eltern|mutter|vater|mama|papa',
      '\\bich\\s+bin\\s+(?:erst\\s+)?(?:1[3-7]|dreizehn|vierzehn|funfzehn|sechzehn|siebzehn)\\b(?!\\s*(?:kilo|kg|euro|jahre (?:alt )?(?:verheiratet|zusammen)))[^]{0,200}?\\b(?:ohne dass (?:meine eltern|meine mutter|mein vater|mama|papa) (?:es\\s+|das\\s+)?(?:wissen|weiss|merken|merkt|erfahren|erfahrt)|ohne (?:die )?erlaubnis (?:meiner eltern|meiner mutter|meines vaters)|heimlich vor (?:meinen eltern|meiner mutter|meinem vater))\\b',
    ),
  ],
  fr: [
    gated(
      'suis',
      '\\bje\\s+suis\\s+en\\s+(?:6e|6eme|sixieme|5e|5eme|cinquieme|4e|4eme|quatrieme|3e|3eme|troisieme)\\b(?!\\s+(?:position|place|annee|rang|ligne))|\\bje\\s+suis\\s+au\\s+college\\b(?!\\s+(?:de france|universitaire))',
    ),
    gated(
      'ans & parents|mere|pere',
      "\\bj'ai\\s+(?:1[3-7]|treize|quatorze|quinze|seize|dix-sept)\\s+ans\\b[^]{0,200}?\\b(?:sans que (?:mes parents|ma mere|mon pere) (?:le\\s+)?(?:sachent|sache|remarquent)|sans l'autorisation de (?:mes parents|ma mere|mon pere)|en cachette de (?:mes parents|ma mere|mon pere))\\b",
    ),
  ],
  pt: [
    gated(
      'ano|fundamental',
      '\\b(?:estou|to|tou)\\s+no\\s+(?:6|7|8|9|sexto|setimo|oitavo|nono)\\s*o?\\s+ano\\b|\\b(?:estou|to)\\s+no\\s+fundamental\\b',
    ),
    gated(
      'anos & pais|mae|pai',
      '\\btenho\\s+(?:1[3-7]|treze|catorze|quatorze|quinze|dezesseis|dezessete)\\s+anos\\b[^]{0,200}?\\b(?:sem (?:que )?(?:meus pais|minha mae|meu pai) (?:saberem|saibam|saber|perceberem)|escondido d(?:os meus pais|a minha mae|o meu pai)|sem (?:a )?autorizacao d(?:os meus pais|a minha mae|o meu pai))\\b',
    ),
  ],
  it: [
    gated(
      'media|medie',
      '\\b(?:sono|faccio|frequento)\\s+(?:in\\s+)?(?:la\\s+)?(?:prima|seconda|terza)\\s+media\\b|\\bfaccio\\s+le\\s+medie\\b',
    ),
    gated(
      'anni & genitori|miei|madre|padre',
      '\\bho\\s+(?:1[3-7]|tredici|quattordici|quindici|sedici|diciassette)\\s+anni\\b[^]{0,200}?\\b(?:senza che i miei(?: genitori)? lo (?:sappiano|scoprano)|di nascosto dai miei(?: genitori)?|senza il permesso dei miei(?: genitori)?)\\b',
    ),
  ],
  nl: [
    gated(
      'brugklas|groep|klas',
      '\\bik\\s+zit\\s+in\\s+(?:de\\s+)?(?:brugklas|groep\\s+(?:7|8)|(?:eerste|tweede|1e|2e)\\s+klas)\\b',
    ),
    gated(
      'ben & ouders|moeder|vader',
      '\\bik\\s+ben\\s+(?:pas\\s+)?(?:1[3-7]|dertien|veertien|vijftien|zestien|zeventien)\\b[^]{0,200}?\\b(?:zonder dat mijn (?:ouders|moeder|vader) het (?:weten|weet|merken)|zonder toestemming van mijn (?:ouders|moeder|vader)|stiekem voor mijn (?:ouders|moeder|vader))\\b',
    ),
  ],
};

const LOW_KG = '(?:2[89]|[34]\\d)(?:[.,]\\d)?\\s*(?:kg|kilos?|chili|quilos?)';
const LOW_LB = '(?:[6-9]\\d|10\\d)\\s*(?:pounds|lbs?)';
/** A starving weight, then within the sentence seeing oneself huge or fat. */
const EATING: ByLang = {
  en: [
    gated(
      'kg|kilo|chili|quilo|pound|lb & huge|enormous|fat|big|massive',
      `\\b(?:${LOW_KG}|${LOW_LB})\\b[^?!]{0,80}\\b(?:see myself as|still see|still look|look so|looks? (?:so )?|feel so)\\s*(?:huge|enormous|fat|big|massive)\\b`,
    ),
  ],
  es: [
    gated(
      'kg|kilo|chili|quilo & enorme|gord|inmens',
      `\\b${LOW_KG}\\b[^?!]{0,80}\\b(?:me sigo viendo|me veo|me siento|sigo viendome|me encuentro)\\s+(?:muy\\s+|tan\\s+)?(?:enorme|gorda|gordo|inmensa|inmenso)\\b`,
    ),
  ],
  de: [
    gated(
      'kg|kilo|chili|quilo & fett|dick|riesig',
      `\\b${LOW_KG}\\b[^?!]{0,80}\\b(?:finde mich|sehe mich|fuhle mich)\\s+(?:immer noch\\s+|trotzdem\\s+|noch\\s+)?(?:so\\s+)?(?:fett|dick|riesig)\\b`,
    ),
  ],
  fr: [
    gated(
      'kg|kilo|chili|quilo & enorme|gros',
      `\\b${LOW_KG}\\b[^?!]{0,80}\\b(?:je me trouve|je me vois|je me sens)\\s+(?:toujours\\s+|encore\\s+)?(?:enorme|grosse?)\\b`,
    ),
  ],
  pt: [
    gated(
      'kg|kilo|chili|quilo & enorme|gord',
      `\\b${LOW_KG}\\b[^?!]{0,80}\\b(?:me vejo|me acho|continuo me achando|continuo me vendo)\\s+(?:muito\\s+)?(?:enorme|gord[oa])\\b`,
    ),
  ],
  it: [
    gated(
      'kg|kilo|chili|quilo & enorme|grass',
      `\\b${LOW_KG}\\b[^?!]{0,80}\\b(?:continuo a vedermi|mi vedo|mi sento|mi trovo|continuo a sentirmi)\\s+(?:ancora\\s+)?(?:enorme|grass[oa])\\b`,
    ),
  ],
  nl: [
    gated(
      'kg|kilo|chili|quilo & dik|enorm',
      `\\b${LOW_KG}\\b[^?!]{0,80}\\b(?:vind mezelf|zie mezelf|voel me)\\s+(?:nog steeds\\s+|nog\\s+)?(?:als\\s+)?(?:dik|enorm)\\b`,
    ),
  ],
};

/** Money lost on gambling: an amount in the thousands, or beside hiding it or chasing it back (English). */
const GAMBLE_EN =
  '(?:bets|betting|gambling|the casino|casinos|slots|poker|blackjack|roulette|sportsbooks?|parlays|scratch cards|(?:betting|gambling|casino) apps?)';
const THOUSANDS =
  '(?:[$£€]\\s?\\d[\\d,.]*(?:\\s?k)?|\\d{1,3}(?:[,.]\\d{3})+\\s?(?:dollars|euros|pounds|bucks|usd|eur)|\\d{4,}\\s?(?:dollars|euros|pounds|bucks)|\\d+(?:\\.\\d)?\\s?(?:k|grand)|thousands)\\b';
const HIDDEN_EN =
  "(?:(?:wife|husband|partner|girlfriend|boyfriend|family|parents|he|she)\\s+(?:doesn'?t|does not|don'?t|can'?t|must not|mustn'?t)\\s+(?:know|find out)|without (?:my (?:wife|husband|partner|family)|him|her) (?:knowing|finding out)|hide (?:it|the losses|the transactions)|win (?:it|the money|that) back|make (?:it|the money) back|chasing (?:it|my losses|the losses))";
const ADDICTION: ByLang = {
  en: [
    gated(
      'lost|blew|gambled|dropped|down & bets|betting|gambl|casino|slots|poker|blackjack|roulette|sportsbook|parlay|scratch',
      `\\b(?:lost|blew|gambled away|dropped|down)\\s+(?:about\\s+|around\\s+|almost\\s+|over\\s+|nearly\\s+|like\\s+)?${THOUSANDS}[^.?!;]{0,40}\\b(?:on|at|in|to)\\s+(?:\\w+\\s+){0,2}${GAMBLE_EN}\\b|\\b(?:lost|blew|gambled away)\\s+(?:[^.?!;]{0,40}\\s)?(?:on|at|in|to)\\s+(?:\\w+\\s+){0,2}${GAMBLE_EN}\\b[^]{0,200}?\\b${HIDDEN_EN}\\b`,
    ),
  ],
  es: [
    gated(
      'perd|gast & apuesta|casino|tragaperras|tragamonedas|poker|ruleta',
      '\\b(?:perdi|he perdido|me gaste|me he gastado)\\s+(?:[^.?!;]{0,40}\\s)?en\\s+(?:las\\s+|el\\s+)?(?:apuestas|casino|tragaperras|tragamonedas|poker|ruleta)\\b[^]{0,200}?\\b(?:no (?:lo )?sabe|no sabe nada|sin que (?:lo )?sepa|a escondidas|recuperarlo|recuperar lo perdido|\\d{1,3}[.,]\\d{3}|\\d{4,})',
    ),
  ],
  de: [
    gated(
      'verzockt|verspielt|verwettet',
      '\\b(?:\\d{1,3}[.,]\\d{3}|\\d{4,}|tausende)\\s*(?:euro|€|franken)?\\s+(?:\\w+\\s+){0,3}(?:verzockt|verspielt|verwettet)\\b|\\b(?:verzockt|verspielt|verwettet)\\b[^]{0,200}?\\b(?:weiss nichts|weiss es nicht|ohne dass (?:sie|er|meine frau|mein mann|meine familie) es (?:weiss|merkt)|zuruckgewinnen|zuruckholen)\\b',
    ),
  ],
  fr: [
    gated(
      'perdu & paris|casino|poker|machines a sous',
      "\\bj'ai\\s+(?:encore\\s+)?perdu\\s+(?:[^.?!;]{0,40}\\s)?(?:aux paris|au casino|au poker|aux machines a sous|en paris sportifs)\\b[^]{0,200}?\\b(?:ne (?:le )?sait (?:pas|rien)|a son insu|me refaire|recuperer|\\d{1,3}[ .,]\\d{3}|\\d{4,})",
    ),
  ],
  pt: [
    gated(
      'aposta|cassino|bet|tigrinho|poker|jogos de azar & perdi|gastei',
      '\\b(?:perdi|gastei)\\s+(?:[^.?!;]{0,40}\\s)?(?:em|nas|no|na)\\s+(?:apostas|cassino|bets?|tigrinho|poker|jogos de azar)\\b[^]{0,200}?\\b(?:nao sabe|escondido|sem (?:ela|ele) saber|recuperar|\\d{1,3}[.,]\\d{3}|\\d{4,})',
    ),
  ],
  it: [
    gated(
      'perso & scommesse|casino|slot|gioco|poker',
      '\\bho\\s+perso\\s+(?:[^.?!;]{0,40}\\s)?(?:alle scommesse|al casino|alle slot|al gioco|a poker)\\b[^]{0,200}?\\b(?:non (?:lo )?sa|di nascosto|rifarmi|recuperare|\\d{1,3}[.,]\\d{3}|\\d{4,})',
    ),
  ],
  nl: [
    gated(
      'vergokt|verloren & gok|casino|wedden',
      '\\b(?:vergokt|verloren\\s+(?:met|bij|in|aan)\\s+(?:het\\s+)?(?:gokken|casino|sportweddenschappen))\\b[^]{0,200}?\\b(?:weet (?:het|er) niets? van|weet het niet|weet (?:er )?niets van|weet van niks|terugwinnen|stiekem|\\d{1,3}[.,]\\d{3}|\\d{4,})',
    ),
  ],
};

/** A utility switched off for arrears; months behind on everything; several cards maxed; the only income gone. */
const UTILITY_EN = '(?:power|electricity|electric|gas|water|heat|heating|lights|internet)';
const MONEY = some({
  en: [
    gated(
      'shut|cut|turn|switch & off',
      `\\b(?:shutting|shut|cutting|cut|turning|turn|switching|switch)(?:s)?\\s+(?:us|our\\s+${UTILITY_EN})\\s+off\\b(?:(?<=\\b(?:company|utility|utilities|provider|they|they'?re|they are|${UTILITY_EN})\\b[^.?!;]{0,50})|(?=[^.?!;]{0,60}\\b(?:${UTILITY_EN}|unless we pay|bill|overdue|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow)\\b))|\\b(?:shut|cut|turn|switch)(?:ting|s)?\\s+off\\s+(?:our|my)\\s+${UTILITY_EN}\\b(?=[^.?!;]{0,60}\\b(?:unless|because|behind|overdue|unpaid|bill|can'?t pay|didn'?t pay))`,
    ),
    gated(
      'behind',
      "\\b(?:\\d+|two|three|four|five|six|several)\\s+months\\s+behind\\s+on\\s+(?:\\w+\\s+){0,2}?(?:everything|all (?:of )?(?:my|our|the) (?:bills|payments))\\b|\\b(?:i'?m|i am|we'?re|we are)\\s+behind\\s+on\\s+(?:\\w+\\s+){0,2}?(?:every bill|all (?:of )?(?:my|our) bills|rent and (?:every|all))",
    ),
    gated(
      'maxed',
      '\\bmaxed\\s+(?:out\\s+)?(?:\\d|two|three|four|five|all|every|both)\\s+(?:of\\s+)?(?:my\\s+|our\\s+|the\\s+)?(?:credit\\s+)?cards\\b|\\b(?:all|both|every one of)\\s+(?:of\\s+)?(?:my|our)\\s+(?:credit\\s+)?cards\\s+(?:are\\s+)?maxed\\b',
    ),
    gated(
      'income',
      '\\b(?:my|our)\\s+only\\s+(?:source of\\s+)?income\\b[^.?!;]{0,80}\\b(?:died|dried up|is gone|was gone|stopped|collapsed|disappeared|ended|tanked)\\b',
    ),
  ],
  de: [
    gated(
      'strom|gas|wasser|heizung & abgestellt|abgedreht|gesperrt|abgeklemmt|stellen|drehen|sperren',
      '\\b(?:strom|gas|wasser|heizung)\\s+(?:wird|werden)\\s+(?:uns\\s+)?(?:\\w+\\s+){0,2}(?:abgestellt|abgedreht|gesperrt|abgeklemmt)\\b|\\bwird\\s+(?:\\w+\\s+){0,3}(?:der|das|die|unser|unsere)\\s+(?:strom|gas|wasser|heizung)\\s+(?:abgestellt|abgedreht|gesperrt|abgeklemmt)\\b|\\b(?:stellen|drehen|sperren)\\s+uns\\s+(?:\\w+\\s+){0,2}(?:den|das|die)\\s+(?:strom|gas|wasser|heizung)\\s+ab\\b',
    ),
    gated('ruckstand', '\\b(?:mit\\s+)?(?:\\d+|zwei|drei|vier|funf|mehreren)\\s+monatsmieten\\s+im\\s+ruckstand\\b'),
  ],
  fr: [
    gated(
      "couper|coupe & electricite|courant|l'eau|gaz",
      "\\b(?:on va nous couper|ils vont nous couper|ils nous coupent|ils nous ont coupe)\\s+(?:l'electricite|le courant|l'eau|le gaz)\\b",
    ),
  ],
  pt: [
    gated(
      'cort & luz|agua|gas',
      '\\b(?:vao cortar|cortaram|vai ser cortada|foi cortada)\\s+(?:a\\s+)?(?:nossa\\s+|minha\\s+)?(?:luz|agua|gas)\\b|\\b(?:a\\s+)?(?:nossa\\s+|minha\\s+)?(?:luz|agua)\\s+(?:vai ser|foi)\\s+cortada\\b',
    ),
  ],
  it: [
    gated(
      'stacc & luce|gas|acqua',
      "\\bci\\s+(?:staccano|hanno staccato|stanno per staccare)\\s+(?:la luce|il gas|l'acqua|la corrente)\\b",
    ),
  ],
  nl: [gated('afgesloten', '\\b(?:stroom|gas|water|energie)\\s+(?:wordt|is|worden)\\s+(?:\\w+\\s+){0,2}afgesloten\\b')],
});

/** Possessions given up "where I'm going" beside a farewell; new self-injury scars. */
const FAREWELL_EN =
  "(?:(?:isn'?t|is not|wasn'?t|was not|not)\\s+(?:your|her|his|their)\\s+fault|goodbye (?:letter|note|message)|last (?:letter|note)|farewell (?:letter|note))";
const SELF_HARM = some({
  en: [
    gated(
      "need & where i'm going|where im going|where i am going|when i'm gone|when im gone|after i'm gone|after im gone",
      `\\b(?:won'?t|will not|don'?t|do not|wont|dont)\\s+need\\s+(?:it|them|any of (?:it|this|that|them)|anything|this stuff|my stuff|those)\\s+(?:anymore\\s+|any more\\s+)?(?:where i'?m going|where i am going|when i'?m gone|after i'?m gone)\\b[^]{0,300}?\\b${FAREWELL_EN}|\\b${FAREWELL_EN}\\b[^]{0,300}?\\b(?:won'?t|will not|don'?t|do not|wont|dont)\\s+need\\s+(?:it|them|any of (?:it|this|that|them)|anything|this stuff|my stuff|those)\\s+(?:anymore\\s+|any more\\s+)?(?:where i'?m going|where i am going|when i'?m gone|after i'?m gone)\\b`,
    ),
    gated(
      'scars|cuts & new ones|fresh|again|slipped|relapse',
      '\\b(?:scars|cuts)\\s+on\\s+my\\s+(?:arms?|wrists?|thighs?|legs?|stomach|hips?)\\b(?![^.?!;]{0,30}\\b(?:from|after|because of)\\s+(?:acne|surgery|an operation|the operation|my cat|the cat|eczema|chickenpox|a burn|the accident|a dog))[^]{0,150}?\\b(?:new ones|fresh ones|some new|slipped up|relapsed|(?:are|is|were)\\s+(?:fresh|open|bleeding)\\s+again|opened (?:up )?again)\\b',
    ),
  ],
  es: [
    gated(
      'necesit & carta|culpa',
      '\\bno\\s+(?:lo\\s+|los\\s+|las\\s+)?(?:voy a necesitar|necesitare|necesito)\\s+(?:\\w+\\s+){0,3}(?:a donde voy|adonde voy|donde voy)\\b[^]{0,300}?\\b(?:no es (?:tu|su) culpa|carta de despedida|carta)\\b',
    ),
  ],
  de: [
    gated(
      'hingehe & brief|schuld',
      '\\b(?:brauch(?:e)?\\s+ich|ich\\s+brauche)\\s+(?:\\w+\\s+){0,3}nicht\\s+mehr,?\\s+(?:da\\s+)?wo\\s+ich\\s+hingehe\\b[^]{0,300}?\\b(?:nicht (?:deine|ihre|seine) schuld|abschiedsbrief|brief)\\b',
    ),
  ],
  fr: [
    gated(
      'besoin & lettre|faute',
      "\\b(?:je n'en aurai plus besoin|j'en aurai plus besoin|je n'en ai plus besoin)\\s+(?:la ou je vais|la ou je pars|quand je ne serai plus la)\\b[^]{0,300}?\\b(?:pas (?:ta|sa) faute|lettre)\\b",
    ),
  ],
  pt: [
    gated(
      'precis & carta|culpa',
      '\\bnao\\s+(?:vou\\s+)?precis(?:ar|o)\\s+(?:mais\\s+)?(?:\\w+\\s+){0,2}(?:para onde eu vou|pra onde eu vou|onde eu vou)\\b[^]{0,300}?\\b(?:nao e culpa (?:dela|dele|sua)|carta)\\b',
    ),
  ],
});

/** An adult (a pronoun or a role) who keeps touching a child of the speaker (English). */
const TOUCHER_EN =
  '(?:he|she|the (?:coach|teacher|instructor|tutor|uncle|neighbou?r|babysitter|priest|pastor|trainer|stepdad|driver))\\s+(?:\\w+\\s+){0,2}(?:kept|keeps|keep|has been|had been|was|is|would)\\s+(?:putting|touching|rubbing|grabbing|stroking)\\s+(?:his\\s+hands?\\s+on\\s+|her\\s+hands?\\s+on\\s+)?(?:her|him|my (?:daughter|son|kid|child|girl|boy))';
/** The child's distress or a secret, before or after. */
const DISTRESS_EN = '(?:crying|cries|scared|afraid|frightened|uncomfortable|secret|inappropriate)';
/** An adult who keeps touching a child, told by the parent, with the child's distress (English). */
const ABUSE = some({
  en: [
    gated(
      'putting|touching|rubbing|grabbing|stroking & crying|cries|scared|afraid|frightened|uncomfortable|secret|inappropriate',
      `\\b${DISTRESS_EN}\\b[^]{0,150}?\\b${TOUCHER_EN}\\b|\\b${TOUCHER_EN}\\b[^]{0,150}?\\b${DISTRESS_EN}\\b`,
    ),
  ],
});

/** A close person's death told by euphemism, a late-stage diagnosis, treatment started (a frame binds each). */
const OWN_OR_ME = (l: 'en' | 'de'): string => `${ME[l]}|${OWN[l]}`;
const GRAVE = some({
  en: [
    gated(
      'make|slipped|longer',
      framed(
        OWN.en,
        "(?:did ?n'?t|did not|never)\\s+make\\s+it\\s+(?:through\\s+the\\s+(?:night|surgery|operation)|out\\s+of\\s+(?:surgery|the\\s+icu|hospital|the\\s+hospital)|to\\s+the\\s+hospital)|slipped\\s+away|(?:is|was)\\s+no\\s+longer\\s+with\\s+us",
      ),
    ),
  ],
});
const LATE_STAGE = some({
  en: [
    gated(
      'stage',
      framed(
        OWN_OR_ME('en'),
        'stage\\s+(?:four|4|iv)\\b(?!\\s+(?:of\\s+(?:the\\s+)?(?:project|plan|game|renovation|training|course)|clinger|jump|hook))',
      ),
    ),
    gated(
      'chemo|radiation|radiotherapy|dialysis',
      `\\b(?:start|starting|started|put|putting|begin|beginning)\\s+${OWN.en}\\s+on\\s+(?:chemo|chemotherapy|radiation|radiotherapy|dialysis)\\b`,
    ),
  ],
  de: [gated('endstadium', framed(OWN_OR_ME('de'), 'im\\s+endstadium'))],
});
/** A court date for a named charge (English); eviction and sleeping in a car (other languages). */
const CHARGE = some({
  en: [
    gated(
      'charge',
      '\\b(?:court|hearing|trial|arraignment|sentencing|court date)\\b[^.?!;]{0,40}\\bfor\\s+(?:the|my|his|her|our)\\s+(?:assault|dui|dwi|theft|drug|possession|shoplifting|fraud|battery|domestic violence|manslaughter|burglary)\\s+charges?\\b',
    ),
  ],
});
const HOMELESS = some({
  es: [
    gated(
      'desahuci|coche',
      '\\b(?:nos|me)\\s+(?:han\\s+)?desahuciad[oa]s?\\b|\\b(?:nos|me)\\s+desahuciaron\\b|\\b(?:estoy|estamos)\\s+(?:viviendo|durmiendo)\\s+en\\s+(?:el|mi|nuestro)\\s+coche\\b',
    ),
  ],
  de: [
    gated(
      'zwangsgeraumt|auto',
      '\\b(?:wir wurden|ich wurde)\\s+zwangsgeraumt\\b|\\b(?:ich schlafe|wir schlafen|ich wohne|wir wohnen)\\s+(?:jetzt\\s+|seit\\s+\\w+\\s+)?im\\s+auto\\b',
    ),
  ],
  fr: [
    gated(
      'expulse|voiture',
      "\\b(?:on a ete|nous avons ete|j'ai ete)\\s+expulse(?:e|s|es)?\\b(?!\\s+(?:du match|du terrain|du jeu|du groupe))|\\b(?:je dors|on dort|nous dormons|je vis|on vit)\\s+dans\\s+(?:ma|notre|la)\\s+voiture\\b",
    ),
  ],
  pt: [
    gated(
      'despejad|carro',
      '\\b(?:fui|fomos)\\s+despejad[oa]s?\\b|\\b(?:estou|estamos|to)\\s+(?:morando|vivendo|dormindo)\\s+no\\s+carro\\b',
    ),
  ],
  it: [
    gated(
      'sfrattat|macchina',
      '\\b(?:sono stat[oa]|siamo stati)\\s+sfrattat[oiae]\\b|\\b(?:dormo|dormiamo|vivo|viviamo)\\s+in\\s+macchina\\b',
    ),
  ],
  nl: [
    gated(
      'gezet|auto',
      '\\b(?:we zijn|ik ben)\\s+(?:\\w+\\s+)?uit\\s+(?:ons|mijn)\\s+huis\\s+gezet\\b|\\b(?:ik slaap|we slapen|ik woon|we wonen)\\s+in\\s+(?:mijn|onze|de)\\s+auto\\b',
    ),
  ],
});

/** Each class of this round and its pattern lists (situations.ts adds them to its own). */
export const ROUND16_CLASSES: [SafetyCategory, ByLang[]][] = [
  ['hate', [HATE]],
  ['minors', [MINORS]],
  ['eating-disorder', [EATING]],
  ['addiction', [ADDICTION]],
  ['financial-distress', [MONEY, HOMELESS]],
  ['death-grief', [GRAVE]],
  ['medical-crisis', [LATE_STAGE]],
  ['legal-trouble', [CHARGE]],
  ['self-harm', [SELF_HARM]],
  ['abuse-violence', [ABUSE]],
  ...ROUND16_MORE_CLASSES,
];
