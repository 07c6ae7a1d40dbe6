import type { ReadConversation, ReadTurn } from '../../lib/turns.js';
import { stem, terms } from '../../lib/text.js';
import type { InvGroup } from './inventory.js';
import { turnFrames } from './turn-frames.js';

/**
 * Round 15 (record 0050): two frames of the last user turn that the intent head cannot see, because their words read
 * like a need (a product named, "do I need …", "what …"):
 * - `trouble`: a thing the user already owns acting up or to be fixed by them ("my drone keeps drifting", "mijn
 *   stofzuiger maakt een raar geluid, wat kan dat zijn?", "is it ruined?", "how do I fix my …"). An ad then fits only
 *   when it offers the fix (a repair or call-out service: its context says so, `offersService`); an ad for the same
 *   kind of thing is a replacement, which the turn must ask for (`NEED_CUE`: buy, replace, a new one, which, …).
 * - `no_need`: a comparison asked for a class or to settle an argument ("what's the difference between A and B, for
 *   my astronomy class"): no ad whatever the relevance, unless the turn also asks to buy. A comparison alone stays a
 *   need when the head reads one ("the difference between liability and collision cover").
 * Wording written for this file by category, en/es/de/fr/pt/it/nl; no evaluation item.
 */
export type NoNeedFrame = 'trouble' | 'no_need';

/** Who or what "my …" names when it is not an owned thing: people, pets, the body, an organisation, a service. */
const NOT_A_THING =
  '(?:dad|mom|mum|mother|father|parents?|husband|wife|spouse|partner|ex|son|daughter|kids?|child|children|baby|' +
  'brother|sister|friends?|boss|manager|coworkers?|colleagues?|team|company|employer|landlord|roommate|neighbou?r|' +
  'boyfriend|girlfriend|teacher|doctor|clients?|customers?|dog|cat|puppy|kitten|' +
  'skin|hair|back|head|heart|knee|stomach|face|eyes?|teeth|tooth|body|mind|brain|sleep|mood|weight|' +
  // a service subscribed to (failing, it is a reason to switch, not a thing to fix)
  'internet|wifi|wi fi|connection|hosting|host|website|site|server|provider|plan|account|subscription|bank|insurance|app|' +
  'padre|madre|hijo|hija|esposo|esposa|vater|mutter|sohn|tochter|mann|frau|pere|mere|fils|fille|mari|femme|' +
  'pai|mae|filho|filha|marido|mulher|vader|moeder|zoon|dochter)';
/** An owned thing acting up: "my <thing> keeps | won't | stopped | makes a weird noise …", in seven languages. */
const OWNED_TROUBLE = new RegExp(
  `(?:^| )(?:my|our|mine) (?!(?:\\w+ )?${NOT_A_THING} )(?:\\w+ ){1,3}(?:keeps|won t|wont|stopped|started making|is making|makes (?:a|an|this|that|weird|strange)|` +
    'is leaking|is squeaking|is beeping|is clicking|is drifting|is stuck|is acting up|acts up|randomly|suddenly (?:stopped|died|shut)|' +
    'doesn t (?:work|turn on|charge|start|connect)|no longer (?:works|turns on|charges))(?= |$)|' +
    '(?:^| )(?:mi|mis) (?:\\w+ ){1,2}(?:hace un ruido|sigue|ya no (?:funciona|enciende|carga)|no (?:funciona|enciende|carga|arranca)|se apaga)(?= |$)|' +
    '(?:^| )(?:mein|meine|meinen) (?:\\w+ ){1,2}(?:macht (?:ein|komische|seltsame|merkwurdige)|geht nicht mehr|funktioniert nicht|ladt nicht|springt nicht)(?= |$)|' +
    '(?:^| )(?:mon|ma|mes) (?:\\w+ ){1,2}(?:fait un bruit|ne (?:marche|fonctionne|charge|demarre|s allume) plus|s eteint tout seul)(?= |$)|' +
    '(?:^| )(?:meu|minha|meus|minhas) (?:\\w+ ){1,2}(?:faz um barulho|parou de|nao (?:liga|funciona|carrega)|desliga sozinh)(?= |$)|' +
    '(?:^| )(?:il mio|la mia|mio|mia) (?:\\w+ ){1,2}(?:fa un rumore|non (?:funziona|si accende|carica) piu|si spegne)(?= |$)|' +
    '(?:^| )(?:mijn|onze) (?:\\w+ ){1,2}(?:maakt (?:een )?(?:raar|vreemd|gek)|doet het niet meer|werkt niet meer|laadt niet)(?= |$)',
);
/** A trouble-shooting question about something already in hand (its cause, whether it is ruined, fixing it oneself). */
const TROUBLE_ASKED = new RegExp(
  '(?:^| )(?:what could (?:cause|be causing) (?:that|this|it)|what s wrong with (?:it|my|our)|is it (?:ruined|broken for good)|did i (?:ruin|break) (?:it|them)|' +
    '(?:do|will) i (?:have|need) to (?:start over|redo|rip|throw (?:it|them) out|send it in)|' +
    'how (?:do|can|should) i (?:fix|repair|mend|rescue|save|revive|restore|unstick|unjam|clean) (?:my|our|it|them|this|these|the|a|an)|' +
    // a thing in a bad state: "how do I clean brushes that have dried hard"
    'how (?:do|can|should) i (?:fix|repair|rescue|save|revive|restore|clean) (?:\\w+ ){1,4}(?:that|which) (?:have|has|had|got|are|is|were) ' +
    '(?:dried|rusted|gone|turned|gotten|got|become|stained|warped|cracked|stuck|faded)|' +
    'que puede ser|a que se debe|was kann das sein|woran kann das liegen|qu est ce que ca peut etre|d ou ca peut venir|o que pode ser|' +
    'cosa puo essere|wat kan dat zijn|hoe komt dat)(?= |$)',
);
/** A purchase, a replacement or a professional asked for in the same turn: the need stands. */
const NEED_CUE = new RegExp(
  '(?:^| )(?:buy|buying|order|new one|a new|replace|replacement|replacing|upgrade|recommend|which|best|worth (?:it|buying|getting)|' +
    'should i (?:get|buy)|(?:do|will) i need (?:a|an)|alternative|cheaper|switch|shop around|price|cost|how much|where can i|who (?:do|should|can) i call|' +
    'someone to|hire|professional|near me|what s a good|what is a good|es bueno|es buena|e bom|e boa|ist gut|est bon|est bonne|e buono|is goed|' +
    'comprar|nuevo|nueva|recomiendas|kaufen|neues|neuen|empfiehlst|acheter|nouveau|nouvelle|conseilles|novo|nova|recomenda|' +
    'comprare|nuovo|consigli|kopen|nieuwe|aanraden)(?= |$)',
);
/** A comparison asked for ("the difference between A and B", "are they the same thing"). */
const COMPARISON = new RegExp(
  '(?:^| )(?:differences? between|the difference|same thing|diferencia entre|unterschied zwischen|difference entre|diferenca entre|' +
    'differenza tra|verschil tussen)(?= |$)',
);
/** A class, a course, students or a teacher; an argument or a bet to settle. */
const LEARNING_OR_DISPUTE = new RegExp(
  '(?:^| )(?:(?:my|our|a|the|this) (?:\\w+ ){0,3}(?:class|course|lecture|seminar|module|exam|quiz|test|textbook)|\\d{3} class|' +
    'my (?:students|pupils|teacher|professor|tutor)|for school|homework|' +
    'argued|argument|arguing|a bet|settle (?:a|an|this|the)|' +
    'clase|curso|examen|alumnos|discutimos|apuesta|unterricht|kurs|vorlesung|prufung|schuler|gestritten|wette|' +
    'cours|classe|eleves|dispute|pari|aula|prova|alunos|discutimos|aposta|lezione|esame|studenti|scommessa|' +
    'klas|(?:de|mijn|onze) les|tentamen|leerlingen|ruzie|weddenschap)(?= |$)',
);

/** The words of a turn read for these frames. */
const FRAME_WORDS = 60;

/**
 * The frame of the last user turn's folded words (`ReadTurn.foldedHead`), or null. `purpose`: the turn is in a purpose
 * frame (frames.ts: the news, curiosity, a complaint, a job for the assistant), which with no purchase asked beside it
 * asks for nothing either.
 */
export function noNeedFrameOf(folded: string, purpose = false): NoNeedFrame | null {
  if (NEED_CUE.test(folded)) return null;
  return purpose ? 'no_need' : frameWithoutPurpose(folded);
}

/** `noNeedFrameOf` without a purpose frame, once `NEED_CUE` has not hit. */
function frameWithoutPurpose(folded: string): NoNeedFrame | null {
  if (COMPARISON.test(folded) && LEARNING_OR_DISPUTE.test(folded)) return 'no_need';
  return OWNED_TROUBLE.test(folded) || TROUBLE_ASKED.test(folded) ? 'trouble' : null;
}

/** `noNeedFrameOf` of a user turn's first `FRAME_WORDS` folded words, each verdict memoised with the turn (turn-frames.ts). */
function turnNoNeedFrame(t: ReadTurn, purpose: boolean): NoNeedFrame | null {
  const f = turnFrames(t);
  let s: string | undefined;
  if ((f.needCue ??= NEED_CUE.test((s = t.foldedHead(FRAME_WORDS))))) return null;
  return purpose
    ? 'no_need'
    : f.noNeed !== undefined
      ? f.noNeed
      : (f.noNeed = frameWithoutPurpose(s ?? t.foldedHead(FRAME_WORDS)));
}

/**
 * What a user turn says is already settled ("my visa's already sorted", "los vuelos ya están reservados"): the
 * thing's word, one per capture group, in five languages.
 */
export const SETTLED = new RegExp(
  '(?:^| )(?:my|our|the) (?:\\w+ )?(\\w+) (?:s|is|are|has been|have been|was|were) (?:already |all )?' +
    '(?:sorted|taken care of|covered|booked|arranged|paid|handled)(?= |$)|' +
    '(?:^| )(?:mi|mis|el|la|los|las) (\\w+) ya (?:esta|estan) (?:resuelt|reservad|pagad|arreglad)[oa]s?(?= |$)|' +
    '(?:^| )(?:mein|meine|das|die|der) (\\w+) (?:ist|sind) (?:schon|bereits) (?:erledigt|gebucht|bezahlt|geklart)(?= |$)|' +
    '(?:^| )(?:mon|ma|mes|le|la|les) (\\w+) (?:est|sont) deja (?:regle|reserve|paye)e?s?(?= |$)|' +
    '(?:^| )(?:meu|minha|meus|minhas|o|a|os|as) (\\w+) ja (?:esta|estao) (?:resolvid|reservad|pag|arrumad)[oa]s?(?= |$)',
  'g',
);

/**
 * What every `SETTLED` reading holds (its participle in English; "ya esta", "schon", "bereits", "deja", "ja esta"): a
 * turn without one is not scanned (one literal alternation instead of the pattern, which tries every "the …").
 */
export const SETTLED_GATE =
  /sorted|taken care of|covered|booked|arranged|paid|handled|ya esta|schon|bereits|deja|ja esta/;

/** The user turns read for what is settled: the latest ones (a 200-turn conversation reads no more). */
const SETTLED_TURNS = 4;

/** The stems (lib/text.ts `stem`) of what the conversation's last user turns say is settled (`SETTLED`). */
export function settledWords(conv: ReadConversation): string[] {
  const out: string[] = [];
  for (let i = conv.turns.length - 1, seen = 0; i >= 0 && seen < SETTLED_TURNS; i--) {
    const t = conv.turns[i];
    if (t.role !== 'user') continue;
    seen++;
    const f = turnFrames(t);
    for (const w of (f.settled ??= settledIn(t.foldedHead(FRAME_WORDS)))) out.push(w);
  }
  return out;
}

const NONE: readonly string[] = Object.freeze([]);

/** The stems of what one turn's folded words say is settled (`SETTLED`), in the order met. */
function settledIn(folded: string): readonly string[] {
  if (!SETTLED_GATE.test(folded)) return NONE;
  let out: string[] | null = null;
  for (const m of folded.matchAll(SETTLED)) {
    const w = m.slice(1).find((x) => x !== undefined);
    if (w && w.length > 2) (out ??= []).push(stem(w));
  }
  return out ?? NONE;
}

/**
 * The no-need reading of a conversation: its last user turn's frame, the stems of what is already settled and the
 * last user turn's other terms (what it may still ask for).
 */
export interface NoNeed {
  frame: NoNeedFrame | null;
  settled: string[];
  rest: Set<string>;
}

/** The no-need reading of a conversation (`purpose`: its last user turn is in a purpose frame, frames.ts). */
export function noNeedOf(conv: ReadConversation, purpose = false): NoNeed {
  let frame: NoNeedFrame | null = null;
  let last = '';
  for (let i = conv.turns.length - 1; i >= 0; i--) {
    const t = conv.turns[i];
    if (t.role !== 'user') continue;
    frame = turnNoNeedFrame(t, purpose);
    last = t.text;
    break;
  }
  const settled = settledWords(conv);
  const rest = new Set(settled.length ? terms(last).filter((x) => !settled.includes(x)) : []);
  return { frame, settled, rest };
}

/**
 * The publisher's eligibility check (`blocks`, blocks.ts) narrowed by a no-need reading: an owned thing acting up keeps
 * only ad groups that offer a fix; a group whose context names what the user says is settled, and nothing else the
 * last user turn names, is not for them ("my flights are booked, I need a hotel" keeps a site that sells both).
 */
export function narrowEligible(
  n: NoNeed | null,
  blocks: ((g: InvGroup) => string | null) | undefined,
): ((g: InvGroup) => string | null) | undefined {
  if (!n || (n.frame !== 'trouble' && n.settled.length === 0)) return blocks;
  const trouble = n.frame === 'trouble';
  return (g) =>
    blocks?.(g) ??
    (trouble && !offersService(g.context)
      ? 'owned_item_trouble'
      : onlySettled(n, g.context)
        ? 'already_settled'
        : null);
}

/** Whether an ad group's context names something the user says is settled and no other term of their last turn. */
function onlySettled(n: NoNeed, context: string): boolean {
  if (n.settled.length === 0) return false;
  const ctx = terms(context);
  return ctx.some((x) => n.settled.includes(x)) && !ctx.some((x) => n.rest.has(x));
}

/** An advertiser context that offers a fix (repair, a call-out, installation), in seven languages. */
const SERVICE =
  /\b(?:repairs?|fix(?:es|ing)?|technicians?|plumb\w*|electricians?|mechanics?|emergency|call[- ]?out|servicing|maintenance|installation|reparatur\w*|reparaci(?:o|ó)n(?:es)?|r[ée]paration\w*|d[ée]pannage|conserto|reparo|riparazion\w*|reparatie\w*|klempner|fontaner\w*|plombier|encanador|idraulic\w*|loodgieter)\b/i;

/** Whether an ad group's context offers a fix for something that is acting up (`SERVICE`). */
export function offersService(context: string): boolean {
  return SERVICE.test(context);
}
