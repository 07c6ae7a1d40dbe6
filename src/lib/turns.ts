import crypto from 'node:crypto';
import { Memo } from './memo.js';
import { detectLanguage, fold, foldWord, type Lang } from './lang.js';
import { NON_ASCII, words } from './text.js';

/**
 * The turns of a conversation one decision reads, prepared once per request
 * and shared by brand safety and relevance: the last `MAX_TURNS` messages,
 * each cut to its last `MAX_CHARS_PER_TURN` characters, with a hash of that
 * text (SHA-1), its language and (on first use) its words. Publishers re-send the whole conversation
 * with every request, so each turn's analysis (language here; safety features
 * and relevance terms in their modules) is cached by that hash in a bounded
 * LRU (`Memo`): a request pays only for the turns it adds. Caches hold
 * derived features under a hash, never the conversation's text.
 */
export interface ConversationTurn {
  role: 'user' | 'assistant';
  content: string;
}

export const MAX_TURNS = 8;
export const MAX_CHARS_PER_TURN = 2000;

/** Fenced code blocks and inline code: read as code, not as the user's words ("npm start" is not a start-up). */
const CODE = /```[\s\S]*?(?:```|$)|`[^`\n]*`/g;
/** Removes code from a message (kept as a space, so words on either side do not join). */
export const withoutCode = (text: string): string => (text.includes('`') ? text.replace(CODE, ' ') : text);

/** One turn as a decision reads it. Its words are split once, on first use, for every analysis that misses its cache. */
export class ReadTurn {
  private split: string[] | null = null;

  constructor(
    readonly role: 'user' | 'assistant',
    /** The part of the message read (its last MAX_CHARS_PER_TURN characters). */
    readonly text: string,
    /** Hash of `text`: the key of every per-turn cache. */
    readonly key: string,
  ) {}

  private langKey = '';
  private langKeyOf: Lang | null = null;

  /**
   * `key` with a language: the key of the per-turn memos read in a language (safety's readings, relevance's terms of a
   * non-English turn), made once per turn and language instead of once per memo (each new string is hashed anew).
   */
  keyIn(lang: Lang): string {
    if (this.langKeyOf !== lang) {
      this.langKey = `${this.key}\u0000${lang}`;
      this.langKeyOf = lang;
    }
    return this.langKey;
  }

  /** The turn's own language (detected on this turn alone) and word count; set by readConversation. */
  lang: Lang = 'en';
  wordCount = 0;

  private asciiText: boolean | null = null;

  /**
   * Whether the text is all ASCII, read once for every stage that asks (its words' normalisation and folding, the
   * language's detection, the folded text): each asked it of the text again, a scan of it each time.
   */
  get ascii(): boolean {
    return (this.asciiText ??= !NON_ASCII.test(this.text));
  }

  /** Lowercase words of the text, code removed (`words` of lib/text.ts). */
  get words(): string[] {
    return (this.split ??= words(withoutCode(this.text), MAX_CHARS_PER_TURN, this.ascii));
  }

  private foldedWhole: string | null = null;

  /** The whole text folded (`fold` of lib/lang.ts: lower case, accents removed), made once: the lexicon's text. */
  get foldedText(): string {
    // An ASCII text is folded by lower case alone (`fold`'s own shortcut, without its scan).
    return (this.foldedWhole ??= this.ascii ? this.text.toLowerCase() : fold(this.text));
  }

  private foldedWords: readonly string[] | null = null;
  private foldedJoined: string | null = null;

  /**
   * The words folded (`foldWord`: accents removed), made once for every analysis of a new turn (brand safety's
   * features, idioms and request forms; the purpose and explanation frames). An ASCII text's words are their own
   * folded form: the same array as `words`, not a copy (read only).
   */
  get folded(): readonly string[] {
    return (this.foldedWords ??= this.ascii ? this.words : this.words.map(foldWord));
  }

  /** `folded` joined by one space (the text the idiom, request-form and frame patterns read), made once. */
  get foldedLine(): string {
    return (this.foldedJoined ??= this.folded.join(' '));
  }

  /** The first `n` folded words joined by one space: `foldedLine` itself when the turn has no more words. */
  foldedHead(n: number): string {
    const ws = this.folded;
    return ws.length <= n ? this.foldedLine : ws.slice(0, n).join(' ');
  }

  /** Per-turn memos (`TURN_MEMOS` bits) this turn, new to the process, has not yet been analysed for in this request. */
  private unmade = 0;

  /**
   * Whether to look this turn up in a per-turn memo (one of `TURN_MEMOS`). A turn its language memo missed is new
   * to the process (that memo holds more turns than any other per-turn memo, and every request reads it first): the
   * first analysis of it skips a look-up that would miss (two large tables probed for nothing) and makes it at once;
   * later ones in the request look it up as usual. Skipping one that would have hit only makes the same value again.
   */
  lookUp(memo: keyof typeof TURN_MEMOS): boolean {
    const bit = TURN_MEMOS[memo];
    if ((this.unmade & bit) === 0) return true;
    this.unmade &= ~bit;
    return false;
  }

  /** Marks the turn new to the process (readConversation, on a miss of the language memo). */
  markNew(): void {
    this.unmade = ALL_TURN_MEMOS;
  }
}

/** The per-turn memos that skip their first look-up of a new turn (`ReadTurn.lookUp`), one bit each. */
const TURN_MEMOS = { safety: 1, terms: 2, knownWords: 4, frames: 8 } as const;
const ALL_TURN_MEMOS = TURN_MEMOS.safety | TURN_MEMOS.terms | TURN_MEMOS.knownWords | TURN_MEMOS.frames;

/** The last turns of a conversation, oldest first, hashed and with their language (cached). */
export interface ReadConversation {
  turns: ReadTurn[];
  /** The language of the user's turns (the one with most words; 'en' when none). */
  lang: Lang;
}

const langCache = new Memo<{ lang: Lang; words: number }>(50_000);

/** The turns one decision reads, prepared once (hash and language per turn, cached). */
export function readConversation(messages: readonly ConversationTurn[]): ReadConversation {
  const from = Math.max(0, messages.length - MAX_TURNS);
  const turns: ReadTurn[] = [];
  const byLang = new Map<Lang, number>();
  let lastUserLang: Lang = 'en';
  for (let i = from; i < messages.length; i++) {
    const m = messages[i];
    const raw = typeof m.content === 'string' ? m.content : '';
    const text = raw.length > MAX_CHARS_PER_TURN ? raw.slice(-MAX_CHARS_PER_TURN) : raw;
    const t = new ReadTurn(m.role === 'assistant' ? 'assistant' : 'user', text, crypto.hash('sha1', text, 'base64'));
    let known = langCache.peek(t.key);
    if (!known) {
      t.markNew();
      langCache.set(
        t.key,
        (known = { lang: detectLanguage(text, MAX_CHARS_PER_TURN, t.words, t.ascii), words: t.words.length }),
      );
    }
    t.lang = known.lang;
    t.wordCount = known.words;
    turns.push(t);
    if (t.role === 'user' && t.wordCount > 0) {
      byLang.set(t.lang, (byLang.get(t.lang) ?? 0) + t.wordCount);
      lastUserLang = t.lang;
    }
  }
  // The conversation's language: the one most of the user's words are in (ties: the last user turn's).
  let lang: Lang = lastUserLang;
  let most = byLang.get(lang) ?? 0;
  for (const [l, n] of byLang) if (n > most) [lang, most] = [l, n];
  return { turns, lang };
}
