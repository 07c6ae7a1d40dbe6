import fs from 'node:fs';
import { foldedWords, isFunctionWord, stemIn, type Lang } from '../../lib/lang.js';

/**
 * The safety model's cross-language pivot: common content words of Spanish,
 * German, French, Portuguese, Italian and Dutch mapped to an English word
 * (pivot.txt beside this module, general vocabulary written for Orbit). The
 * model gives a non-English word the features of its English pivot as well as
 * its own (model.ts `visitWords`), so what the English-heavy corpus teaches
 * about "died", "pills" or "rent" carries to "murió", "Tabletten" or "loyer",
 * and the six languages' few lines pool on the same features.
 *
 * Each line: `english = es | de | fr | pt | it | nl` (six columns, a column may
 * be empty). A column is split into words as a text is (`foldedWords`); a
 * function word of the column's language or a word of one or two letters maps
 * to nothing. Words are matched on their Snowball stem in the language; a stem
 * shorter than MIN_STEM only as the very word listed (one short stem joins
 * unrelated words). A stem two lines name keeps the first line's English.
 */
const PIVOT_LANGS = ['es', 'de', 'fr', 'pt', 'it', 'nl'] as const;
type PivotLang = (typeof PIVOT_LANGS)[number];
const MIN_STEM = 4;

let maps: Map<Lang, Map<string, string>> | null = null;

/** pivot.txt's lines as English stem and one column of folded words per language (PIVOT_LANGS order). */
export function pivotLines(text: string): { english: string; columns: string[][] }[] {
  const out: { english: string; columns: string[][] }[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    const cols = line.slice(eq + 1).split('|');
    if (eq < 0 || cols.length !== PIVOT_LANGS.length)
      throw new Error(`pivot line needs "english = " and ${PIVOT_LANGS.length} columns: ${line}`);
    out.push({ english: stemIn('en', line.slice(0, eq).trim()), columns: cols.map((c) => foldedWords(c)) });
  }
  return out;
}

/** Per language: stem (or "=word" for a short stem) → English stem. */
function pivotMaps(): Map<Lang, Map<string, string>> {
  if (maps) return maps;
  // From the repository root: the same path from src/modules/safety/ and from the bundle in dist/server/bin/.
  const text = fs.readFileSync(new URL('../../../src/modules/safety/pivot.txt', import.meta.url), 'utf8');
  const built = new Map<Lang, Map<string, string>>(PIVOT_LANGS.map((l) => [l, new Map()]));
  for (const { english, columns } of pivotLines(text))
    columns.forEach((ws, k) => {
      const lang: PivotLang = PIVOT_LANGS[k];
      const m = built.get(lang)!;
      for (const w of ws) {
        if (w.length <= 2 || isFunctionWord(lang, w)) continue;
        const s = stemIn(lang, w);
        const key = s.length < MIN_STEM ? `=${w}` : s;
        if (!m.has(key)) m.set(key, english);
      }
    });
  maps = built;
  return maps;
}

/**
 * The English pivot (an English stem) of a folded word with its stem in a
 * language, or undefined (English and unknown languages have none; neither
 * has a word pivot.txt does not list).
 */
export function pivotOf(lang: Lang, stem: string, word: string): string | undefined {
  const m = pivotMaps().get(lang);
  if (!m) return undefined;
  return stem.length < MIN_STEM ? m.get(`=${word}`) : m.get(stem);
}
