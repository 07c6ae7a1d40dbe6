import { isStopWord, stem } from '../../lib/text.js';

/**
 * The head of a need: in "a good laptop for video editing" or "rent a tuxedo for a wedding" the user wants the
 * noun before "for" (English noun phrases end in their head); what follows "for" is what it is for. An advertiser
 * that explains the purpose but not the object sells something else to the same occasion (editing software, a
 * wedding planner), so relevance counts the head more in the last user turn's coverage (relevance.ts
 * `conversationQuery`). Found only when a need cue (an adjective of choice or a verb of getting) stands within the
 * few words before the head, and the head is not a generic word that leaves the need to the purpose ("an app for
 * …", "a gift for …"). English only (other languages are read as English words without their function words).
 * Record 0050, round 11.
 */
const NEED_CUES = new Set(
  (
    'good best better cheap cheapest affordable decent reliable recommend recommended suggest buy rent hire ' +
    'need want looking find get order book top'
  ).split(' '),
);
const GENERIC = new Set(
  (
    'app tool software service option way place site website product thing something anything one stuff solution ' +
    'platform program idea gift present company brand provider plan deal choice alternative resource model kind type'
  )
    .split(' ')
    .map(stem),
);
/** Words before "for" that are not the object: adverbs and predicates ("good enough for", "get next for", "ready for"). */
const NOT_HEAD = new Set(
  (
    'next enough better worse worth more less else again too also now then there here ready suitable ideal safe ' +
    'okay ok right available necessary required possible useful helpful important anyway instead only just well'
  ).split(' '),
);
/** Words of the turn searched (where a request says what it wants). */
const HEAD_WORDS = 60;
/** How many words before the head a need cue may stand ("a good, cheap used laptop for"). */
const CUE_SPAN = 4;

/** The stem of the object the turn's words ask for before a purpose ("… X for …"), or null. */
export function needHead(ws: readonly string[]): string | null {
  const n = Math.min(ws.length, HEAD_WORDS);
  for (let k = 2; k < n; k++) {
    if (ws[k] !== 'for') continue;
    const head = ws[k - 1];
    // Not a noun: a stop word, a cue, an adverb or predicate, a participle ("preapproved for").
    if (
      isStopWord(head) ||
      NEED_CUES.has(head) ||
      NOT_HEAD.has(head) ||
      (head.length > 4 && head.endsWith('ed')) ||
      /\d/.test(head)
    )
      return null;
    const s = stem(head);
    if (GENERIC.has(s)) return null;
    for (let j = Math.max(0, k - 1 - CUE_SPAN); j < k - 1; j++) if (NEED_CUES.has(ws[j])) return s;
    return null;
  }
  return null;
}
