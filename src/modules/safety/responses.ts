/**
 * How an assistant answers a sensitive disclosure, in the seven covered languages (folded text: lowercase, no
 * accents): the assistant's own turn is evidence about the user turn before it. General vocabulary of replies, no
 * evaluation item; record 0036 (round 9).
 *
 *   - `condolence`: condolences for a death ("sorry for your loss", "mein Beileid", "gecondoleerd"): blocks on its
 *     own (a loss, or a pregnancy loss when that head reads the user's turn higher).
 *   - `support`: what goes beyond an everyday "sorry" (a dead battery, a stressful week get that too): "it's not
 *     your fault", "you don't deserve this", "you're not alone", "thank you for trusting me", "if you are in
 *     danger", "what you're going through", an intensified sorry ("lo siento muchísimo", "unendlich leid"), wishes of
 *     strength, and referrals to a counsellor, a support or debt service. Blocks only when the user turn before it
 *     also leans to a category (service.ts EARLIER_SUPPORT_SCALE).
 *   - `refusal`: the answer opens by declining the request ("I can't help with that", "no puedo ayudarte con eso",
 *     "dabei kann ich nicht helfen", a refusal to help evade or hide something): the assistant judged the request
 *     one it should not serve. Blocks like `support` (the user turn before it must lean to a category). Record 0036
 *     (round 29): check5-dev's sensitive asks answered with a refusal.
 */
export type ResponseMarker = 'condolence' | 'support' | 'refusal';

const CONDOLENCE = new RegExp(
  [
    // en
    String.raw`sorry (?:for|about) (?:your|the) loss`,
    String.raw`(?:my|our) (?:deepest |sincere |heartfelt )?condolences`,
    String.raw`sorry (?:to hear )?(?:that )?(?:your|he|she|they) (?:passed|died)`,
    // es
    String.raw`(?:mis|nuestras|mi mas sentido|sentido) (?:sinceras |mas sinceras )?(?:condolencias|pesame)`,
    String.raw`te acompano en el sentimiento`,
    String.raw`(?:siento|lamento) (?:mucho )?(?:tu|su) perdida`,
    // de
    String.raw`beileid`,
    String.raw`(?:tut mir|es tut mir) (?:sehr |so )?leid um (?:deine|ihre|deinen|ihren|dein|ihr)`,
    // fr
    String.raw`condoleances`,
    String.raw`desole(?:e)? pour (?:ta|votre) perte`,
    // pt
    String.raw`meus (?:sinceros )?(?:sentimentos|pesames)`,
    String.raw`condolencias`,
    String.raw`(?:sinto|lamento) (?:muito )?pela (?:sua|tua) perda`,
    // it
    String.raw`condoglianze`,
    String.raw`mi dispiace (?:tanto |molto )?per la (?:tua|sua) perdita`,
    // nl
    String.raw`gecondoleerd`,
    String.raw`veel sterkte (?:met|bij) (?:het|dit) verlies`,
  ].join('|'),
);

const SUPPORT = new RegExp(
  [
    // en
    String.raw`(?:it'?s|it is|this is|that'?s) not your fault`,
    String.raw`you (?:don'?t|do not) deserve (?:this|that|to be)`,
    String.raw`you(?:'re| are) not alone`,
    String.raw`(?:don'?t|do not) have to (?:go through|face|carry) (?:this|it) alone`,
    String.raw`(?:thank you|thanks) for (?:trusting me|telling me|sharing this with me)`,
    String.raw`(?:i'?m|i am) (?:so |really |very )?glad you(?:'re| are)? (?:still here|told me|reached out|survived)`,
    String.raw`glad (?:he|she|they) (?:survived|is alive|are alive)`,
    String.raw`if you(?:'re| are| ever)? (?:feel )?in (?:immediate )?danger`,
    String.raw`(?:what|all) you(?:'re| are) going through`,
    String.raw`(?:so|really|truly|deeply|terribly) sorry (?:this is happening|you(?:'re| are) going through)`,
    String.raw`must (?:be|have been) (?:terrifying|devastating|heartbreaking|so frightening)`,
    String.raw`(?:a|an) (?:crisis|addiction|grief|debt|domestic violence) (?:counsel+or|counselling|service|advocate|advisor)`,
    String.raw`support group`,
    String.raw`report (?:it |this |them |him |her |the (?:account|messages?|threats?) )?to the police`,
    String.raw`please (?:talk|speak) (?:to|with) (?:a|your) (?:doctor|gp|therapist|counsel+or)`,
    String.raw`(?:encourage|urge) you to (?:talk|speak|reach out|get in touch|see) (?:to |with )?(?:a |your )?(?:doctor|gp|therapist|counsel+or|psychologist|mental health|someone you trust)`,
    String.raw`(?:confidential|crisis|support|listening) (?:help|hot)line`,
    String.raw`(?:talk|speak|reach out) to someone you trust`,
    // es
    String.raw`no es (?:tu|su) culpa`,
    String.raw`no (?:te|lo) mereces`,
    String.raw`no estas sol[oa]`,
    String.raw`(?:lo siento|siento) muchisimo`,
    String.raw`lo que (?:estas|estais|esta) pasando`,
    String.raw`gracias por (?:confiar|contarmelo|compartirlo conmigo)`,
    String.raw`si (?:te sientes|estas) en peligro`,
    String.raw`asesor(?:a|ia)? de deudas`,
    String.raw`(?:denuncia(?:lo|la|r)?|acude|llama) a la policia`,
    String.raw`por favor,? (?:habla|consulta) con (?:un|tu) (?:medico|psicologo)`,
    String.raw`te (?:animo|recomiendo|aconsejo|pido) (?:de verdad |mucho |que )?(?:a )?(?:hables|hablar|consultes|consultar|acudas|acudir) (?:con|a) (?:un |una |tu )?(?:medic[oa]|psicolog[oa]|terapeuta|profesional de (?:la )?salud|alguien de confianza)`,
    String.raw`linea de (?:ayuda|atencion|escucha)`,
    // de
    String.raw`(?:ist|das ist) nicht deine schuld`,
    String.raw`(?:du bist|sie sind) nicht allein`,
    String.raw`(?:unendlich|zutiefst|so unglaublich) leid`,
    String.raw`danke, dass du (?:es )?mir (?:das )?(?:erzahlst|anvertraust)`,
    String.raw`(?:wenn|falls) du (?:dich )?in gefahr`,
    String.raw`(?:anzeige (?:erstatten|bei der polizei)|zur polizei gehen)`,
    String.raw`bitte sprich mit (?:einer|einem|deiner|deinem) (?:arzt|arztin|hausarzt|hausarztin|therapeut)`,
    String.raw`(?:schuldnerberatung|suchtberatung|beratungsstellen? fur (?:gluck|sucht)|frauenhaus)`,
    String.raw`(?:ermutige|ermuntere|bitte) (?:dich|sie)(?:,| dringend| sehr)? (?:mit|dich an|sich an) (?:einer |einem |deiner |deinem |ihrer |ihrem )?(?:arzt|arztin|hausarzt|hausarztin|therapeut|therapeutin|psycholog|beratungsstelle|vertrauensperson)`,
    String.raw`(?:sorgentelefon|hilfetelefon|beratungstelefon|krisentelefon)`,
    // fr
    String.raw`(?:ce n'est|c'est) pas (?:de )?ta faute`,
    String.raw`tu ne (?:le )?merites? pas`,
    String.raw`tu n'es pas seule?`,
    String.raw`(?:vraiment|profondement|sincerement) desolee? que (?:tu|vous)`,
    String.raw`merci de (?:m'avoir fait confiance|me l'avoir dit)`,
    String.raw`(?:a du|doit etre) (?:terrifiant|terrible|devastateur)`,
    String.raw`(?:centre d'addictologie|addictologue|conseiller en (?:surendettement|budget)|ce que (?:tu traverses|vous traversez))`,
    String.raw`(?:je t'encourage|je vous encourage|je t'invite|je vous invite) (?:vraiment |vivement )?a (?:en )?(?:parler|consulter|contacter|te confier|vous confier) (?:a |avec )?(?:un |une |ton |votre )?(?:medecin|psychologue|therapeute|professionnel de sante|quelqu'un de confiance)`,
    String.raw`ligne d'ecoute`,
    String.raw`(?:porter plainte|prevenir la police|signaler (?:a|aupres de) la police)`,
    // pt
    String.raw`nao (?:e|foi) culpa (?:sua|tua)`,
    String.raw`(?:voce|tu) nao merece`,
    String.raw`(?:voce|tu) nao (?:esta|estas) sozinh[oa]`,
    String.raw`obrigad[oa] por (?:compartilhar|partilhar|confiar)`,
    String.raw`deve (?:ser|estar sendo) muito dificil`,
    String.raw`desejo (?:muita )?forca`,
    String.raw`se (?:estiver|voce estiver) em perigo`,
    String.raw`(?:boletim de ocorrencia|denuncie a policia|ligue para a policia)`,
    String.raw`por favor,? procure um (?:medico|psicologo)`,
    String.raw`(?:recomendo|incentivo|aconselho|peco) (?:muito |de verdade )?(?:que )?(?:voce |a )?(?:procure|procurar|converse|conversar|fale|falar|busque|buscar) (?:com )?(?:um |uma )?(?:medic[oa]|psicolog[oa]|terapeuta|profissional de saude|alguem de confianca)`,
    String.raw`linha de (?:apoio|ajuda|escuta)`,
    // it
    String.raw`non e colpa tua`,
    String.raw`non (?:te lo )?meriti`,
    String.raw`non sei sol[oa]`,
    String.raw`mi dispiace (?:tantissimo|moltissimo|davvero tanto)`,
    String.raw`(?:grazie|ti ringrazio) per (?:avermelo detto|la fiducia)`,
    String.raw`se ti senti in pericolo`,
    String.raw`forza e coraggio`,
    String.raw`ti (?:incoraggio|invito|consiglio vivamente) (?:a|di) (?:parlarne|parlare|rivolgerti|contattare) (?:con |a )?(?:un |una |il tuo )?(?:medico|psicolog[oa]|terapeuta|qualcuno di cui ti fidi)`,
    String.raw`linea di ascolto`,
    String.raw`(?:polizia postale|sporgi denuncia|denuncia (?:le minacce|alla polizia))`,
    // nl
    String.raw`(?:het is|is) niet jouw schuld`,
    String.raw`je (?:staat|bent) (?:er )?niet alleen`,
    String.raw`(?:wat )?ontzettend (?:verdrietig|naar|erg)`,
    String.raw`(?:fijn|goed) dat je het (?:vertelt|verteld hebt)`,
    String.raw`(?:veel )?sterkte(?:\s*[.!,]|$| voor)`,
    String.raw`wat (?:naar|erg) dat je dit meemaakt`,
    String.raw`(?:ik moedig je aan|ik raad je (?:echt |sterk |dringend )?aan) (?:om )?(?:met|contact op te nemen met) (?:je |een )?(?:huisarts|arts|dokter|psycholoog|therapeut|iemand die je vertrouwt)`,
    String.raw`hulplijn`,
    String.raw`(?:doe aangifte|aangifte doen|aangifte bij de politie)`,
    String.raw`(?:praat|spreek) (?:er )?(?:alsjeblieft |alstublieft )?(?:over )?met (?:je|uw|een) (?:huisarts|arts|dokter)`,
  ]
    .map((p) => `(?:^|[^a-z])(?:${p})`)
    .join('|'),
);

/** Courtesy words an assistant puts before a refusal ("sorry, but", "lo siento, pero"), per language (folded). */
const SORRY = String.raw`(?:(?:(?:i['\u2019]?m |i am |so |really )?sorry|apologies|unfortunately|lo siento|lo lamento|disculpa|perdona|tut mir (?:sehr )?leid|entschuldig(?:ung|e)|leider|(?:je suis )?desolee?|pardon|desculpa|desculpe|lamento|sinto muito|infelizmente|mi dispiace|spiacente|purtroppo|het spijt me|helaas)[,.!]? (?:(?:but|pero|aber|mais|mas|ma|maar) )?)?`;
/** What is declined: "that", "this request", or helping someone evade, hide or get round something. */
const EVADE = String.raw`(?:avoid|evad|hid|dodg|bypass|circumvent|get(?:t)?(?:ing)? (?:around|round)|cheat|deceiv|trick)\w*`;
const THAT = String.raw`(?:that|this|it|those|these)(?: (?:one|request|kind of (?:thing|request)|sort of (?:thing|request)))?`;
const REFUSAL = new RegExp(
  [
    // en
    String.raw`(?:(?:i|we) (?:can['\u2019]?t|cannot|can not|won['\u2019]?t|will not|must decline to|have to decline to)|(?:i['\u2019]?m|i am|we['\u2019]?re|we are) (?:not able|unable|not going) to) (?:help|assist)(?: you)?(?: (?:with|on|in|do))? (?:${THAT}|${EVADE})`,
    String.raw`(?:i|we) (?:can['\u2019]?t|cannot|can not|won['\u2019]?t|will not) (?:help|assist)(?: you)?\s*(?:[.!,;:\u2014\u2013-]|$)`,
    String.raw`(?:i|we) (?:can['\u2019]?t|cannot|won['\u2019]?t|will not) (?:provide|give|offer|recommend|suggest) (?:help|advice|recommendations|options|assistance) (?:for|with|on) (?:${THAT}|${EVADE})`,
    String.raw`(?:that['\u2019]?s|this is|that is) (?:not )?something i (?:can['\u2019]?t|cannot|won['\u2019]?t|will not|can not) help with`,
    // es
    String.raw`no (?:te |le |les )?(?:puedo|voy a|podemos) (?:ayudar(?:te|le|les)?|asistir(?:te|le)?)(?: (?:con|en|a))? (?:eso|esto|ello|algo asi|este tipo de cosas|${EVADE})`,
    String.raw`no (?:te |le )?(?:puedo|voy a) (?:ayudar(?:te|le)?|asistir(?:te|le)?)\s*(?:[.!,;:\u2014\u2013-]|$)`,
    // de
    String.raw`(?:dabei|damit|hierbei|hiermit|bei so etwas|bei sowas) (?:kann|werde) ich (?:dir |ihnen |euch )?(?:leider )?nicht (?:helfen|behilflich sein|unterstutzen)`,
    String.raw`ich (?:kann|werde) (?:dir |ihnen |euch )?(?:leider )?(?:dabei|damit|hierbei|hiermit|bei so etwas|bei sowas) (?:leider )?nicht (?:helfen|behilflich sein|unterstutzen)`,
    String.raw`ich kann (?:dir |ihnen |euch )?(?:leider )?nicht (?:helfen|behilflich sein)\s*(?:[.!,;:\u2014\u2013-]|$)`,
    // fr
    String.raw`je ne (?:peux|vais|pourrai) pas (?:t['\u2019]|vous |te )?(?:aider|assister|accompagner)(?: (?:avec|a|pour|sur|dans))? (?:ca|cela|ceci|ce genre de (?:chose|demande)s?|cette demande|${EVADE})`,
    String.raw`je ne (?:peux|vais) pas (?:t['\u2019]|vous )?(?:aider|assister)\s*(?:[.!,;:\u2014\u2013-]|$)`,
    // pt
    String.raw`nao (?:te |lhe )?(?:posso|vou|consigo|podemos) (?:te |lhe )?(?:ajudar|auxiliar|ajuda-lo|ajuda-la)(?: (?:com|nisso|nisto|a|em))? ?(?:isso|isto|esse tipo de coisa|${EVADE})`,
    String.raw`nao (?:te |lhe )?(?:posso|vou) (?:te |lhe )?(?:ajudar|auxiliar)\s*(?:[.!,;:\u2014\u2013-]|$)`,
    // it
    String.raw`non (?:ti |la |vi )?(?:posso|possiamo|poss[oi]) (?:aiutar(?:ti|la|vi|e)|assister(?:ti|la|e))(?: (?:con|in|a|su))? (?:questo|questa cosa|cio|una cosa del genere|${EVADE})`,
    String.raw`non (?:ti |la )?(?:posso) (?:aiutar(?:ti|la|e))\s*(?:[.!,;:\u2014\u2013-]|$)`,
    // nl
    String.raw`(?:daar|hier|daarmee|hiermee|daarbij|hierbij) kan ik (?:je |u |jullie )?(?:helaas )?niet (?:mee |bij )?helpen`,
    String.raw`ik kan (?:je |u |jullie )?(?:helaas )?(?:daar|hier) (?:helaas )?niet (?:mee |bij )?helpen`,
  ]
    .map((p) => `(?:${p})`)
    .join('|'),
);
/** How far into the answer a refusal may open (after a courtesy word): a refusal leads, a caveat later does not. */
const REFUSAL_OPENING = 140;
const REFUSAL_AT_START = new RegExp(String.raw`^[\s*_>"'#-]*${SORRY}(?:${REFUSAL.source})`);

/** Whether an answer's `fold`ed text opens by declining the request. */
export function isRefusal(folded: string): boolean {
  return REFUSAL_AT_START.test(folded.slice(0, REFUSAL_OPENING));
}

/** The marker of an assistant turn's `fold`ed text: condolences, a refusal, stronger support, or null. */
export function assistantResponse(folded: string): ResponseMarker | null {
  if (CONDOLENCE.test(folded)) return 'condolence';
  if (isRefusal(folded)) return 'refusal';
  if (SUPPORT.test(folded)) return 'support';
  return null;
}
