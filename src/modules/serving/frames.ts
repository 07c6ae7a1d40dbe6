import type { ReadConversation } from '../../lib/turns.js';
import { requestFrame } from './frames-request.js';
import { turnFrames } from './turn-frames.js';

/**
 * Explanation frames: the last user turn asks how or why something works, for its history, for homework or an
 * essay, for help with code, or about fixing what the user already owns by themselves — in English, Spanish,
 * German, French, Portuguese, Italian and Dutch (a German, French or Dutch why-question whatever verb follows, as
 * English "why" + any auxiliary: round 11). A topic word inside such a frame is what the question is about, not the
 * object of a need ("how does a heat pump work" vs "which heat pump should I buy"), so when the intent
 * head also reads the conversation as informational, serving asks for a closer fit (service.ts
 * `EXPLANATION_FLOOR`). The head alone cannot tell these apart from commercial how-questions (record 0050,
 * round 8: they overlap in P(informational) × relevance); the frame is the extra evidence. Cues are general
 * language chosen by category (explanation, history, homework, code, owned/do-it-yourself, a purchase refused),
 * no evaluation item. Record 0050, round 9.
 */
const CUES: readonly string[] = [
  // en
  'how (?:does|do|did) (?:\\w+ ){1,6}work|why (?:is|are|do|does|did|was|were)|explain|history of|origin of|' +
    'homework|assignment|essay|school project|exam|my (?:code|script|function)|in (?:python|javascript|typescript|java|rust|sql|react)|' +
    'already (?:have|own|bought|has)|i (?:own|bought) (?:a|an|my)|(?:fix|repair|do) it myself|by myself|by hand|' +
    // an owned item: "mine/ours is …", a part just replaced or serviced, resetting it
    '(?:mine|ours) (?:is|s|has)|i (?:just|recently) (?:replaced|changed|installed|cleaned|serviced|updated)|(?:how (?:do|can|should) i|to) reset|' +
    // how a thing (not a person: "how do people …" asks how to meet a need) knows, senses or decides
    'how (?:do|does|did|can|could) (?!(?:i|we|you|my|our|people|ppl|folks|others|teams|companies|businesses|most|other) )(?:\\w+ ){1,4}' +
    '(?:know|tell|sense|figure out|detect|recogni[sz]e|decide|determine|predict|estimate|measure|calculate|actually|' +
    'stick|float)|' +
    'without (?:buying|hiring|paying)|(?:don t|do not) want to (?:buy|hire|pay)',
  // es
  'como funciona|por que (?:es|son|se)|explica|historia de|tarea|deberes|ensayo|ya tengo|yo mismo|sin comprar|sin contratar',
  // de
  'wie funktioniert|warum|erklar|geschichte (?:der|des|von)|hausaufgabe|referat|aufsatz|habe schon|selbst reparieren|ohne (?:zu )?kaufen',
  // fr
  'comment fonctionne|comment marche|pourquoi|explique|histoire de|devoirs?|dissertation|j ai deja|moi meme|sans acheter',
  // pt
  'como funciona|por que (?:e|o|a|os|as)|explique|historia d[aeo]|dever de casa|licao de casa|redacao|ja tenho|eu mesmo|sem comprar',
  // it
  'come funziona|perche (?:e|il|la|i|le|si)|spiega|storia d|compiti|tema per|ho gia|da solo|senza comprare',
  // nl
  'hoe werkt|waarom|leg uit|geschiedenis van|huiswerk|werkstuk|spreekbeurt|heb al|zelf repareren|zonder (?:te )?kopen',
];

/**
 * Round 10 (record 0050): what the question is *for* rather than how it is asked — a debate or an article being
 * written; the news, a myth or plain curiosity, a purchase explicitly not intended; a complaint, dispute or
 * refund about something already bought, or an owned item going wrong; a piece of text the assistant is asked to
 * write (a toast, a message, minutes), asked at the start of the turn so that "how do I write a cover letter" stays a
 * how-question. Classes from the brief and from reading the dev sets' false serves; own wording, no evaluation item.
 */
const PURPOSE_CUES: readonly string[] = [
  // en: debate, an article being written
  'debate|debating|' +
    'both sides|arguments? (?:for|against)|(?:i m|i am|we re|we are) writing (?:a |an |my |our )?(?:\\w+ ){0,2}(?:article|paper|thesis)|' +
    // news, myth, curiosity, no purchase
    'in the news|on the news|i (?:read|saw|heard) that|i read (?:about|an article|a story)|following the news|' +
    'not (?:buying|looking to buy|shopping for|planning to buy)|just curious|out of curiosity|myth|urban legend|true or false|' +
    // complaint, dispute, an owned item going wrong
    '(?:ask for|demand|request|claim|entitled to|get back) (?:a |my |the )?(?:\\w+ )?refund|dispute (?:it|this|that|the charge|a charge|the fee)|charged me|overcharged|still charg\\w*|' +
    'complain\\w*|' +
    '(?:what am i|something i m|i m) doing wrong|' +
    // a text to write, asked at the start of the turn
    '^(?:(?:please|pls|hey|hi|ok|okay|so|can you|could you|would you|help me) )*(?:write|draft|compose) (?:me |us )?(?:a |an |the |my |our )?' +
    '(?:\\w+ ){0,3}(?:toast|speech|eulogy|letter|email|e mail|message|caption|bio|minutes|announcement|invitation|' +
    'function|hook|query|regex|regular expression|class|component|macro|formula|snippet|method|unit tests?)|' +
    '^(?:(?:please|pls|hey|hi|ok|okay|so|can you|could you|would you|help me) )*turn (?:these|this|my|our) (?:\\w+ ){0,2}into',
  // es
  'debate|ambos lados|argumentos (?:a favor|en contra)|' +
    'estoy escribiendo (?:un|una) (?:\\w+ )?(?:articulo|trabajo)|en las noticias|lei que|no voy a comprar|solo curiosidad|por curiosidad|mito|' +
    '(?:pedir|reclamar|solicitar|exigir) (?:un |el |mi )?reembolso|me cobraron|reclamar|reclamacion|que estoy haciendo mal|' +
    '^(?:(?:por favor|puedes|podrias|me puedes) )*(?:escribe|escribeme|redacta|redactame) (?:un|una) (?:\\w+ ){0,2}(?:brindis|discurso|carta|correo|mensaje)',
  // de
  'debatte|beide seiten|' +
    'argumente (?:fur|gegen|dafur|dagegen)|ich schreibe (?:einen|eine|ein) (?:\\w+ )?(?:artikel|arbeit)|in den nachrichten|ich habe gelesen|' +
    'nur neugierig|aus neugier|mythos|(?:ruckerstattung|erstattung|geld zuruck) (?:verlangen|fordern|beantragen|bekommen)|reklamation|beschwerde|was mache ich falsch|' +
    '^(?:(?:bitte|kannst du|konntest du) )*(?:schreib|schreibe|verfasse) (?:mir |uns )?(?:einen|eine|ein) (?:\\w+ ){0,2}(?:trinkspruch|rede|brief|nachricht)',
  // fr
  'debat|les deux cotes|arguments (?:pour|contre)|' +
    'j ecris (?:un|une) (?:\\w+ )?(?:article|memoire)|aux informations|j ai lu que|juste curieux|par curiosite|mythe|' +
    '(?:me |se faire |etre |pas |suis je )rembours\\w*|reclamation|litige|qu est ce que je fais mal|' +
    '^(?:(?:peux tu|pourrais tu|tu peux|stp|svp) )*(?:m |me )?(?:ecris|redige) (?:moi )?(?:un|une) (?:\\w+ ){0,2}(?:toast|discours|lettre|message)',
  // pt
  'debate|os dois lados|argumentos (?:a favor|contra)|' +
    'estou escrevendo (?:um|uma) (?:\\w+ )?(?:artigo|trabalho)|nas noticias|li que|so curiosidade|por curiosidade|mito|' +
    '(?:pedir|solicitar|exigir) (?:um |o |meu )?reembolso|me cobraram|reclamacao|o que estou fazendo errado|' +
    '^(?:(?:por favor|pode|voce pode) )*(?:escreva|escreve|redija) (?:me )?(?:um|uma) (?:\\w+ ){0,2}(?:brinde|discurso|carta|mensagem)',
  // it
  'dibattito|entrambi i lati|argomenti (?:a favore|contro)|' +
    'sto scrivendo (?:un|una) (?:\\w+ )?(?:articolo|tesina)|nelle notizie|ho letto che|solo curiosita|per curiosita|mito|' +
    '(?:chiedere|ottenere|richiedere) (?:un |il )?rimborso|reclamo|cosa sbaglio|' +
    '^(?:(?:per favore|puoi|potresti) )*(?:scrivi|scrivimi) (?:un|una|uno) (?:\\w+ ){0,2}(?:brindisi|discorso|lettera|messaggio)',
  // nl
  'debat|beide kanten|argumenten (?:voor|tegen)|' +
    'ik schrijf (?:een )?(?:\\w+ )?(?:artikel|scriptie)|in het nieuws|ik las dat|gewoon nieuwsgierig|uit nieuwsgierigheid|mythe|' +
    '(?:geld terug|terugbetaling) (?:vragen|eisen|krijgen)|klacht|wat doe ik fout|' +
    '^(?:(?:alsjeblieft|kun je|kan je) )*(?:schrijf) (?:me |mij )?(?:een) (?:\\w+ ){0,2}(?:toost|speech|brief|bericht)',
];
/**
 * Code written into a question, on the turn's text as typed (round 11): an identifier joined by underscores
 * (`MAX_RETRIES`), a lower camel-case one of three or more parts (`parseConfigFile`; "iPhone" has two), a file name
 * with a script or configuration extension (not ".js": "Next.js" is a product). A coding question, whatever language
 * the prose is in.
 */
const UNDERSCORED = /(?:^|[^\w.])[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*[A-Za-z0-9](?!\w)/;
const CAMEL_CASE = /\b[a-z]+[A-Z][a-z0-9]+[A-Z]/;
/** What CAMEL_CASE cannot match without (a lower-case letter before a capital): one pass, no backtracking per word. */
const LOWER_UPPER = /[a-z][A-Z]/;
const FILE_NAME = /(?:^|[^\w.])[\w-]+\.(?:json|ya?ml|toml|py|tsx|jsx|sql|sh|rb|php|env|ini|cfg)(?!\w)/;
/** The characters of a turn's text searched for code. */
const CODE_CHARS = 600;

/** Whether a turn's text (its first `CODE_CHARS`) has code typed into it; a pattern that needs "_" or "." runs only then. */
function hasCode(text: string): boolean {
  const t = text.length > CODE_CHARS ? text.slice(0, CODE_CHARS) : text;
  return (
    (t.includes('_') && UNDERSCORED.test(t)) ||
    (t.includes('.') && FILE_NAME.test(t)) ||
    (LOWER_UPPER.test(t) && CAMEL_CASE.test(t))
  );
}
const FRAME = new RegExp(`(?:^| )(?:${CUES.join('|')})(?= |$)`);
const PURPOSE = new RegExp(`(?:^| )(?:${PURPOSE_CUES.join('|')})(?= |$)`);

/** The words of a turn read for a frame (its first ones: where a question says what it is). */
const FRAME_WORDS = 60;

/** Whether a text (any language covered) asks in an explanation frame (`CUES`). */
export function isExplanationFrame(text: string): boolean {
  return FRAME.test(text);
}

/** Whether a text (any language covered) says what the question is for, and it is not a purchase (`PURPOSE_CUES`). */
export function isPurposeFrame(text: string): boolean {
  return PURPOSE.test(text);
}

/**
 * The frame of the conversation's last user turn: `purpose` (a class, debate, article, the news, curiosity, a
 * complaint about a purchase, a text to write: no need whatever the intent head reads), `explanation` (how or why,
 * homework, code, an owned item: a need only when the head reads one; not looked for when `explanation` is false),
 * `code` (code in the turn — a fenced block or an identifier — when `explanation` is false: a technical task, which
 * asks the informational floor whatever the head reads; round 14), or null.
 */
export function lastTurnFrame(conv: ReadConversation, explanation = true): 'purpose' | 'explanation' | 'code' | null {
  for (let i = conv.turns.length - 1; i >= 0; i--) {
    const t = conv.turns[i];
    if (t.role !== 'user') continue;
    // Each verdict read once per turn and memoised with it (turn-frames.ts), on the turn's first FRAME_WORDS folded
    // words (lib/turns.ts `ReadTurn.foldedHead`).
    const f = turnFrames(t);
    let s: string | undefined;
    if ((f.purpose ??= PURPOSE.test((s = t.foldedHead(FRAME_WORDS))) || requestFrame(t.text, s, CODE_CHARS)))
      return 'purpose';
    const code = (f.code ??= t.text.includes('```') || hasCode(t.text));
    if (!explanation) return code ? 'code' : null;
    return code || (f.explains ??= FRAME.test(s ?? t.foldedHead(FRAME_WORDS))) ? 'explanation' : null;
  }
  return null;
}

/** Whether the conversation's last user turn asks in an explanation or purpose frame. */
export function lastTurnExplains(conv: ReadConversation): boolean {
  return lastTurnFrame(conv) !== null;
}
