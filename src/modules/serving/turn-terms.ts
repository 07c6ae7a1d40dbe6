import { isNumber, isStopWord, phraseTerm, stem } from '../../lib/text.js';
import { Memo } from '../../lib/memo.js';
import { isFunctionWord, type Lang } from '../../lib/lang.js';
import { MAX_CHARS_PER_TURN, type ReadConversation, type ReadTurn } from '../../lib/turns.js';
import { englishFor, englishForPair, VOCABULARY_LANGS } from './vocabulary.js';
import { wordTable } from './word-vectors.js';
import { needHead } from './need-head.js';

/**
 * How relevance reads one turn of a conversation (relevance.ts `conversationQuery` assembles the turns into a query):
 * the language a non-English conversation is read in and its words in English (vocabulary.ts), the turn's terms and
 * phrase terms weighed by their specificity in general English, and its word vectors for the semantic signal. Words'
 * facts and turns' terms are memoised, so a request re-sending earlier turns reads only its new ones.
 */
/** What relevance keeps of one turn: its number of terms (stop words out), their distinct terms and phrase terms, and every word's stem. */
export interface TurnTerms {
  /** How many terms the turn has (its words that are not stop words); the terms themselves are not kept. */
  termCount: number;
  distinct: string[];
  /** How many of `distinct` come before the first with a space (a phrase term): its single-word terms. */
  singles: number;
  /** Weight of each distinct term by its specificity in general English (`specOf`). */
  spec: Float32Array;
  stems: string[];
  /** Specificity-weighted sum of the turn's word vectors (made on first use by the semantic signal: `turnVector`). */
  vec?: Float32Array;
  /**
   * The terms of that sum, in word order, found by the pass that reads the turn's words: each content word's row in
   * the word table and its weight (its stem's specificity). The vector is made from them without a look-up per word;
   * both are empty once it is made (`vectorOfTurn`).
   */
  vecRows: Int32Array;
  vecWeights: Float64Array;
  /** Terms of content words the word table has no vector for (numbers aside): the semantic signal cannot read them. */
  unread: ReadonlySet<string>;
  /** The term of the object the turn asks for before a purpose ("a laptop for …": need-head.ts), or null. */
  head: string | null;
}

/**
 * A term's weight: SPEC_BASE + (1 − SPEC_BASE) × its specificity in general
 * English (word-vectors.ts), so common words ("work", "file", "move") count
 * less than telling ones even where the inventory is too small for its own
 * IDF to tell them apart; a number says little about a topic (specificity
 * 0). The same weight counts in coverage.
 */
const SPEC_BASE = 0.2;
const specOf = (t: string): number => SPEC_BASE + (1 - SPEC_BASE) * (isNumber(t) ? 0 : wordTable().specificity(t));

/**
 * What relevance needs of one word: its stem, whether it is a stop word, its stem's weight (`specOf`), and for the
 * semantic signal its row in the word table (-1: none) and the weight of its vector (its stem's specificity).
 */
interface WordFacts {
  stem: string;
  stop: boolean;
  spec: number;
  row: number;
  vecWeight: number;
}

/** Per-word facts, memoised (one look-up per word of a new turn instead of a stem, a stop-word and a specificity look-up). */
const wordFacts = new Memo<WordFacts>(100_000);
const factsOf = (w: string): WordFacts => {
  const s = stem(w);
  const table = wordTable();
  return { stem: s, stop: isStopWord(w), spec: specOf(s), row: table.rank(w) ?? -1, vecWeight: table.specificity(s) };
};
/** Numbers are a long tail (prices, years, counts): not memoised, all alike. */
const numberFacts = (w: string): WordFacts => ({
  stem: w,
  stop: isStopWord(w),
  spec: SPEC_BASE,
  row: -1,
  vecWeight: 0,
});

/** No terms: the unread terms of a turn whose words all have vectors (and of a query without a user turn). */
export const NONE: ReadonlySet<string> = new Set();

/** Per-turn terms by turn hash (a request re-sending earlier turns stems only its new ones). */
const turnTerms = new Memo<TurnTerms>(200_000, (t) => t.stems.length + t.distinct.length + t.vecRows.length + 4);

/** A turn's vector rows and weights while its words are read (grown for a turn of more words). */
let rowScratch = new Int32Array(MAX_CHARS_PER_TURN);
let weightScratch = new Float64Array(MAX_CHARS_PER_TURN);

export function termsOfTurn(t: ReadTurn, lang: Lang): TurnTerms {
  const foreign = lang !== 'en' && lang !== 'other';
  const key = foreign ? t.keyIn(lang) : t.key;
  // A turn new to the process is made at once, without a look-up that would miss (lib/turns.ts `ReadTurn.lookUp`).
  // No closure per call (`Memo.get`'s compute): peek, then make (record 0047 round 18).
  if (t.lookUp('terms')) return turnTerms.peek(key) ?? turnTerms.add(key, makeTerms(t, lang, foreign));
  return turnTerms.add(key, makeTerms(t, lang, foreign));
}

/** A turn's terms as `termsOfTurn` memoises them. */
function makeTerms(t: ReadTurn, lang: Lang, foreign: boolean): TurnTerms {
  // A non-English conversation (es, de, fr, pt, it, nl) is read through the commercial vocabulary (vocabulary.ts).
  const ws = foreign ? inEnglish(lang, t.words) : t.words;
  // One pass over the words serves the terms, their weights and the stems (stop words kept): one look-up per word.
  const terms: string[] = [];
  const single: number[] = [];
  const stemList = new Array<string>(ws.length);
  const unread: string[] = [];
  let nRows = 0;
  if (ws.length > rowScratch.length) {
    rowScratch = new Int32Array(ws.length);
    weightScratch = new Float64Array(ws.length);
  }
  for (let k = 0; k < ws.length; k++) {
    const w = ws[k];
    const num = isNumber(w);
    const f = num ? numberFacts(w) : wordFacts.get(w, factsOf);
    stemList[k] = f.stem;
    if (!f.stop) {
      terms.push(f.stem);
      single.push(f.spec);
      if (!num && f.row < 0) unread.push(f.stem);
      // The vector's terms: a number is looked up in the table as it is (not memoised, like group texts' words),
      // when the table holds numbers at all (the shipped one holds none: no look-up of a fresh string then).
      const row = num ? (wordTable().hasNumbers ? (wordTable().rank(w) ?? -1) : -1) : f.row;
      if (row >= 0) {
        rowScratch[nRows] = row;
        weightScratch[nRows++] = num ? wordTable().specificity(stem(w)) : f.vecWeight;
      }
    }
  }
  // Distinct terms and phrase terms (`withPhrases` order), each weighed by its specificity; a phrase by its more specific word.
  const weightOf = new Map<string, number>();
  // A term's weight is its stem's specificity, the same wherever it occurs: set without a `has` first (a repeated
  // term keeps its place and value).
  for (let k = 0; k < terms.length; k++) weightOf.set(terms[k], single[k]);
  for (let k = 1; k < terms.length; k++) {
    if (terms[k] === terms[k - 1]) continue;
    const p = phraseTerm(terms[k - 1], terms[k]);
    if (!weightOf.has(p)) weightOf.set(p, Math.max(single[k - 1], single[k]));
  }
  const distinct = new Array<string>(weightOf.size);
  const spec = new Float32Array(weightOf.size);
  let i = 0;
  let singles = -1;
  for (const [term, weight] of weightOf) {
    if (singles < 0 && term.includes(' ')) singles = i;
    distinct[i] = term;
    spec[i++] = weight;
  }
  // `vec` is set on first use by the semantic signal; declared here so every entry has one shape.
  return {
    termCount: terms.length,
    distinct,
    singles: singles < 0 ? distinct.length : singles,
    spec,
    stems: stemList,
    vec: undefined,
    vecRows: rowScratch.slice(0, nRows),
    vecWeights: weightScratch.slice(0, nRows),
    unread: unread.length ? new Set(unread) : NONE,
    head: foreign ? null : needHead(ws),
  };
}

/**
 * The words of a non-English turn as English words where the vocabulary knows them (function words dropped, others
 * kept: loanwords and brand names match as they are); two neighbouring words it lists together ("tarjeta de crédito")
 * are read as their expression.
 */
export function inEnglish(lang: Lang, ws: readonly string[]): string[] {
  const content = ws.filter((w) => !isFunctionWord(lang, w));
  const out: string[] = [];
  /** Each word's English words, looked up once per turn. */
  const seen = new Map<string, readonly string[] | null>();
  for (let k = 0; k < content.length; k++) {
    const pair = k + 1 < content.length ? englishForPair(lang, content[k], content[k + 1]) : null;
    if (pair) {
      out.push(...pair);
      k++;
      continue;
    }
    let en = seen.get(content[k]);
    if (en === undefined) seen.set(content[k], (en = englishFor(lang, content[k])));
    if (en) out.push(...en);
    else out.push(content[k]);
  }
  return out;
}

/** Per user turn: how many of its words each vocabulary language knows (VOCABULARY_LANGS order), by turn hash. */
const knownWords = new Memo<Int32Array>(50_000, () => 4);

function countKnown(ws: readonly string[]): Int32Array {
  const counts = new Int32Array(VOCABULARY_LANGS.length);
  // A word repeated in the turn is looked up once per language (a long turn repeats its words; a look-up folds the
  // word and may try a compound's parts).
  const known = new Map<string, boolean>();
  VOCABULARY_LANGS.forEach((l, i) => {
    known.clear();
    for (const w of ws) {
      let k = known.get(w);
      if (k === undefined) known.set(w, (k = w.length > 2 && !isFunctionWord(l, w) && englishFor(l, w) !== null));
      if (k) counts[i]++;
    }
  });
  return counts;
}

/**
 * The language a non-English conversation is read in: the detected one, unless the vocabulary of another language
 * knows clearly more of the user's words (at least 3, and twice as many). Short turns of close languages are often
 * detected as each other ("mi serve una sedia da gaming" as Spanish); their commercial words then tell them apart.
 */
export function readingLanguage(conv: ReadConversation): Lang {
  const lang = conv.lang;
  if (lang === 'en' || lang === 'other') return lang;
  // Inverted question and exclamation marks are Spanish alone: a short Spanish turn detection calls Portuguese
  // ("¿Qué tarjeta de crédito da más millas?") is read in Spanish.
  if (lang !== 'es') for (const t of conv.turns) if (t.role === 'user' && /[¿¡]/.test(t.text)) return 'es';
  const sums = new Int32Array(VOCABULARY_LANGS.length);
  for (const t of conv.turns) {
    if (t.role !== 'user') continue;
    const c = t.lookUp('knownWords')
      ? knownWords.get(t.key, () => countKnown(t.words))
      : knownWords.add(t.key, countKnown(t.words));
    for (let i = 0; i < sums.length; i++) sums[i] += c[i];
  }
  const current = sums[VOCABULARY_LANGS.indexOf(lang)];
  let best = 0;
  for (let i = 1; i < sums.length; i++) if (sums[i] > sums[best]) best = i;
  return sums[best] >= 3 && sums[best] >= 2 * current ? VOCABULARY_LANGS[best] : lang;
}

/** Whether a turn has one of `terms` among its single-word terms (a follow-up that picks up a word of the answer before it). */
export function sharesTerm(t: TurnTerms, terms: ReadonlyMap<string, number>): boolean {
  const { distinct } = t;
  for (let k = 0; k < t.singles; k++) if (terms.has(distinct[k])) return true;
  return false;
}

/** Turn vectors made (`semanticVectorOf`); a repeated turn reuses its memoised one. */
export const turnVectorStats = { made: 0 };

const NO_ROWS = new Int32Array(0);
const NO_WEIGHTS = new Float64Array(0);

/**
 * A turn's vector (`vec`), made on first use from its rows (`turnVector`). The rows and weights are then released:
 * the memo keeps the turn for the requests that re-send it, which read only the vector, and a new turn's two typed
 * arrays then die young instead of surviving scavenges with the memo entry.
 */
export function vectorOfTurn(t: TurnTerms, dims: number): Float32Array {
  if (t.vec) return t.vec;
  const v = turnVector(t, dims);
  t.vec = v;
  t.vecRows = NO_ROWS;
  t.vecWeights = NO_WEIGHTS;
  return v;
}

/** The specificity-weighted sum of a turn's word vectors (stop words skipped), from the rows its terms' pass found. */
export function turnVector(t: Pick<TurnTerms, 'vecRows' | 'vecWeights'>, dims: number): Float32Array {
  turnVectorStats.made++;
  const table = wordTable();
  const { vecRows, vecWeights } = t;
  if (table.dims === dims) return table.rowsVector(vecRows, vecWeights);
  const tv = new Float32Array(dims);
  for (let k = 0; k < vecRows.length; k++) table.addRow(tv, vecRows[k], vecWeights[k]);
  return tv;
}
