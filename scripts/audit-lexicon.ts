/**
 * Lists the brand-safety lexicon's risky entries: hard (not SOFT) one-word entries whose stem is also the stem of
 * an everyday word with another meaning — a commercial sense or a common homograph in the same language (a
 * word of serving/vocabulary.txt, of the corpus's commercial and informational lines, or of EVERYDAY below), or a
 * word of another language that the English pass (lexicon.ts `lexiconHit` reads every text in English too) stems
 * like an English entry. An entry is handled when it is soft (it needs the model's lean too), guarded by
 * SURFACE_ONLY (the everyday form no longer meets its stem), seconded (CUED: it needs another word of its
 * category) or, for a cross-language homograph, read over English text only (ENGLISH_ONLY). Record 0036 (round 7).
 *
 *   npx tsx scripts/audit-lexicon.ts [--all]     (--all: every hard one-word entry's collisions, handled or not)
 */
import fs from 'node:fs';
import { fold, foldedWords, LANGS, stemIn, type Lang } from '../src/lib/lang.js';
import { labelledLines } from '../src/modules/safety/corpus.js';
import { lexiconEntries, type LexiconEntry } from '../src/modules/safety/lexicon.js';
import { VOCABULARY_LANGS, vocabularyLines } from '../src/modules/serving/vocabulary.js';

type L = Exclude<Lang, 'other'>;

/**
 * Everyday words with an innocent reading that vocabulary.txt and the corpus do not hold: homographs of entries
 * (English "heroine"; Spanish "rape" monkfish; French "râpe" grater, "c'est abusé" over the top; Dutch "uitgezet"
 * switched off, "opgepakt" picked up, "aangehouden" kept on; Italian "a piedi nudi" barefoot; the Romance words
 * for heroine and reckless) and verb readings (Portuguese "despejo" I pour, German "er sucht" he searches).
 * General language, written for the audit.
 */
const EVERYDAY: Record<L, string> = {
  en: 'heroine heroines arrested development',
  es: 'rape heroina heroinas violacion inconsciente',
  de: 'sucht versucht',
  fr: 'rape parole paroles heroine abuse inconscient',
  pt: 'rape heroina abusado abusada despejo inconsciente',
  it: 'parole eroina eroine nudi incosciente',
  nl: 'uitgezet opgepakt aangehouden',
};

/** Everyday words of each language: the vocabulary's columns (English side for en), the corpus's safe lines, EVERYDAY. */
function everydayWords(): Map<L, Set<string>> {
  const out = new Map<L, Set<string>>(LANGS.map((l) => [l, new Set(EVERYDAY[l].split(' '))]));
  for (const { english, columns } of vocabularyLines()) {
    for (const w of english) out.get('en')!.add(fold(w));
    VOCABULARY_LANGS.forEach((l, i) => columns[i].forEach((w) => out.get(l)!.add(fold(w))));
  }
  const corpus = fs.readFileSync(new URL('../src/modules/safety/corpus.txt', import.meta.url), 'utf8');
  for (const { label, lang, text } of labelledLines(corpus)) {
    if (label !== 'commercial' && label !== 'informational') continue;
    const set = out.get(lang as L);
    if (set) for (const w of foldedWords(text)) set.add(w);
  }
  return out;
}

interface Finding {
  entry: LexiconEntry;
  /** "lang:word" of each everyday word meeting the entry. */
  collisions: string[];
  handled: boolean;
}

/** Every hard one-word entry that an everyday word meets, and whether the lexicon handles each meeting. */
export function auditLexicon(): Finding[] {
  const everyday = everydayWords();
  const out: Finding[] = [];
  for (const e of lexiconEntries()) {
    if (e.stems.length !== 1) continue;
    const collisions: string[] = [];
    let handled = true;
    // The entry's own language, and for English entries every language the English pass reads.
    for (const l of e.lang === 'en' ? LANGS : [e.lang]) {
      for (const w of everyday.get(l)!) {
        if (stemIn(e.lang, w) !== e.stems[0]) continue;
        collisions.push(`${l}:${w}`);
        const ok = e.soft || e.cued || (e.surface !== null && !e.surface.has(w)) || (l !== e.lang && e.englishOnly);
        if (!ok) handled = false;
      }
    }
    if (collisions.length) out.push({ entry: e, collisions, handled });
  }
  return out;
}

if (process.argv[1]?.endsWith('audit-lexicon.ts')) {
  const all = process.argv.includes('--all');
  const findings = auditLexicon();
  const risky = findings.filter((f) => !f.handled);
  for (const f of all ? findings : risky)
    console.log(
      `${f.handled ? 'handled' : 'RISKY  '} ${f.entry.lang} ${f.entry.category.padEnd(18)} "${f.entry.phrase}" meets ${f.collisions.slice(0, 6).join(', ')}${f.collisions.length > 6 ? ' …' : ''}`,
    );
  console.log(`${risky.length} risky hard one-word entries (${findings.length} with an everyday collision)`);
}
