import { stemmer } from 'stemmer';
import { Memo } from './memo.js';

/**
 * Text normalisation shared by matching and retrieval: NFKC, lowercase words,
 * the Porter stemmer (the `stemmer` package) so "shoes"/"shoe" and
 * "running"/"run" meet, then a small synonym table folds words that mean the
 * same thing for advertising ("sneakers" → "shoe", "attorney" → "lawyer").
 * Everything reads a bounded number of characters: a huge message costs no
 * more than its last `maxChars`.
 */
/**
 * Stop words. The last line is what a negated contraction leaves once the
 * apostrophe splits it ("doesn't" → "doesn" + "t"): not in the word-frequency
 * table, such a fragment would otherwise weigh as a rare, telling word.
 */
const STOP = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by can
  could did do does doing down during each few for from further had has have having he her here hers herself him himself his
  how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves
  out over own same she should so some such than that the their theirs them themselves then there these they this those through
  to too under until up very was we were what when where which while who whom why will with would you your yours yourself
  yourselves hi hello hey thanks thank please pls want need like get got know think make also really one much many im ive
  dont cant wont id youre thats whats lets use using any anything something help tell show give good best new way yes ok okay
  sure maybe just still even well actually lot lots thing things kind sort bit around currently recommend recommendation
  suggest suggestion looking look find idea ideas options option great nice cool awesome sounds sound right going try trying
  don doesn didn isn aren wasn weren hasn haven hadn couldn wouldn shouldn mustn needn ain`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Synonym groups: every word of a group is folded into the first one's stem.
 * General advertising vocabulary, not tuned to any evaluation item.
 */
const SYNONYM_GROUPS = [
  'shoe sneaker trainer footwear',
  'lawyer attorney solicitor counsel',
  'doctor physician gp',
  'car automobile auto vehicle',
  'laptop notebook ultrabook',
  'phone smartphone iphone android cellphone',
  'flight airfare airline plane',
  'hotel motel lodging accommodation resort',
  'vacation holiday getaway trip',
  'apartment flat condo',
  'house home',
  'mortgage homeloan',
  'insurance insurer coverage',
  'dog puppy canine',
  'cat kitten feline',
  'bike bicycle cycling',
  'tv television',
  'couch sofa',
  'fridge refrigerator',
  'job career employment',
  'resume cv',
  'salary wage',
  'wedding marriage',
  'baby infant newborn',
  'diaper nappy',
  'glasses eyeglasses spectacles',
  'vet veterinarian',
  'dentist dental',
  'teeth tooth',
  'loan lending',
  'crypto cryptocurrency bitcoin ethereum',
  'stock equity shares',
  'invest investing investment investor',
  'tax taxes',
  'accountant cpa bookkeeper',
  'gym fitness workout',
  'diet nutrition',
  'vitamin supplement',
  'movie film',
  'game gaming videogame',
  'recipe cooking',
  'grocery groceries',
  'clothes clothing apparel outfit',
  'jacket coat parka',
  'perfume fragrance cologne',
  'makeup cosmetics',
  'skincare moisturizer serum',
  'luggage suitcase',
  'camera dslr mirrorless',
  'headphone earbud earphone headset',
  'website site',
  'hosting webhost',
  'vpn proxy',
  'course class lesson tutorial',
  'university college',
  'tutor tutoring',
  'plumber plumbing',
  'electrician electrical',
  'roof roofing roofer',
  'solar photovoltaic',
  'mattress bed',
  'garden gardening',
  'lawn grass',
  'moving movers relocation relocate',
  'rent rental renting lease leasing',
  'therapy therapist counseling counselor',
  'meditation mindfulness',
  'pet pets',
  'coffee espresso',
  'wine vineyard',
  'beer brewery',
  'jewelry jewellery',
  'tire tyre',
  'repair fix fixing',
  'cheap affordable inexpensive',
  'buy purchase buying',
  'password passwords',
  'email newsletter',
  'crm salesforce',
  'invoice invoicing billing',
  'payroll paycheck',
  'freelance freelancer freelancing',
  'startup startups',
  'ecommerce shopify',
  'kid child children',
  'teen teenager adolescent',
].map((g) => g.split(' '));

const SYNONYM = new Map<string, string>();
for (const group of SYNONYM_GROUPS) {
  const head = stemmer(group[0]);
  for (const w of group) SYNONYM.set(stemmer(w), head);
}

const porterMemo = new Memo<string>(100_000);

/** The Porter stem of a lowercase word, nothing folded (product search compares words exactly). Memoised (bounded). */
export const porterStem = (w: string): string => porterMemo.get(w, (x) => (x.length <= 2 ? x : stemmer(x)));

/** Whether a word is all digits (numbers are their own stem, and are not memoised: they are a long tail). */
export const isNumber = (w: string): boolean => {
  const c = w.charCodeAt(0);
  return c >= 48 && c <= 57 && /^\d+$/.test(w);
};

const stemMemo = new Memo<string>(50_000);
const stemOf = (w: string): string => {
  const s = w.length <= 2 ? w : stemmer(w);
  return SYNONYM.get(s) ?? s;
};

/** The stem of a lowercase word, with synonyms folded. Memoised (bounded). */
export const stem = (w: string): string => (isNumber(w) ? w : stemMemo.get(w, stemOf));

const WORD = /[\p{L}\p{N}]+/gu;
const MAX_WORD = 40;

/** A character outside ASCII (ASCII text is its own NFKC/NFKD form: normalisation is skipped for it). */
export const NON_ASCII = /[\u0080-\uffff]/;

/**
 * Lowercase words of the last `maxChars` characters (NFKC; no stop-word removal; over-long "words" are dropped).
 * `ascii`: whether `text` is all ASCII, when the caller knows (lib/turns.ts `ReadTurn.ascii`); not scanned again.
 */
export function words(text: string, maxChars = 4000, ascii?: boolean): string[] {
  let src = text.length > maxChars ? text.slice(-maxChars) : text;
  // NFKC leaves ASCII as it is: a text known to hold more than ASCII is normalised whatever its cut holds.
  if (ascii === undefined ? NON_ASCII.test(src) : !ascii) src = src.normalize('NFKC');
  const all = src.toLowerCase().match(WORD);
  if (!all) return [];
  let long = false;
  for (let i = 0; i < all.length; i++) if (all[i].length > MAX_WORD) long = true;
  return long ? all.filter((w) => w.length <= MAX_WORD) : all;
}

export const isStopWord = (w: string): boolean => STOP.has(w) || w.length < 2;

/** Terms of a text, in order, stop words removed, stemmed. Reads at most `maxChars` characters. */
export function terms(text: string, maxChars = 4000): string[] {
  return termsOfWords(words(text, maxChars));
}

/** Terms of already split words (`words`): stop words removed, stemmed. */
export function termsOfWords(ws: readonly string[]): string[] {
  const out: string[] = [];
  for (const w of ws) if (!isStopWord(w)) out.push(stem(w));
  return out;
}

/** Joins two terms into the phrase term used for adjacent pairs ("credit card" → "credit card"). */
export const phraseTerm = (a: string, b: string): string => `${a} ${b}`;

/** Terms plus adjacent pairs of terms: the pairs let "credit card" outrank "credit" and "card" apart. */
export function termsWithPhrases(text: string, maxChars = 4000): string[] {
  return withPhrases(terms(text, maxChars));
}

/** Terms followed by their adjacent pairs (`termsWithPhrases` of already computed terms). */
export function withPhrases(t: readonly string[]): string[] {
  const out = t.slice();
  for (let i = 1; i < t.length; i++) if (t[i] !== t[i - 1]) out.push(phraseTerm(t[i - 1], t[i]));
  return out;
}

/** Stems of every word (stop words kept), for phrase matching ("want to die"). */
export function stems(text: string, maxChars = 4000): string[] {
  return words(text, maxChars).map(stem);
}

/**
 * A set of phrases (each one or more words) matched against a text's stems,
 * so inflections and synonyms meet: "running shoes" matches "Running
 * Sneakers". Lists may be separated by commas, semicolons or new lines.
 */
export class PhraseSet {
  private readonly byLength = new Map<number, Set<string>>();
  /** First stems of the phrases of each length: a position whose stem starts none is skipped without building a key. */
  private readonly firstByLength = new Map<number, Set<string>>();
  readonly size: number;

  constructor(phrases: Iterable<string>) {
    let n = 0;
    for (const p of phrases) {
      const s = stems(p, 200);
      if (s.length === 0 || s.length > 6) continue;
      // A one-word phrase that is a stop word would match everything.
      if (s.length === 1 && isStopWord(words(p, 200)[0] ?? '')) continue;
      let set = this.byLength.get(s.length);
      if (!set) this.byLength.set(s.length, (set = new Set()));
      set.add(s.join(' '));
      let first = this.firstByLength.get(s.length);
      if (!first) this.firstByLength.set(s.length, (first = new Set()));
      first.add(s[0]);
      n++;
    }
    this.size = n;
  }

  static fromList(list: string | null | undefined): PhraseSet {
    return new PhraseSet(
      (list ?? '')
        .split(/[,;\n]+/)
        .map((x) => x.trim())
        .filter(Boolean),
    );
  }

  /** The first phrase found in the stems, or null. */
  find(textStems: readonly string[]): string | null {
    if (this.size === 0) return null;
    for (const [len, set] of this.byLength) {
      const first = this.firstByLength.get(len)!;
      for (let i = 0; i + len <= textStems.length; i++) {
        if (!first.has(textStems[i])) continue;
        const key = len === 1 ? textStems[i] : textStems.slice(i, i + len).join(' ');
        if (set.has(key)) return key;
      }
    }
    return null;
  }
}

/**
 * What a publisher's excluded topic also covers: excluding "alcohol" must
 * keep beer and wine ads away too.
 */
const TOPIC_EXPANSIONS: Record<string, string[]> = {
  alcohol: [
    'beer',
    'wine',
    'liquor',
    'spirits',
    'vodka',
    'whiskey',
    'whisky',
    'gin',
    'rum',
    'tequila',
    'brewery',
    'cocktail',
  ],
  gambling: ['casino', 'betting', 'bet', 'poker', 'sportsbook', 'slots', 'lottery', 'wager', 'roulette', 'blackjack'],
  tobacco: ['cigarette', 'cigar', 'vape', 'vaping', 'nicotine', 'smoking'],
  cannabis: ['marijuana', 'weed', 'cbd', 'thc', 'dispensary'],
  weapons: ['gun', 'firearm', 'rifle', 'pistol', 'ammunition', 'ammo'],
  politics: ['election', 'campaign donation', 'political party', 'candidate', 'vote'],
  dating: ['dating app', 'singles', 'hookup', 'matchmaking'],
  crypto: ['bitcoin', 'ethereum', 'token sale', 'nft', 'blockchain'],
  finance: ['loan', 'credit card', 'mortgage', 'investing', 'stock market', 'insurance'],
  adult: ['porn', 'escort', 'xxx', 'sex toy'],
  religion: ['church', 'prayer', 'bible', 'mosque', 'temple'],
  pharma: ['prescription', 'medication', 'pharmacy', 'drug'],
};

/** The phrases a list of excluded topics stands for (each topic plus its expansion). */
export function expandTopics(topics: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of topics) {
    const t = raw.trim().toLowerCase();
    if (!t) continue;
    out.push(t);
    const exp = TOPIC_EXPANSIONS[t] ?? TOPIC_EXPANSIONS[stem(t)];
    if (exp) out.push(...exp);
  }
  return out;
}

/** Text made safe inside HTML (element content and quoted attributes). */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
