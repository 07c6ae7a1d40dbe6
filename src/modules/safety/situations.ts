import type { Lang } from '../../lib/lang.js';
import type { SafetyCategory } from './categories.js';
import { REL, OWN, OWN_D, ME, ILL, framed, byRel, byMeOrRel, byRelD, type L, type ByLang } from './situation-frames.js';
import { gated, gateOf, type Needs } from './situation-gates.js';
import { ROUND14_CLASSES } from './situations-round14.js';
import { ROUND16_CLASSES } from './situations-round16.js';

/**
 * The situation detector of record 0036 round 13: a personal hard situation the user states, read apart from any
 * purchase request in the same turn ("recommend a mattress, my father is in intensive care"). The linear model reads
 * one bag of words per turn and the shopping words outweigh the situation (round 12); these patterns look for the
 * situation's own structure instead, in seven languages, on folded text (lowercase, no accents):
 *
 *   an EVENT of a situation class (a death, a serious diagnosis or treatment, an arrest or court case, an eviction or
 *   cut-off, relapse, abuse by a partner or parent, a pregnancy loss) + a PERSONAL FRAME in the same clause — the
 *   user ("I", "we", a first-person verb form) or a person close to them (a possessive + a relation noun).
 *
 * The frame is what keeps topics clear: the history of a war, a lawyer series, how chemotherapy works, a landlord's
 * question about evictions in general, a grandmother's birthday have an event word or a relation, not both bound in
 * one clause. Forms whose verb carries the person ("me detuvieron", "j'ai été arrêté", "ik ben opgepakt") are written
 * whole; third-person events ("… died", "… has dementia") need the relation within FRAME_SPAN characters before the
 * event, with no clause break (. ? ! ; ,) between — checked by a lookbehind that runs only where an event matched, so
 * each pattern stays linear in the text (no scan from every "my" or "I").
 *
 * Round 14's classes (self-harm, eating disorder, minors, immigration, adult, hate, bullying, overdose, and events
 * told without a frame): situations-round14.ts, read with these. Frames and the binding helper: situation-frames.ts. General vocabulary of each class, written for Orbit, no evaluation
 * item (record 0036 round 13). lexicon.ts reads a turn's language's patterns and English's (situationPatterns) with its
 * own (patterns-round10.ts combinePatterns), for every user turn the stage reads, memoised per turn.
 */

const DEATH_GRIEF: ByLang = {
  en: [
    // A close person's death as an event ("my uncle passed last night"; lexicon.ts already reads "my … died").
    byRel(
      'en',
      "(?:passed away|passed on|passed|was killed|got killed|killed (?:himself|herself)|took (?:his|her|their) own life|died by suicide|committed suicide|did ?n'?t make it|lost (?:his|her|their) (?:battle|fight)|was buried|was cremated)\\b(?! (?:the|a|an|me|my|his|her|our|their|by|out|through|over|up)\\b)",
    ),
    // The user lost or buried a close person (not an object of theirs: "lost my dad's watch").
    `\\b${ME.en}\\s+(?:\\w+\\s+){0,2}(?:lost|buried|cremated|had to bury)\\s+${OWN_D.en}\\b(?!'s|\\s+(?:in the|at the|on the)\\b)`,
    `\\b(?:since|after|before)\\s+(?:we\\s+lost|i\\s+lost|losing|burying)\\s+${OWN_D.en}\\b(?!'s)`,
    gated(
      'death|passing|funeral|memorial|wake|ashes|grave|headstone|urn|obituary',
      `\\b${OWN_D.en}'?s\\s+(?:death|passing|funeral|memorial|wake|ashes|grave|headstone|urn|obituary)\\b`,
    ),
    "\\b(?:i'?m|i am|i was|became|been)\\s+(?:\\w+\\s+)?(?:a\\s+)?(?:widow|widower|widowed)\\b|\\bwidowed\\b",
    `\\b(?:the\\s+)?(?:cancer|covid|an? (?:accident|crash|overdose|heart attack|stroke)|the (?:accident|crash|virus|fire|flood|war))\\s+took\\s+${OWN_D.en}\\b`,
  ],
  es: [
    `\\b(?:perdi|perdimos|enterre|enterramos|incineramos|despedimos)\\s+a\\s+${OWN_D.es}\\b`,
    byRelD('es', '(?:fallecio|murio|se murio|se suicido|se quito la vida|ha fallecido|ha muerto|nos dejo)'),
    `\\b(?:la muerte|el fallecimiento|el entierro|el velorio|las cenizas|la tumba|la lapida)\\s+de\\s+${OWN_D.es}\\b`,
    '\\b(?:me quede|quede|estoy|soy)\\s+(?:\\w+\\s+)?viud[oa]\\b|\\benviude\\b',
  ],
  de: [
    `\\b(?:ich|wir)\\s+(?:habe|haben|hab)\\s+(?:\\w+\\s+){0,3}${OWN_D.de}\\s+(?:\\w+\\s+){0,3}(?:verloren|beerdigt|begraben|beigesetzt)\\b`,
    `\\b(?:der|seit dem|nach dem|vor dem)\\s+tod\\s+(?:meines|meiner|unseres|unserer)\\s+(?:\\w+\\s+)?${REL.de}`,
    byRelD('de', '(?:ist|war)\\s+(?:\\w+\\s+){0,3}(?:verstorben|gestorben|tot|ums leben gekommen)'),
    '\\b(?:ich bin|bin)\\s+(?:seit\\s+\\w+\\s+)?(?:witwe|witwer|verwitwet)\\b',
  ],
  fr: [
    `\\b(?:j(?:'| )ai|nous avons|on a)\\s+(?:\\w+\\s+){0,1}(?:perdu|enterre|incinere)\\s+${OWN_D.fr}\\b`,
    `\\b(?:la mort|le deces|les obseques|l'enterrement|les cendres|la tombe)\\s+de\\s+${OWN_D.fr}\\b`,
    byRelD('fr', "(?:est decedee?|s'est suicidee?|s'est donne la mort|nous a quittee?s?|est morte?)"),
    '\\b(?:je suis|suis)\\s+(?:devenue?\\s+)?(?:veuve|veuf)\\b',
  ],
  pt: [
    `\\b(?:perdi|perdemos|enterrei|enterramos|cremamos)\\s+(?:o\\s+|a\\s+)?${OWN_D.pt}\\b`,
    `\\b(?:a morte|o falecimento|o enterro|o velorio|as cinzas|o tumulo)\\s+d[oa]s?\\s+${OWN_D.pt}\\b`,
    byRelD('pt', '(?:faleceu|morreu|se matou|se suicidou)'),
    '\\b(?:fiquei|estou|sou)\\s+viuv[oa]\\b',
  ],
  it: [
    `\\b(?:ho|abbiamo)\\s+(?:\\w+\\s+){0,1}(?:perso|seppellito|sepolto|cremato)\\s+(?:il\\s+|la\\s+|i\\s+)?${OWN_D.it}\\b`,
    `\\b(?:la morte|il funerale|le ceneri|la tomba|la lapide)\\s+d(?:i|el|ella)\\s+${OWN_D.it}\\b`,
    byRelD(
      'it',
      '(?:e mort[oa]|e mancat[oa]|e venut[oa] a mancare|si e suicidat[oa]|si e tolt[oa] la vita|e deceduto|e deceduta)',
    ),
    '\\b(?:sono rimast[oa]|sono)\\s+vedov[oa]\\b',
  ],
  nl: [
    `\\b(?:ik ben|we zijn|wij zijn|ik heb|we hebben|wij hebben)\\s+(?:\\w+\\s+){0,3}${OWN_D.nl}\\s+(?:\\w+\\s+){0,3}(?:verloren|begraven|gecremeerd)\\b`,
    `\\b(?:de dood|het overlijden|de begrafenis|de uitvaart|de as|het graf)\\s+van\\s+${OWN_D.nl}\\b`,
    '\\b(?:ik ben|ben)\\s+(?:sinds\\s+\\w+\\s+)?(?:weduwe|weduwnaar)\\b',
  ],
};

const MEDICAL: ByLang = {
  en: [
    // en: a serious diagnosis, intensive or palliative care, life support, treatment, of the user or a close person.
    byMeOrRel(
      'en',
      `(?:diagnosed with|has|have|had|got|just got|is battling|is fighting|battling|fighting)\\s+(?:stage\\s+\\w+\\s+|terminal\\s+|advanced\\s+|late[- ]stage\\s+|early[- ]onset\\s+|early\\s+|mild\\s+|severe\\s+|rare\\s+|aggressive\\s+|metastatic\\s+)?${ILL.en}`,
    ),
    gated(
      'icu|intensive care|a coma|hospice|palliative care|the cancer ward|ventilator|life support|dialysis|a transplant list',
      byMeOrRel(
        'en',
        '(?:is|are|am|was|were|been|still|now)\\s+(?:\\w+\\s+)?(?:in (?:the )?(?:icu|intensive care|a coma|hospice|palliative care|the cancer ward)|on (?:a )?(?:ventilator|life support|dialysis|a transplant list))\\b(?! (?:team|staff|unit as|as a|as an|nurse|doctor|department|business|industry|company|study|research|volunteer))',
      ),
    ),
    byMeOrRel(
      'en',
      '(?:started|starting|doing|going through|in the middle of|finished|halfway through|between rounds of)\\s+(?:my\\s+|his\\s+|her\\s+)?(?:chemo|chemotherapy|radiation|radiotherapy|dialysis)',
    ),
    byRel('en', '(?:is|was)\\s+dying\\b(?! (?:to|for|of (?:laughter|boredom|hunger|thirst|curiosity)))'),
    byMeOrRel('en', '(?:oncologist|palliative team|hospice nurse)'),
  ],
  es: [
    `\\b(?:me|le|les|nos)\\s+(?:acaban de\\s+|han\\s+)?(?:diagnosticaron|diagnosticado|detectaron|detectado)\\s+(?:un\\s+|una\\s+)?${ILL.es}`,
    `\\b(?:tengo|tuve)\\s+${ILL.es}`,
    byRel('es', `(?:tiene|tuvo|le dio|ha tenido)\\s+${ILL.es}`),
    `\\b(?:estoy|esta|estamos)\\s+(?:\\w+\\s+)?(?:en (?:la uci|cuidados intensivos|cuidados paliativos|dialisis|coma)|conectad[oa] a un respirador)`,
    '\\b(?:hago|empiezo|empece|recibo|estoy con|estoy en)\\s+(?:la\\s+)?(?:quimio|quimioterapia|radioterapia|dialisis|hemodialisis)\\b',
  ],
  de: [
    `\\b(?:ich|wir)\\s+(?:\\w+\\s+){0,2}(?:habe|haben|hatte|hatten)\\s+(?:\\w+\\s+){0,1}${ILL.de}`,
    byRel('de', `(?:hat|hatte)\\s+(?:\\w+\\s+){0,2}${ILL.de}`),
    '\\b(?:seit der|nach der|meine|meiner|unsere|unserer|seine|seiner|ihre|ihrer)\\s+(?:krebsdiagnose|tumordiagnose|demenzdiagnose|alzheimerdiagnose)\\b',
    `\\b(?:liegt|liege|bin|ist)\\s+(?:\\w+\\s+){0,2}(?:auf der intensivstation|im koma|im hospiz|an der dialyse|an der beatmung)`,
    '\\b(?:ich|wir)\\s+(?:\\w+\\s+){0,2}(?:mache|bekomme|beginne)\\s+(?:\\w+\\s+){0,1}(?:chemo|chemotherapie|bestrahlung|dialyse)\\b',
    'wurde\\s+(?:\\w+\\s+){0,2}(?:krebs|leukamie|demenz|alzheimer|parkinson|multiple sklerose)\\s+diagnostiziert',
  ],
  fr: [
    `\\bon\\s+(?:vient de\\s+)?(?:m'a|lui a|nous a|m'|lui)\\s*(?:diagnostique|diagnostiquer|annonce|annoncer|decouvert|decouvrir)\\s+${ILL.fr}`,
    `\\b(?:j(?:'| )ai|nous avons)\\s+${ILL.fr}`,
    byRel('fr', `(?:a|a eu|vient d'avoir)\\s+${ILL.fr}`),
    `\\b(?:je suis|il est|elle est|est)\\s+(?:\\w+\\s+)?(?:en reanimation|en soins palliatifs|sous dialyse|dans le coma|sous respirateur)`,
    "\\b(?:je fais|je commence|j(?:'| )ai commence|je suis sous|sous)\\s+(?:une\\s+|ma\\s+|la\\s+)?(?:chimio|chimiotherapie|radiotherapie|dialyse)\\b",
  ],
  pt: [
    `\\b(?:fui|foi)\\s+diagnosticad[oa]\\s+com\\s+${ILL.pt}|\\bdiagnosticaram\\s+(?:\\w+\\s+){0,2}${ILL.pt}`,
    `\\b(?:tenho|tive)\\s+${ILL.pt}`,
    byRel('pt', `(?:tem|teve)\\s+${ILL.pt}`),
    '\\b(?:estou|esta|esta internad[oa])\\s+(?:\\w+\\s+)?(?:na uti|em coma|em cuidados paliativos|fazendo hemodialise|em hemodialise|em dialise|entubad[oa])',
    '\\b(?:faco|comecei|estou fazendo)\\s+(?:a\\s+)?(?:quimio|quimioterapia|radioterapia|hemodialise|dialise)\\b',
  ],
  it: [
    `\\b(?:mi|gli|le|ci)\\s+(?:hanno|ha)\\s+(?:appena\\s+)?(?:diagnosticato|trovato|scoperto)\\s+${ILL.it}`,
    byRel('it', `(?:ha|ha avuto)\\s+${ILL.it}`),
    `\\b(?:sono|e|siamo)\\s+(?:\\w+\\s+)?(?:in terapia intensiva|in rianimazione|in coma|in dialisi|in cure palliative|intubat[oa])`,
    '\\b(?:faccio|ho iniziato|sto facendo)\\s+(?:la\\s+)?(?:chemio|chemioterapia|radioterapia|dialisi)\\b',
  ],
  nl: [
    `\\b(?:ik|wij|we)\\s+(?:\\w+\\s+){0,2}(?:heb|hebben|had|hadden)\\s+(?:\\w+\\s+){0,1}${ILL.nl}`,
    byRel('nl', `(?:heeft|had)\\s+(?:\\w+\\s+){0,2}${ILL.nl}`),
    `gediagnosticeerd\\s+met\\s+${ILL.nl}|\\bde diagnose\\s+${ILL.nl}`,
    '\\b(?:ligt|lig|ben|is)\\s+(?:\\w+\\s+){0,2}(?:op de ic|op de intensive care|in coma|aan de dialyse|aan de beademing|in het hospice)\\b',
    '\\b(?:ik|we)\\s+(?:\\w+\\s+){0,1}(?:krijg|krijgen|begin|heb)\\s+(?:\\w+\\s+){0,1}(?:chemo|chemotherapie|bestraling|dialyse)\\b',
  ],
};

const LEGAL: ByLang = {
  en: [
    // en: the user or a close person arrested, charged, sued, on bail or probation, facing a court date or deportation.
    gated(
      'arrested|detained|indicted|charged with|booked for|sued|subpoenaed|convicted|sentenced|deported|picked up by|served ',
      byMeOrRel(
        'en',
        "(?:was|were|got|been|am|is|are|just got|'m|'re)\\s+(?:\\w+\\s+)?(?:arrested|detained|indicted|charged with(?!\\s+(?:an?\\s+|the\\s+|\\w+\\s+)?(?:\\w+\\s+)?(?:fees?|charges?|fines?|interest|tax|vat|shipping|subscription|bill|amount|price|twice)\\b)|booked for|sued|subpoenaed|convicted|sentenced|deported|picked up by (?:the )?(?:police|cops|ice)|served (?:with )?(?:a )?(?:lawsuit|summons|subpoena))",
      ),
    ),
    byMeOrRel(
      'en',
      "(?:have|has|got|'ve got|with)\\s+(?:a|an|my|his|her|our)\\s+(?:\\w+\\s+)?(?:court date|court hearing|custody hearing|arraignment|sentencing|trial date|deportation hearing|immigration hearing|dui|dwi|warrant out)",
    ),
    byMeOrRel(
      'en',
      "(?:is|are|am|'m|'re)\\s+(?:\\w+\\s+)?(?:on probation(?! (?:at|period|for (?:the|a|her|his|my) (?:new )?(?:job|role|position)))|on parole|out on bail|out on bond|in jail|in prison|locked up|facing charges|facing deportation|facing jail|facing prison|on house arrest)",
    ),
    '\\b(?:my|our)\\s+(?:court date|court hearing|custody hearing|arraignment|sentencing|trial|probation officer|parole officer|public defender|criminal lawyer|criminal record|deportation)\\b(?! (?:show|series|movie|podcast|game|book|drama))',
  ],
  es: [
    '\\b(?:me|nos)\\s+(?:detuvieron|arrestaron|denunciaron|demandaron|imputaron|condenaron|multaron por|van a deportar|quieren deportar|pillaron robando)\\b',
    byRel(
      'es',
      '(?:detuvieron|arrestaron|esta detenid[oa]|esta pres[oa]|esta en la carcel|fue detenid[oa]|fue arrestad[oa])',
    ),
    '\\b(?:tengo|tiene|tenemos)\\s+(?:un\\s+)?(?:juicio|una vista|una citacion judicial|una orden de deportacion|antecedentes penales)\\b|\\b(?:estoy|estamos)\\s+(?:en libertad condicional|bajo fianza|imputad[oa]s?|detenid[oa]s?)\\b',
  ],
  de: [
    '\\b(?:ich|wir)\\s+(?:\\w+\\s+){0,2}(?:wurde|wurden|bin|sind)\\s+(?:\\w+\\s+){0,3}(?:festgenommen|verhaftet|angezeigt|angeklagt|verklagt|verurteilt|erwischt)\\b',
    byRel(
      'de',
      '(?:wurde|ist|sitzt)\\s+(?:\\w+\\s+){0,3}(?:festgenommen|verhaftet|angeklagt|verurteilt|in untersuchungshaft|im gefangnis|im knast|abgeschoben)',
    ),
    '\\b(?:ich|wir)\\s+(?:\\w+\\s+){0,2}(?:habe|haben|hab|bekam|bekamen)\\s+(?:\\w+\\s+){0,2}(?:einen strafbefehl|eine anzeige|eine vorladung|einen gerichtstermin|eine anklage|bewahrung|einen abschiebebescheid)\\b',
  ],
  fr: [
    "\\b(?:j(?:'| )ai ete|je suis|nous avons ete|on a ete|il a ete|elle a ete)\\s+(?:\\w+\\s+)?(?:arretee?s?|interpellee?s?|mise? en examen|condamnee?s?|mise? en garde a vue|placee? en garde a vue|poursuivie?s?|inculpee?s?|expulsee?s?)\\b",
    byMeOrRel(
      'fr',
      '(?:passe|passera|passent)\\s+(?:\\w+\\s+)?(?:au tribunal|devant le juge|en comparution immediate|aux assises|en correctionnelle)\\b(?! (?:de commerce|administratif))',
    ),
    "\\b(?:j(?:'| )ai|on a|nous avons)\\s+(?:\\w+\\s+)?(?:une convocation au tribunal|une oqtf|un casier judiciaire|une plainte contre moi|un proces)\\b|\\b(?:je suis|suis)\\s+(?:en liberte conditionnelle|sous controle judiciaire|en sursis)\\b",
  ],
  pt: [
    '\\b(?:fui|fomos)\\s+(?:\\w+\\s+)?(?:pres[oa]s?|detid[oa]s?|processad[oa]s?|condenad[oa]s?|indiciad[oa]s?|deportad[oa]s?)\\b|\\bme\\s+(?:prenderam|processaram|denunciaram)\\b',
    byRel('pt', '(?:foi pres[oa]|foi detid[oa]|esta pres[oa]|esta na cadeia|foi condenad[oa])'),
    '\\b(?:tenho|temos)\\s+(?:uma\\s+)?(?:audiencia|julgamento|intimacao)\\b|\\bestou\\s+(?:em liberdade condicional|sob fianca)\\b',
  ],
  it: [
    '\\b(?:mi|ci)\\s+hanno\\s+(?:\\w+\\s+)?(?:arrestat[oa]|denunciat[oa]|fermat[oa]|condannat[oa]|espuls[oa]|querelat[oa])\\b|\\b(?:sono stat[oa]|siamo stati)\\s+(?:\\w+\\s+)?(?:arrestat[oa]|denunciat[oa]|condannat[oa]|fermat[oa])\\b',
    byRel('it', '(?:e stat[oa] (?:arrestat[oa]|condannat[oa]|denunciat[oa])|e in carcere|e ai domiciliari)'),
    "\\bho\\s+(?:un|il|l')\\s*(?:processo|udienza|decreto penale|foglio di via)\\b|\\bsono\\s+(?:ai domiciliari|in liberta vigilata|in messa alla prova)\\b",
  ],
  nl: [
    '\\b(?:ik ben|we zijn|wij zijn|ben)\\s+(?:\\w+\\s+){0,2}(?:opgepakt|gearresteerd|aangehouden|veroordeeld|aangeklaagd|gedagvaard)\\b',
    byRel(
      'nl',
      '(?:is|werd|zit)\\s+(?:\\w+\\s+){0,2}(?:opgepakt|gearresteerd|veroordeeld|in de cel|in de gevangenis|in voorarrest|uitgezet)',
    ),
    '\\b(?:ik|we)\\s+(?:\\w+\\s+){0,1}(?:moet|moeten)\\s+(?:\\w+\\s+){0,2}voorkomen\\b|\\b(?:ik heb|we hebben)\\s+(?:een\\s+)?(?:dagvaarding|strafbeschikking|taakstraf|enkelband)\\b',
  ],
};

const FINANCIAL: ByLang = {
  en: [
    // en: losing the home or utilities, arrears, collections, garnished wages, living in a car, bankruptcy of the user.
    byMeOrRel(
      'en',
      "(?:being|getting|got|been|was|were|are|'re|am|'m|facing|face)\\s+(?:\\w+\\s+)?(?:evicted|eviction|foreclosed on|foreclosure|repossessed|homeless)",
    ),
    byMeOrRel(
      'en',
      '(?:got|have|received|get)\\s+(?:an?\\s+|our\\s+|my\\s+)?(?:eviction notice|foreclosure notice|shut ?off notice|disconnection notice|final notice)',
    ),
    byMeOrRel(
      'en',
      "(?:months?|weeks?)\\s+behind\\s+on\\s+(?:\\w+\\s+)?(?:rent|mortgage|bills|payments|car payments|utilities)|behind on all (?:my|our|the) (?:bills|payments)|(?:can'?t|cannot|couldn'?t|could not)\\s+(?:afford to\\s+)?(?:pay|make)\\s+(?:\\w+\\s+)?(?:rent|mortgage|electric bill|power bill)",
    ),
    gated(
      'garnished|collections|debt collector|bankruptcy|in my car|in our car|in the car|overdraft|shut off|cut off|turned off',
      byMeOrRel(
        'en',
        '(?:wages?|paycheck|pay) (?:is |are |was |were |got |getting |being )?garnished|(?:in|sent to) collections|debt collectors? (?:keep |are )?(?:calling|after|harassing)|(?:filing|filed|file|declaring|declared|going) (?:for )?(?:personal )?bankruptcy|(?:living|sleeping|live|sleep) in (?:my|our|the) car|overdraft(?:ed)? again|power (?:gets|is getting|got|was) (?:shut|cut) off|(?:lights|electricity|water|heat|gas) (?:gets|is getting|got|was|were) (?:shut|cut|turned) off',
      ),
    ),
  ],
  es: [
    '\\b(?:nos|me)\\s+(?:van a\\s+|quieren\\s+)?(?:desahuciar|desahucian|desahuciaron|echan del piso|echan de casa|embargaron|embargan|cortaron la luz|van a cortar la luz|cortan la luz)\\b|\\b(?:orden|aviso|juicio) de desahucio\\b(?<=\\b(?:tengo|tenemos|nos|me|recibi|recibimos|nuestro|mi)\\b[^.?!;,]{0,60})',
    '\\b(?:no puedo|no podemos|no llego a|no llegamos a)\\s+(?:pagar\\s+)?(?:el alquiler|la hipoteca|fin de mes|las facturas)\\b|\\b(?:debo|debemos|llevo|llevamos)\\s+(?:\\w+\\s+){0,2}meses\\s+(?:de alquiler|sin pagar)\\b|\\b(?:vivimos|vivo|dormimos|duermo)\\s+en\\s+(?:el|mi|nuestro)\\s+coche\\b',
  ],
  de: [
    '\\b(?:raumungsklage|zwangsraumung|lohnpfandung|kontopfandung)\\b(?<=\\b(?:ich|wir|uns|mir|mich|meine|unsere|bekommen|bekomme|droht)\\b[^.?!;,]{0,60})|\\b(?:uns|mir)\\s+(?:\\w+\\s+){0,2}(?:droht|drohen)\\s+(?:die\\s+)?(?:raumung|zwangsraumung|obdachlosigkeit|privatinsolvenz)\\b',
    '\\b(?:ich|wir)\\s+(?:\\w+\\s+){0,2}(?:kann|konnen|konnte|konnten)\\s+(?:\\w+\\s+){0,2}(?:die miete|den strom|die raten|die rechnungen)\\s+nicht\\s+(?:mehr\\s+)?(?:zahlen|bezahlen)\\b|\\b(?:strom|gas|wasser)\\s+(?:wird|wurde|ist)\\s+(?:\\w+\\s+)?(?:abgestellt|gesperrt)\\b(?<=\\b(?:uns|mir|unser|mein)\\b[^.?!;,]{0,60})|\\b(?:ich|wir)\\s+(?:\\w+\\s+){0,2}(?:schlafe|schlafen|wohne|wohnen|lebe|leben)\\s+im\\s+auto\\b',
  ],
  fr: [
    "\\b(?:on va|ils vont|on nous|on me)\\s+(?:nous\\s+|me\\s+)?(?:expulser|couper (?:l'electricite|le courant|le gaz|l'eau))\\b|\\b(?:je|nous|on)\\s+(?:\\w+\\s+){0,2}(?:suis|sommes|est)\\s+(?:\\w+\\s+)?(?:surendettee?s?|expulsee?s?|a la rue|interdite? bancaire|fichee? a la banque de france)\\b|\\b(?:avis|procedure|jugement) d'expulsion\\b(?<=\\b(?:j(?:'| )ai|nous avons|on a|recu|notre|mon)\\b[^.?!;,]{0,60})",
    "\\b(?:je|nous|on)\\s+(?:ne\\s+)?(?:peux|pouvons|peut|arrive|arrivons)\\s+plus\\s+(?:a\\s+)?payer\\s+(?:le|mon|notre)\\s+loyer\\b|\\bl'huissier\\s+(?:\\w+\\s+){0,2}(?:passe|est passe|vient|saisit|a saisi)\\b|\\b(?:je dors|on dort|nous dormons|je vis|on vit)\\s+dans\\s+(?:ma|notre|la)\\s+voiture\\b",
  ],
  pt: [
    '\\b(?:vou|vamos|estou|estamos)\\s+(?:\\w+\\s+)?(?:ser despejad[oa]s?|sendo despejad[oa]s?|despejad[oa]s?)\\b|\\b(?:nao consigo|nao conseguimos)\\s+pagar\\s+(?:o\\s+)?(?:aluguel|aluguer|a prestacao|as contas)\\b|\\b(?:cortaram|vao cortar)\\s+(?:a\\s+)?(?:luz|agua|energia)\\b|\\b(?:moro|moramos|durmo|dormimos)\\s+no\\s+carro\\b|\\b(?:meu salario|minha conta)\\s+(?:foi\\s+)?penhorad[oa]\\b',
  ],
  it: [
    "\\b(?:ci|mi)\\s+(?:hanno\\s+)?(?:sfrattat[oai]|sfrattano|pignorat[oa]|pignorano|staccat[oa] (?:la luce|il gas|l'acqua)|staccano (?:la luce|il gas|l'acqua))\\b|\\b(?:ho|abbiamo)\\s+(?:ricevuto\\s+)?(?:lo|uno|un)\\s+(?:sfratto|pignoramento|avviso di sfratto)\\b|\\b(?:non riesco|non riusciamo)\\s+(?:piu\\s+)?a\\s+pagare\\s+(?:l'affitto|il mutuo|le bollette)\\b|\\b(?:dormo|dormiamo|vivo|viviamo)\\s+in\\s+macchina\\b",
  ],
  nl: [
    '\\b(?:we|wij|ik)\\s+(?:\\w+\\s+){0,2}(?:worden|word)\\s+(?:\\w+\\s+)?(?:uit huis gezet|uitgezet|afgesloten)\\b|\\b(?:ik|we)\\s+(?:kan|kunnen)\\s+(?:de huur|de hypotheek|de rekeningen)\\s+niet\\s+(?:meer\\s+)?betalen\\b|\\bde deurwaarder\\s+(?:\\w+\\s+){0,2}(?:staat|komt|kwam|heeft)\\b|\\b(?:ik|we)\\s+(?:\\w+\\s+){0,2}(?:slaap|slapen|woon|wonen)\\s+in\\s+(?:mijn|onze|de)\\s+auto\\b',
  ],
};

/** Relapse, rehab, detox, withdrawal of the user or a close person (a knee's rehab is lexicon.ts SAFE). */
const ADDICTION: ByLang = {
  en: [
    gated(
      'relaps|rehab|detox|withdrawal|a treatment program for|sober|in recovery from|away |lost ',
      byMeOrRel(
        'en',
        "(?:relapsed|relapsing|(?:is|am|was|'m|'s|are|been|just got out of|got out of|went to|going to|checked into|back in)\\s+(?:\\w+\\s+)?(?:rehab|detox|withdrawal|a treatment program for (?:alcohol|drugs|gambling))|(?:days|weeks|months) sober|in recovery from (?:alcohol|drugs|addiction|gambling)|(?:gambled|drank|snorted|shot up) away (?:our|my|his|her|the) (?:savings|rent|paycheck|money)|lost (?:our|my|his|her|the) (?:savings|rent|rent money|paycheck|wages) (?:\\w+\\s+){0,2}(?:(?:on|at|to) (?:\\w+\\s+){0,2}(?:bets|betting|gambling|the casino|casinos|slots|poker|scratch cards|the lottery|sportsbooks?)|gambling|betting))",
      ),
    ),
  ],
  es: [
    '\\b(?:tuve|he tenido|tiene|tuvo)\\s+una\\s+recaida\\b|\\b(?:estoy|esta|salgo|salio|entre|entro)\\s+(?:de\\s+|en\\s+)?(?:rehabilitacion|desintoxicacion)\\b(?<=\\b(?:yo|estoy|salgo|entre|mi|mis|nuestro|nuestra)\\b[^.?!;,]{0,80})',
  ],
  de: [
    '\\b(?:ich|wir)\\s+(?:\\w+\\s+){0,2}(?:bin|war|hatte|habe)\\s+(?:\\w+\\s+){0,2}(?:ruckfallig|einen ruckfall|auf entzug|im entzug|in der entzugsklinik)\\b|' +
      framed(OWN.de, '(?:ist|war)\\s+(?:\\w+\\s+){0,2}(?:ruckfallig|auf entzug|im entzug|in der entzugsklinik)'),
  ],
  fr: [
    "\\b(?:j(?:'| )ai|il a|elle a)\\s+(?:\\w+\\s+)?rechute\\b|\\b(?:je suis|il est|elle est|je sors|il sort|elle sort)\\s+(?:\\w+\\s+)?(?:de\\s+|en\\s+)?(?:cure de desintoxication|desintox|sevrage)\\b",
  ],
  pt: [
    '\\b(?:tive|teve)\\s+uma\\s+recaida\\b|\\b(?:estou|esta|sai|saiu)\\s+(?:\\w+\\s+)?(?:da\\s+|na\\s+|em\\s+)?(?:reabilitacao|clinica de reabilitacao|desintoxicacao)\\b',
  ],
  it: [
    '\\b(?:ho|ha)\\s+avuto\\s+una\\s+ricaduta\\b|\\b(?:sono|e)\\s+(?:\\w+\\s+)?(?:in comunita|in disintossicazione|al sert)\\b',
  ],
  nl: [
    '\\b(?:ik|hij|zij)\\s+(?:\\w+\\s+){0,2}(?:ben|is|heb|heeft)\\s+(?:\\w+\\s+){0,2}(?:teruggevallen|een terugval gehad|in de afkickkliniek|aan het afkicken)\\b',
  ],
};

/** Violence by a partner, parent or other person close to the user (lexicon.ts reads "hits me", "beats me"). */
const VIOLENT = {
  en: '(?:hits|hit|beats|beat|hurts|hurt|chokes|choked|strangled|punched|slaps|slapped|kicks|kicked|threatens|threatened|pushed|shoved|grabbed|locks|locked)',
};
const ABUSE: ByLang = {
  en: [
    framed(
      OWN.en,
      `${VIOLENT.en}\\s+(?:me|us|my\\s+${REL.en}|my\\s+(?:\\w+\\s+)?${REL.en}|her|him)\\b(?! (?:up|back|with (?:a|the) (?:deal|discount|bill|question)|on|off|in (?:a |the )?game))`,
    ),
    '\\b(?:after|since)\\s+(?:the|my|our)\\s+(?:assault|attack|rape|mugging|break-in|home invasion|stabbing|shooting)\\b|\\b(?:i|we|my\\s+\\w+)\\s+(?:was|were|got)\\s+(?:\\w+\\s+)?(?:assaulted|attacked|mugged|jumped|stabbed|shot|strangled)\\b(?! (?:by (?:the|a) (?:bug|idea|thought|question|price)))',
  ],
  es: [
    framed(
      OWN.es,
      '(?:me pega|me pegaba|me golpea|me golpeaba|nos pega|le pega|me amenaza|me amenazo|me empujo|me maltrata)',
    ),
    '\\b(?:desde|despues de)\\s+(?:la|mi)\\s+(?:agresion|violacion|paliza)\\b|\\bme\\s+(?:agredieron|atacaron|asaltaron|apunalaron)\\b',
  ],
  de: [
    framed(
      OWN.de,
      '(?:schlagt|schlug|verprugelt|verprugelte|wurgt|wurgte|bedroht|bedrohte|misshandelt|misshandelte)\\s+(?:mich|uns|meine|meinen)',
    ),
    '\\b(?:seit|nach)\\s+(?:dem|der)\\s+(?:uberfall|angriff|vergewaltigung)\\b|\\bich\\s+wurde\\s+(?:\\w+\\s+){0,2}(?:uberfallen|angegriffen|zusammengeschlagen|niedergestochen)\\b',
  ],
  fr: [
    framed(
      OWN.fr,
      "(?:me frappe|me frappait|nous frappe|la frappe|le frappe|me bat|me battait|m'etrangle|me menace|m'a frappee?|m'a menacee?)",
    ),
    "\\b(?:depuis|apres)\\s+(?:mon|l')\\s*(?:agression|viol)\\b|\\bj(?:'| )ai\\s+ete\\s+(?:agressee?|attaquee?|poignardee?|tabassee?)\\b",
  ],
  pt: [
    framed(OWN.pt, '(?:me bate|me batia|me agride|me agrediu|me ameaca|me ameacou|bate na minha|bate em mim)'),
    '\\b(?:desde|depois)\\s+(?:d[ao]|da minha|do meu)\\s*(?:agressao|assalto|estupro)\\b|\\bfui\\s+(?:agredid[oa]|assaltad[oa]|esfaquead[oa])\\b',
  ],
  it: [
    framed(
      OWN.it,
      '(?:mi picchia|mi picchiava|ci picchia|mi minaccia|mi ha minacciat[oa]|mi ha picchiat[oa]|picchia mia|picchia mio)',
    ),
    "\\b(?:dopo|da)\\s+(?:l'|la mia|la)\\s*(?:aggressione|rapina|violenza)\\b|\\bsono\\s+stat[oa]\\s+(?:aggredit[oa]|accoltellat[oa]|picchiat[oa])\\b",
  ],
  nl: [
    framed(OWN.nl, '(?:slaat me|sloeg me|slaat mij|bedreigt me|bedreigde me|mishandelt|mishandelde)'),
    '\\b(?:sinds|na)\\s+(?:de|mijn)\\s+(?:overval|aanranding|verkrachting|mishandeling)\\b|\\bik\\s+ben\\s+(?:\\w+\\s+)?(?:overvallen|aangevallen|neergestoken|in elkaar geslagen)\\b',
  ],
};

/** A pregnancy that ended: weeks, the loss, the heartbeat, a baby born still (lexicon.ts reads "miscarriage", "stillborn"). */
const PREGNANCY_LOSS: ByLang = {
  en: [
    gated(
      'pregnancy|bab|twins|loss|born|d&c',
      byMeOrRel(
        'en',
        '(?:lost|losing|lose)\\s+(?:the|our|my|a|another)\\s+(?:pregnancy|baby|babies|twins)\\b(?! (?:weight|fat|shower|clothes|teeth))|(?:baby|pregnancy)\\s+(?:died|ended|had no heartbeat)\\s+at\\s+\\d+\\s+weeks|(?:chemical|molar)\\s+pregnancy|(?:a|my|another|our)\\s+(?:early\\s+)?loss\\s+at\\s+\\d+\\s+weeks|born\\s+(?:still|sleeping)|d&c',
      ),
    ),
  ],
  es: [
    '\\b(?:perdi|perdimos|he perdido|hemos perdido)\\s+(?:a\\s+)?(?:el|al|mi|nuestro)\\s+(?:bebe|embarazo)\\b|\\b(?:perdida|perdida gestacional|aborto)\\s+(?:espontaneo\\s+)?(?:a|en)\\s+las\\s+\\d+\\s+semanas\\b',
  ],
  de: [
    '\\b(?:wir|ich)\\s+(?:haben|habe)\\s+(?:unser|unseren|mein|meinen|das)\\s+(?:baby|kind|sternenkind)\\s+(?:\\w+\\s+){0,3}verloren\\b|\\bsternenkind\\b|\\bstille geburt\\b',
  ],
  fr: [
    "\\b(?:j(?:'| )ai|nous avons|on a)\\s+perdu\\s+(?:notre|mon|le)\\s+(?:bebe|grossesse)\\b|\\barret de (?:la )?grossesse\\b|\\bgrossesse arretee\\b",
  ],
  pt: ['\\b(?:perdi|perdemos)\\s+(?:o\\s+)?(?:nosso|meu|o)\\s+(?:bebe|gravidez)\\b|\\bperda gestacional\\b'],
  it: [
    '\\b(?:ho|abbiamo)\\s+perso\\s+(?:il|la|nostro|nostra|mio|mia)\\s+(?:bambino|bambina|bimbo|bimba|gravidanza)\\b|\\bmorte in utero\\b',
  ],
  nl: [
    '\\b(?:we zijn|ik ben|wij zijn)\\s+(?:\\w+\\s+){0,2}(?:ons|mijn)\\s+(?:kindje|baby|zwangerschap)\\s+(?:\\w+\\s+){0,3}verloren\\b|\\bsterrenkindje\\b',
  ],
};

/**
 * English drops the subject at the start of a clause ("got arrested last week, …", "was diagnosed with …"): the
 * clause start stands for the first person there.
 */
const CLAUSE_START_EN = '(?:^|[.!?,;:]\\s*)(?:just\\s+)?(?:got|was|been|getting)\\s+(?:\\w+\\s+)?';
const SUBJECTLESS_EN: Partial<Record<SafetyCategory, string>> = {
  'legal-trouble': `${CLAUSE_START_EN}(?:arrested|detained|indicted|charged with(?!\\s+(?:an?\\s+|the\\s+|\\w+\\s+)?(?:\\w+\\s+)?(?:fees?|charges?|fines?|interest|tax|vat|shipping|subscription|bill|amount|price|twice)\\b)|sued|subpoenaed|convicted|deported|served (?:with )?(?:a )?(?:lawsuit|summons|subpoena))\\b`,
  'abuse-violence': `${CLAUSE_START_EN}(?:assaulted|mugged|jumped|stabbed|strangled|beaten up|raped)\\b(?! (?:at|on|in|into|by (?:a|the) (?:\\w+ )?(?:dog|cat|bird|goose|swarm|bee|wasp|mosquito|mosquitoes)))`,
  'financial-distress': `${CLAUSE_START_EN}(?:evicted|foreclosed on|repossessed|laid off and (?:can'?t|cannot) pay)\\b`,
  'medical-crisis': `${CLAUSE_START_EN}(?:diagnosed with)\\s+(?:\\w+\\s+)?${ILL.en}`,
};

/** Hardship beyond arrears: selling belongings for the rent, going without heat or food (seven languages). */
const HARDSHIP: ByLang = {
  en: [
    byMeOrRel(
      'en',
      "(?:sold|pawned|had to sell|had to pawn)\\s+(?:my|our|his|her)\\s+(?:[\\w'-]+\\s+){0,2}to\\s+(?:pay|cover|make)\\s+(?:the\\s+|my\\s+|our\\s+)?(?:rent|mortgage|bills|debts?)|(?:can'?t|cannot|couldn'?t|could not)\\s+(?:even\\s+)?(?:afford|pay for|buy)\\s+(?:\\w+\\s+)?(?:heat|heating|food|groceries|diapers|formula|medicine|insulin)\\b(?! (?:for (?:a|the) (?:party|trip|event)))",
    ),
  ],
  es: [
    '\\b(?:vendi|vendimos|empene|empenamos)\\s+(?:\\w+\\s+){1,3}para\\s+pagar\\s+(?:el alquiler|la hipoteca|las deudas|las facturas)\\b|\\bno\\s+(?:puedo|podemos)\\s+(?:ni\\s+)?(?:pagar la calefaccion|comprar comida|pagar la comida)\\b',
  ],
  de: [
    '\\b(?:ich|wir)\\s+(?:\\w+\\s+){0,2}(?:habe|haben|musste|mussten)\\s+(?:\\w+\\s+){1,3}(?:verkauft|versetzt)\\s*,?\\s*um\\s+(?:die miete|die schulden|die rechnungen)\\b|\\b(?:ich|wir)\\s+(?:\\w+\\s+){0,2}(?:kann|konnen)\\s+(?:mir|uns)\\s+(?:kein|keine|nicht mal)\\s+(?:essen|heizung|lebensmittel)\\s+(?:mehr\\s+)?leisten\\b',
  ],
  fr: [
    "\\b(?:j(?:'| )ai|nous avons|on a)\\s+(?:du\\s+)?(?:vendu|mis au clou)\\s+(?:\\w+\\s+){1,3}pour\\s+payer\\s+(?:le|mon|notre|les)\\s+(?:loyer|dettes|factures)\\b|\\b(?:je|nous|on)\\s+(?:ne\\s+)?(?:peux|pouvons|peut)\\s+(?:meme\\s+)?plus\\s+(?:payer le chauffage|acheter a manger|se chauffer|nous chauffer|me chauffer)\\b",
  ],
  pt: [
    '\\b(?:vendi|vendemos|penhorei)\\s+(?:\\w+\\s+){1,3}para\\s+pagar\\s+(?:o aluguel|o aluguer|as dividas|as contas)\\b|\\bnao\\s+(?:consigo|conseguimos)\\s+(?:nem\\s+)?(?:comprar comida|pagar o aquecimento|pagar a comida)\\b',
  ],
  it: [
    "\\b(?:ho|abbiamo)\\s+(?:dovuto\\s+)?vendut[oa]\\s+(?:\\w+\\s+){1,3}per\\s+pagare\\s+(?:l'affitto|il mutuo|i debiti|le bollette)\\b|\\bnon\\s+(?:riesco|riusciamo|posso|possiamo)\\s+(?:nemmeno\\s+|neanche\\s+)?(?:a\\s+)?(?:comprare da mangiare|pagare il riscaldamento|scaldare casa)\\b",
  ],
  nl: [
    '\\b(?:ik|we)\\s+(?:heb|hebben|moest|moesten)\\s+(?:\\w+\\s+){1,3}verkocht\\s+om\\s+(?:de huur|de schulden|de rekeningen)\\b|\\b(?:ik|we)\\s+(?:kan|kunnen)\\s+(?:zelfs\\s+)?(?:geen eten|de verwarming|geen boodschappen)\\s+(?:meer\\s+)?(?:betalen|kopen)\\b',
  ],
};

/** Heavy, daily use of alcohol or hard drugs and losing control of it, stated by the user or of someone close. */
const DRINK = '(?:vodka|whiske?y|wine|gin|rum|tequila|liquor|booze|spirits)';
const DRUGS = '(?:coke|cocaine|crack|meth|heroin|fentanyl|ketamine|oxy|oxycodone|opioids|pills|speed|mdma)';
const HEAVY_USE: ByLang = {
  en: [
    byMeOrRel(
      'en',
      `(?:drinking|drink|drinks|drank|down|finish)\\s+(?:a|one|two|three|half a|a whole|\\d+)\\s+(?:bottles?|fifths?|handles?)\\s+of\\s+${DRINK}\\s+(?:a|every|per|each)\\s+(?:day|night)|(?:using|doing|snorting|smoking|taking|shooting)\\s+${DRUGS}\\s+(?:every|each|most)\\s+(?:day|night|weekend|morning)|(?:can'?t|cannot|couldn'?t)\\s+stop\\s+(?:drinking|gambling|betting|using|buying (?:lottery tickets|scratch(?:ers| cards)))`,
    ),
  ],
  es: [
    `\\b(?:bebo|bebe|me bebo|se bebe)\\s+(?:una|media|dos)\\s+botellas?\\s+de\\s+(?:vodka|whisky|vino|ron|ginebra|tequila)\\s+(?:al|cada)\\s+dia\\b|\\b(?:consumo|tomo|me meto|se mete)\\s+(?:coca|cocaina|crack|heroina|ketamina|pastillas|speed)\\s+(?:todos los|cada)\\s+(?:dias|fines de semana|noches)\\b|\\bno\\s+(?:puedo|puede)\\s+dejar\\s+de\\s+(?:beber|apostar|jugar|consumir)\\b`,
  ],
  de: [
    `\\b(?:ich|er|sie)\\s+(?:trinke|trinkt)\\s+(?:eine|jeden tag eine|taglich eine)\\s+(?:halbe\\s+|ganze\\s+)?flasche\\s+(?:wodka|whisky|wein|schnaps|korn|gin|rum)\\b|\\b(?:ich|er|sie)\\s+(?:nehme|nimmt|ziehe|zieht)\\s+(?:\\w+\\s+)?(?:koks|kokain|crystal|heroin|ketamin|speed)\\b|\\b(?:ich|er|sie)\\s+(?:kann|konnte)\\s+nicht\\s+(?:mehr\\s+)?aufhoren\\s+(?:zu\\s+trinken|zu\\s+spielen|zu\\s+wetten)\\b`,
  ],
  fr: [
    `\\b(?:je|il|elle)\\s+(?:bois|boit)\\s+(?:une|une demi|une grande)\\s+bouteille\\s+de\\s+(?:vodka|whisky|vin|rhum|gin)\\s+par\\s+jour\\b|\\b(?:je|il|elle)\\s+(?:prends|prend|sniffe)\\s+(?:de la\\s+)?(?:coke|cocaine|crack|heroine|ketamine|md)\\s+(?:tous les|chaque)\\b|\\b(?:je|il|elle)\\s+(?:n'arrive|n arrive|ne peux|ne peut)\\s+plus\\s+(?:a\\s+)?(?:arreter|m'arreter|s'arreter)\\s+de\\s+(?:boire|jouer|parier)\\b`,
  ],
  pt: [
    `\\b(?:bebo|bebe)\\s+(?:uma|meia)\\s+garrafa\\s+de\\s+(?:vodka|whisky|vinho|cachaca|rum|gin)\\s+por\\s+dia\\b|\\b(?:uso|usa|cheiro|cheira)\\s+(?:\\w+\\s+)?(?:cocaina|po|crack|heroina|ketamina)\\s+(?:todo|toda|todos os|todas as)\\b|\\bnao\\s+(?:consigo|consegue)\\s+parar\\s+de\\s+(?:beber|apostar|jogar|usar)\\b`,
  ],
  it: [
    `\\b(?:bevo|beve)\\s+(?:una|mezza)\\s+bottiglia\\s+di\\s+(?:vodka|whisky|vino|grappa|rum|gin)\\s+al\\s+giorno\\b|\\b(?:prendo|prende|tiro|tira)\\s+(?:\\w+\\s+)?(?:coca|cocaina|crack|eroina|ketamina)\\s+(?:ogni|tutti i|tutte le)\\b|\\bnon\\s+(?:riesco|riesce)\\s+(?:piu\\s+)?a\\s+smettere\\s+di\\s+(?:bere|giocare|scommettere)\\b`,
  ],
  nl: [
    `\\b(?:ik|hij|zij)\\s+(?:drink|drinkt)\\s+(?:elke dag\\s+)?(?:een|een halve|een hele)\\s+fles\\s+(?:wodka|whisky|wijn|jenever|rum|gin)\\b|\\b(?:ik|hij|zij)\\s+(?:gebruik|gebruikt|snuif|snuift)\\s+(?:\\w+\\s+)?(?:coke|cocaine|crack|heroine|ketamine|speed)\\s+(?:elke|ieder)\\b|\\b(?:ik|hij|zij)\\s+(?:kan|kon)\\s+niet\\s+(?:meer\\s+)?stoppen\\s+met\\s+(?:drinken|gokken|gebruiken)\\b`,
  ],
};

/** Each situation class and its pattern lists. */
const CLASSES: [SafetyCategory, ByLang[]][] = [
  ['death-grief', [DEATH_GRIEF]],
  ['medical-crisis', [MEDICAL]],
  ['legal-trouble', [LEGAL]],
  ['financial-distress', [FINANCIAL, HARDSHIP]],
  ['addiction', [ADDICTION, HEAVY_USE]],
  ['abuse-violence', [ABUSE]],
  ['pregnancy-loss', [PREGNANCY_LOSS]],
  ...ROUND14_CLASSES,
  ...ROUND16_CLASSES,
];

const compiled = new Map<Lang, Partial<Record<SafetyCategory, RegExp[]>>>();

/**
 * The situation patterns read on a turn of a language: that language's and English's (conversations mix), as
 * lexicon.ts reads its phrases; compiled on first use. A turn runs one language's patterns, not seven.
 */
export function situationPatterns(lang: Lang): Partial<Record<SafetyCategory, RegExp[]>> {
  let out = compiled.get(lang);
  if (out) return out;
  const langs: L[] = lang === 'en' || lang === 'other' ? ['en'] : [lang, 'en'];
  const sources: Partial<Record<SafetyCategory, string[]>> = {};
  for (const [cat, lists] of CLASSES)
    (sources[cat] ??= []).push(...lists.flatMap((list) => langs.flatMap((l) => list[l])));
  out = {};
  for (const [cat, list] of Object.entries(sources) as [SafetyCategory, string[]][]) {
    if (SUBJECTLESS_EN[cat]) list.push(SUBJECTLESS_EN[cat]);
    out[cat] = list.map((source) => {
      const re = new RegExp(source);
      const needs = gateOf(source);
      if (needs) gates.set(re, needs);
      return re;
    });
  }
  compiled.set(lang, out);
  return out;
}

const gates = new Map<RegExp, Needs>();
/** A compiled situation pattern's literal prefilter (situation-gates.ts; null: the pattern always runs). */
export const situationGate = (pattern: RegExp): Needs | null => gates.get(pattern) ?? null;
