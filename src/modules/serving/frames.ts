import { foldWord } from '../../lib/lang.js';
import type { ReadConversation } from '../../lib/turns.js';

/**
 * Explanation frames: the last user turn asks how or why something works, for its history, for homework or an
 * essay, for help with code, or about fixing what the user already owns by themselves — in English, Spanish,
 * German, French, Portuguese, Italian and Dutch. A topic word inside such a frame is what the question is about,
 * not the object of a need ("how does a heat pump work" vs "which heat pump should I buy"), so when the intent
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
    'without (?:buying|hiring|paying)|(?:don t|do not) want to (?:buy|hire|pay)',
  // es
  'como funciona|por que (?:es|son|se)|explica|historia de|tarea|deberes|ensayo|ya tengo|yo mismo|sin comprar|sin contratar',
  // de
  'wie funktioniert|warum (?:ist|sind|gibt)|erklar|geschichte (?:der|des|von)|hausaufgabe|referat|aufsatz|habe schon|selbst reparieren|ohne (?:zu )?kaufen',
  // fr
  'comment fonctionne|comment marche|pourquoi (?:est|sont|le|la|les)|explique|histoire de|devoirs?|dissertation|j ai deja|moi meme|sans acheter',
  // pt
  'como funciona|por que (?:e|o|a|os|as)|explique|historia d[aeo]|dever de casa|licao de casa|redacao|ja tenho|eu mesmo|sem comprar',
  // it
  'come funziona|perche (?:e|il|la|i|le|si)|spiega|storia d|compiti|tema per|ho gia|da solo|senza comprare',
  // nl
  'hoe werkt|waarom (?:is|zijn|werkt)|leg uit|geschiedenis van|huiswerk|werkstuk|spreekbeurt|heb al|zelf repareren|zonder (?:te )?kopen',
];
const FRAME = new RegExp(`(?:^| )(?:${CUES.join('|')})(?= |$)`);

/** The words of a turn read for a frame (its first ones: where a question says what it is). */
const FRAME_WORDS = 60;

/** Whether a text (any language covered) asks in an explanation frame (`CUES`). */
export function isExplanationFrame(text: string): boolean {
  return FRAME.test(text);
}

/** Whether the conversation's last user turn asks in an explanation frame. */
export function lastTurnExplains(conv: ReadConversation): boolean {
  for (let i = conv.turns.length - 1; i >= 0; i--) {
    const t = conv.turns[i];
    if (t.role !== 'user') continue;
    const ws = t.words;
    const n = Math.min(ws.length, FRAME_WORDS);
    let s = '';
    for (let k = 0; k < n; k++) s += (k ? ' ' : '') + foldWord(ws[k]);
    return isExplanationFrame(s);
  }
  return false;
}
