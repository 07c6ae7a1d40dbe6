/**
 * Round 14 (record 0050): purpose cues for turns that ask the assistant to do a job itself, or need nothing at all —
 * read whatever the intent head says, like the round-10 purpose cues in frames.ts (`requestFrame`):
 * - a text or code to produce or transform, asked of the assistant anywhere in the turn ("I sell scarves online, can
 *   you write me a product description …", "can you translate …", "summarise … for my blog", "I need a regex …"),
 *   and practice problems for a learner;
 * - a complaint about a purchase: the money back, a scam, a review to write;
 * - curiosity and the meaning or origin of a word (a word can name a product in another sense);
 * - the care of an owned thing by hand (cleaning it, gluing or sewing it back).
 * Classes found in the dev sets' wrong ads on no-ad conversations; wording written for this file by category, in seven
 * languages, no evaluation item. A need keeps its ad: "how do I write a cover letter" is not asked of the assistant, and
 * "which product should I buy to clean my X" has no cue here (owned-item care is asked as "how do I clean my …").
 */
const REQUEST_CUES: readonly string[] = [
  // en: a text or code for the assistant to produce or transform, anywhere in the turn
  '(?:can|could|would|will) you (?:please |pls |plz )?(?:help me )?(?:write|draft|compose|translate|summari[sz]e)|help me (?:write|draft|compose|word|phrase|translate)|' +
    '^(?:(?:please|pls|hey|hi|ok|okay|so) )*(?:translate|summari[sz]e)|' +
    '(?:i want|i need|i have|i m trying|i am trying) to write (?:a|an|my|the|this) (?:\\w+ ){0,3}' +
    '(?:review|letter|complaint|email|message|post|speech|toast|description|caption|bio|poem|story)|' +
    '(?:i need|write me|give me|generate|write) (?:a|an) (?:\\w+ ){0,2}(?:regex|regular expression|function|' +
    'script|sql query|macro|formula|snippet|one liner)|' +
    // practice for a learner
    '(?:give|make|write) (?:me|us|her|him|them) (?:\\w+ ){0,2}(?:more )?(?:practice|example|sample) (?:problems|questions|exercises|sentences)|' +
    'quiz me|practice problems|worksheet for|' +
    // a complaint about something bought
    '(?:get|want|need) (?:my|our|the) money back|is (?:this|it|that) a scam|(?:i|we) (?:got|ve been|have been|were) scammed|' +
    '(?:write|leave|post) (?:a|an|my) (?:\\w+ ){0,2}review|' +
    // curiosity, the meaning or origin of a word
    'random curiosity|(?:i m|i am|just) curious (?:how|why|what|about)|i (?:always |ve always |have always )?wonder(?:ed)? (?:how|why)|' +
    'where (?:does|did) (?:the )?(?:word|name|term|phrase|expression|saying) (?:\\w+ ){0,2}come from|etymology|' +
    'what (?:does|do) (?:the )?(?:word|term|phrase|expression) (?:\\w+ ){1,3}mean|' +
    // the care of an owned thing, by hand
    'how (?:do|can|should) i (?:clean|wash|dry|unclog|descale|degrease|sew|darn|glue|patch) (?:my|our|these|this|those|them|it)|' +
    'can i (?:glue|sew|tape|patch|stitch) (?:it|them|this) back|(?:fix|repair|mend) (?:it|this|them|that) (?:myself|by myself|on my own)|' +
    '(?:right|proper|safest|best) way to (?:clean|wash|descale|unclog) (?:my|the|a|an|our)|(?:don t|do not|dont) want (?:a|to buy a) new one',
  // es
  '(?:puedes|podrias|me puedes) (?:ayudarme a )?(?:escribir|redactar|traducir|resumir)|^(?:por favor )?(?:traduce|traduceme|resume|resumeme)|' +
    'quiero (?:escribir|dejar) una (?:\\w+ ){0,2}(?:resena|queja|carta)|(?:recuperar|devuelvan) (?:mi|el) dinero|es una estafa|' +
    'me pregunto (?:como|por que)|de donde viene (?:la palabra|el nombre|el termino|la expresion)|que significa (?:la palabra|el termino)|' +
    'como (?:limpio|lavo|pego|coso) (?:mi|mis|el|la|los|las)|no quiero (?:uno nuevo|una nueva|comprar otro|comprar otra)',
  // de
  '(?:kannst|konntest) du (?:mir )?(?:helfen )?(?:\\w+ ){0,6}(?:zu )?(?:schreiben|verfassen|ubersetzen|zusammenfassen)|' +
    '^(?:bitte )?(?:ubersetze|ubersetz|fasse)|mein geld zuruck|ist das (?:ein )?betrug|(?:eine )?(?:bewertung|rezension) schreiben|' +
    'ich frage mich (?:wie|warum)|woher kommt (?:eigentlich )?(?:das wort|der name|der begriff|der ausdruck)|was bedeutet (?:das wort|der begriff)|' +
    'wie (?:reinige|putze|wasche|klebe|nahe) ich (?:mein|meine|meinen|das|die|den)|(?:will|mochte) (?:kein|keine|keinen) (?:neues|neue|neuen)',
  // fr
  '(?:peux tu|pourrais tu|pouvez vous|tu peux) (?:m aider a )?(?:m |me )?(?:ecrire|rediger|traduire|resumer)|' +
    '^(?:stp |svp )?(?:traduis|resume)|(?:recuperer|ravoir) mon argent|c est une arnaque|(?:ecrire|laisser) un avis|' +
    'je me demande (?:comment|pourquoi)|d ou vient (?:le mot|le nom|l expression|le terme)|que veut dire (?:le mot|l expression)|' +
    'comment (?:nettoyer|laver|recoller|recoudre) (?:mon|ma|mes)|(?:je ne veux pas|veux pas) (?:en )?(?:racheter|acheter) (?:un|une) (?:autre|nouveau|nouvelle)',
  // pt
  '(?:pode|poderia|voce pode|consegue) (?:me ajudar a )?(?:escrever|redigir|traduzir|resumir)|^(?:por favor )?(?:traduza|traduz|resuma)|' +
    '(?:meu|o meu) dinheiro de volta|e (?:um )?golpe|(?:escrever|deixar) uma (?:\\w+ ){0,2}(?:avaliacao|reclamacao)|' +
    'fico pensando (?:como|por que)|de onde vem (?:a palavra|o nome|o termo|a expressao)|o que significa (?:a palavra|o termo)|' +
    'como (?:limpo|lavo|colo|costuro) (?:meu|minha|meus|minhas|o|a|os|as)|nao quero (?:um novo|uma nova|comprar outro|comprar outra)',
  // it
  '(?:puoi|potresti|mi puoi) (?:aiutarmi a )?(?:scrivere|tradurre|riassumere)|^(?:per favore )?(?:traduci|riassumi)|' +
    '(?:riavere|indietro) i (?:miei )?soldi|e una truffa|(?:scrivere|lasciare) una recensione|' +
    'mi chiedo (?:come|perche)|da dove viene (?:la parola|il nome|il termine)|cosa significa (?:la parola|il termine)|' +
    'come (?:pulisco|lavo|incollo|cucio) (?:il|la|i|le|mio|mia|miei|mie)|non (?:ne )?voglio (?:uno nuovo|una nuova|comprare)',
  // nl
  '(?:kun je|kan je|kunt u) (?:me helpen )?(?:\\w+ ){0,6}(?:schrijven|vertalen|samenvatten)|^(?:alsjeblieft )?(?:vertaal|vat)|' +
    'is dit oplichting|(?:een )?(?:review|recensie) schrijven|' +
    'ik vraag me af (?:hoe|waarom)|waar komt (?:het woord|de naam|de uitdrukking)|wat betekent (?:het woord|de term)|' +
    'hoe (?:maak ik|reinig ik|was ik|lijm ik) (?:mijn|m n|de|het) (?:\\w+ )?(?:schoon|vast)?|(?:wil|hoef) (?:geen|niet) (?:nieuwe|een nieuwe)',
];

const REQUEST = new RegExp(`(?:^| )(?:${REQUEST_CUES.join('|')})(?= |$)`);
/**
 * A purchase asked in the same turn ("… and which accounting software should I use?", "where can I buy one?"): the
 * turn then holds a need beside the job, and the request cues stand aside.
 */
const NEED_ASKED = new RegExp(
  '(?:^| )(?:(?:which|what) (?:\\w+ ){0,3}(?:should i (?:buy|get|use|order|choose|pick)|do you recommend|would you recommend|is best to buy)|' +
    'can you recommend|where (?:can|do|should) i (?:buy|get|order|find)|' +
    'que (?:\\w+ ){0,2}me recomiendas|donde (?:puedo )?comprar|welche[snmr]? (?:\\w+ ){0,3}(?:soll ich kaufen|empfiehlst)|wo kann ich (?:\\w+ )?kaufen|' +
    'quel(?:le)?s? (?:\\w+ ){0,3}(?:acheter|me conseilles)|ou acheter|qual (?:\\w+ ){0,3}(?:comprar|recomenda)|onde comprar|' +
    'quale (?:\\w+ ){0,3}(?:comprare|consigli)|dove comprare|welke (?:\\w+ ){0,3}(?:moet ik kopen|raad je)|waar kan ik (?:\\w+ )?kopen)(?= |$)',
);

/**
 * Whether a turn (its text as typed and its folded words) asks the assistant to do a job itself, complains, asks about a
 * word or an owned thing's care (`REQUEST_CUES`, `typedRequest`) with no purchase asked beside it, or only closes the
 * conversation (`closingTurn`).
 */
export function requestFrame(text: string, folded: string, chars: number): boolean {
  return ((REQUEST.test(folded) || typedRequest(text, chars)) && !NEED_ASKED.test(folded)) || closingTurn(text, folded);
}

/** A turn opening with a programming language and a colon ("python: parse …"): code for the assistant to write. */
const CODE_ASKED =
  /^\s*(?:python|javascript|js|typescript|ts|sql|bash|rust|golang|go|java|kotlin|swift|php|ruby|c\+\+|c#|excel)\s*:/i;
/** A quoted word asked about ("what is “X” music?"): a word's meaning, not a thing to get. */
const QUOTED_TERM = /\bwhat(?:'s|’s| is| are| does)\s+(?:a |an |the )?["“'‘][^"”'’\n]{1,30}["”'’]/i;

/** Whether a turn's text as typed (its first `chars`) asks for code or about a word in a way folded words lose. */
function typedRequest(text: string, chars: number): boolean {
  const t = text.length > chars ? text.slice(0, chars) : text;
  return CODE_ASKED.test(t) || QUOTED_TERM.test(t);
}

/**
 * A closing turn: thanks or a fix reported, with no question and no new need ("that was it, thank you!"). The
 * conversation's topic words are then what was solved, not something to sell.
 */
const CLOSING = new RegExp(
  '(?:^| )(?:thank you|thanks|thx|ty so much|you re a (?:legend|lifesaver|life saver|star|genius|hero)|you saved me|' +
    'it worked|that worked|that did it|did the trick|works now|working again|problem solved|fixed it|' +
    'gracias|funciono|ya funciona|danke|hat geklappt|funktioniert wieder|merci|ca marche|ca a marche|obrigad[oa]|funcionou|' +
    'grazie|ha funzionato|bedankt|het werkt)(?= |$)',
);
/** Words of a new need, which a closing turn must not hold. */
const NEED_WORDS = new RegExp(
  '(?:^| )(?:buy|order|book|recommend|suggest|how do i|how can i|what should|where|which|price|cost|how much|looking for|' +
    'need|want|get one|sign up|' +
    'comprar|recomiendas|kaufen|empfehlen|acheter|recommandes|recomenda|comprare|consigli|kopen|aanraden)(?= |$)',
);
/** A fix that did not work ("none of that worked", "it still didn't work"): the problem is still open. */
const NOT_FIXED =
  /(?:^| )(?:none of (?:that|this|it|them)|nothing|not|never|still|didn t|did not|doesn t|does not|hasn t|isn t|no longer) (?:\w+ )?(?:worked|works|work|fixed|helped)(?= |$)/;
/** Longest closing turn, in words (a longer one usually goes on to something new). */
const CLOSING_WORDS = 30;

/** Whether a turn (its text as typed and its folded words) only closes the conversation. */
function closingTurn(text: string, folded: string): boolean {
  if (text.includes('?') || text.includes('¿')) return false;
  if (folded.split(' ').length > CLOSING_WORDS) return false;
  return CLOSING.test(folded) && !NEED_WORDS.test(folded) && !NOT_FIXED.test(folded);
}
