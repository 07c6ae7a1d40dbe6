import fs from 'node:fs';
import { foldWord, isFunctionWord, stemIn, type Lang } from '../../lib/lang.js';
import { stem, words } from '../../lib/text.js';

/**
 * A multilingual commercial vocabulary: everyday words people use when
 * shopping or asking for a service, in Spanish, German, French, Portuguese,
 * Italian and Dutch (the languages lib/lang.ts detects and stems), each
 * mapped to English words. Offline relevance reads a non-English
 * conversation through it, so "seguro para mi perro" meets an ad group about
 * "pet insurance for dogs". General vocabulary written for Orbit (no
 * evaluation item); words are matched on Snowball stems of their
 * accent-folded form, and a German or Dutch compound by its longest known
 * ending ("Hausratversicherung" → "versicherung" → insurance).
 *
 * Each line: English word(s) = es words | de words | fr words | pt words | it words | nl words
 * (every line has all six columns; a line without them fails at the first
 * look-up, and a test reads every line). A column is split into words as a
 * conversation is (lib/text.ts `words`: "d'électricité" → d, électricité).
 * Words of a several-word expression ("vale la pena") each map to the
 * English words, except function words, words of one or two letters (bar
 * SHORT) and words too general on their own (GENERAL), which are skipped.
 * A stem several lines name keeps the first of them, unless a later line's
 * English is part of the first's ("game" of "board games"): "juegos" of
 * "juegos de mesa" still means "game".
 *
 * The lines are in vocabulary.txt and vocabulary-round4.txt beside this module, read once, at the first look-up.
 */
let lines: string | null = null;

/**
 * The vocabulary's files, in reading order: a stem several lines name keeps the first line's meaning, so the broad
 * category lines of vocabulary-round4.txt (record 0049, round 4) never change a word vocabulary.txt already reads.
 */
const FILES = ['vocabulary.txt', 'vocabulary-round4.txt'];

/** The text of the vocabulary files, read on first use. */
function vocabularyText(): string {
  // From the repository root: the same path from src/modules/serving/ and from the bundle in dist/server/bin/.
  lines ??= FILES.map((f) =>
    fs.readFileSync(new URL(`../../../src/modules/serving/${f}`, import.meta.url), 'utf8'),
  ).join('\n');
  return lines;
}

/** Words of several-word expressions too general to stand for the expression alone. */
const GENERAL = new Set([
  'segunda',
  'mano',
  'seconde',
  'main',
  'mão',
  'tarjeta',
  'carte',
  'cartão',
  'plan',
  'productos',
  'produtos',
  'material',
  'forma',
  'física',
  'base',
  'solicitar',
  'beantragen',
  'demande',
  'pedir',
  'vida',
  'agence',
  'internacional',
  'international',
  'internacional',
  'datos',
  'dados',
  'vie',
  'mot',
  'tipo',
  'salle',
  'bon',
  'appareil',
  'marché',
  'cuidado',
  'soin',
  'cuidados',
  'pena',
  'sich',
  'peine',
  'coup',
  'vaut',
  'vale',
  'compte',
  'cuenta',
  'conta',
  'plano',
  'conta',
  'facture',
  'factura',
  'nota',
  'cópia',
  'copia',
  'red',
  'rede',
  'réseau',
  'netz',
  'pas',
  'carta',
  'cura',
  'piano',
  'vita',
  'dati',
  'prodotti',
  'materiale',
  'agenzia',
  'internazionale',
  'internationale',
  'macchina',
  'caixa',
  'alto',
  'essai',
  'sala',
  'moeite',
  'ideas',
  'idées',
  'gastos',
  'hoja',
  'feuille',
  'foglio',
  'corte',
  'taglio',
  'coupe',
  'interior',
  'residencia',
  'tudo',
  'larga',
  'energia',
  'bellas',
  'belle',
  'beaux',
  'matériel',
  'actividad',
  'electrónico',
  'elettronica',
  'cambio',
  'digital',
  'recursos',
  'ressources',
  'risorse',
  'posti',
  'servicio',
  'prueba',
  // Stem "sol" is also the sun (Spanish, Portuguese sol, Italian sole): these read as solar only in a pair.
  'solar',
  'solare',
  'solari',
  'solares',
  'saco',
  'credito',
  'donna',
  'partita',
  'posta',
  'meglio',
  'besser',
  'beter',
  'mieux',
  'contas',
  'passe',
  'femme',
  'nouveau',
  // French "car" is "because": only the pair camping-car is a campervan.
  'car',
  // Words of the round 10 expressions too general alone (control, schedule, management, presence, water).
  'control',
  'controle',
  'horario',
  'ponto',
  'rilevazione',
  'gestión',
  'gestion',
  'gestão',
  'gestione',
  'agua',
  'água',
  'acqua',
  'eau',
  'repouso',
  'riposo',
  // "small" of "small business": a small dog is no business (the pair still reads).
  'pequeña',
  'petite',
  'pequena',
  'piccola',
  'kleine',
  // "presentation" of "cover letter" (carta de presentación), "preparation" of "test prep", French "change" of
  // "taux de change": each stands for its expression only in the pair ("changer les pneus" is no exchange rate).
  'presentación',
  'apresentação',
  'presentazione',
  'preparación',
  'préparation',
  'preparazione',
  'change',
  // "device" of "aparelho ortodôntico" / "apparecchio ortodonzia" (braces) and of hearing aids.
  'aparelho',
  'apparecchio',
  'apparecchi',
  // Words of round 4's expressions (vocabulary-round4.txt) too general alone: the sun of sunglasses, the board of a
  // dashboard, the till of a till system, the fall of hair loss, the dry of a dryer, the high of a high
  // chair, the waves of a microwave.
  'sol',
  'soleil',
  'sole',
  'tableau',
  'bord',
  'painel',
  'caisse',
  'chute',
  'caduta',
  'sèche',
  'haute',
  'ondes',
  'ondas',
]);

/**
 * Words never read, though folded they equal a vocabulary word: the Spanish article "unas" is "uñas" (nails) without
 * its tilde. Checked on the word as written, so "uñas" still reads as nails.
 */
const NEVER = new Set(['unas']);

/** Words of one or two letters that stand for something on their own ("tv", "pc", "cv"); other short words are skipped. */
const SHORT = new Set(['tv', 'pc', 'cv']);

type Foreign = Exclude<Lang, 'other' | 'en'>;
export const VOCABULARY_LANGS: readonly Foreign[] = ['es', 'de', 'fr', 'pt', 'it', 'nl'];

/** The vocabulary's lines, each as its English words and one column of words per language (VOCABULARY_LANGS order). */
export function vocabularyLines(): { english: string[]; columns: string[][] }[] {
  const out: { english: string[]; columns: string[][] }[] = [];
  for (const line of vocabularyText().split('\n')) {
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    const cols = line.slice(eq + 1).split('|');
    if (cols.length !== VOCABULARY_LANGS.length)
      throw new Error(`vocabulary line needs ${VOCABULARY_LANGS.length} columns: ${line}`);
    out.push({ english: line.slice(0, eq).trim().split(/\s+/), columns: cols.map((c) => words(c)) });
  }
  return out;
}

/**
 * Per language: a vocabulary word, accent-folded (key prefixed with EXACT), its stem, and the stems of two neighbouring
 * words of a column (joined by a space) → English words. The word itself is looked up before its stem, so two words one stem joins keep their own meanings (Spanish "cama" bed, "cámara" camera).
 */
const maps = new Map<Foreign, Map<string, string[]>>();
const EXACT = '\u0001';
/** Shortest stem looked up as a stem (shorter: the word itself, see mapOf). */
const MIN_STEM = 4;
const pairKey = (lang: Foreign, a: string, b: string): string => `${stemOf(lang, a)} ${stemOf(lang, b)}`;

function mapOf(lang: Foreign): Map<string, string[]> {
  let m = maps.get(lang);
  if (m) return m;
  m = new Map();
  const col = VOCABULARY_LANGS.indexOf(lang);
  const put = (key: string, english: string[]) => {
    const had = m!.get(key);
    // A word of an expression ("juegos" of "juegos de mesa") means what a simpler line says ("game", not "board games").
    if (!had || narrower(english, had)) m!.set(key, english);
  };
  for (const { english, columns } of vocabularyLines()) {
    const ws = columns[col].filter((w) => (w.length > 2 || SHORT.has(w)) && !isFunctionWord(lang, w));
    for (let k = 0; k < ws.length; k++) {
      // Two neighbouring words ("cartão de crédito" → cartão crédito) stand for the line together, general words too.
      if (k > 0) put(pairKey(lang, ws[k - 1], ws[k]), english);
      if (GENERAL.has(ws[k])) continue;
      const folded = foldWord(ws[k]);
      put(EXACT + folded, english);
      // A stem of one to three letters joins too many words (Spanish casa/caso, Italian volo/volere): the word and
      // its -s/-es plurals only.
      const st = stemOf(lang, ws[k]);
      if (st.length >= MIN_STEM) put(st, english);
      else for (const plural of [`${folded}s`, `${folded}es`]) put(EXACT + plural, english);
    }
  }
  maps.set(lang, m);
  latinKeys.set(lang, [...m.keys()].every((k) => k.split(' ').every((part) => LATIN.test(part))));
  return m;
}

/**
 * A Latin letter or a digit. When every key of a language's map holds one in each of its words (`latinKeys`, checked
 * as the map is made), a word without one once folded — Cyrillic, CJK, Arabic, emoji — is in no entry: folding and the
 * Snowball stemmers give no Latin letter to a word of another script, so its key, its stem and a compound's parts all
 * miss. `englishFor` and `englishForPair` answer such a word at once (a 2,000-character turn of other scripts read in
 * six languages cost ≈ 1 ms of look-ups; record 0048 round 2).
 */
const LATIN = /[\p{Script=Latin}\p{N}]/u;
const latinKeys = new Map<Foreign, boolean>();
/** Whether a word can be in a language's map (false only for a word of another script, see LATIN). */
const mayBeKnown = (lang: Foreign, folded: string): boolean => LATIN.test(folded) || !latinKeys.get(lang);

/** Whether English words `a` are fewer than `b` and each is one of them (by stem): "game" of "board games". */
function narrower(a: readonly string[], b: readonly string[]): boolean {
  if (a.length >= b.length) return false;
  const bs = new Set(b.map((w) => stem(w)));
  return a.every((w) => bs.has(stem(w)));
}

/** Whether English words `a` are fewer than `b` and each is one of them, word for word ("cheap" of "cheap flights"). */
const partOf = (a: readonly string[], b: readonly string[]): boolean =>
  a.length < b.length && a.every((w) => b.includes(w));

const stemOf = (lang: Foreign, w: string): string => stemIn(lang, foldWord(w.toLowerCase().replace(/['’]/g, '')));

/** Languages whose compounds are written as one word: an unknown word is looked up by its longest known ending. */
const COMPOUNDING = new Set<Lang>(['de', 'nl']);

/** Shortest ending of a German or Dutch compound looked up (shorter endings are too often parts of other words). */
const MIN_ENDING = 5;
/** Shortest first part of a German or Dutch compound. */
const MIN_FRONT = 3;
/** Shortest rest after a compound's known first part. */
const MIN_REST = 4;

/**
 * English words for a lowercase word of a conversation in `lang`, or null
 * when the vocabulary does not know it (the word then stands as it is:
 * brand names and loanwords often match as they are).
 */
export function englishFor(lang: Lang, word: string): readonly string[] | null {
  if (lang === 'en' || lang === 'other') return null;
  if (NEVER.has(word)) return null;
  const m = mapOf(lang);
  const folded = foldWord(word);
  if (!mayBeKnown(lang, folded)) return null;
  const exact = m.get(EXACT + folded);
  const byStem = exact && exact.length === 1 ? undefined : m.get(stemOf(lang, word));
  // An inflected word listed only inside an expression ("günstige" of "günstige Flüge") means what its stem's simpler
  // line says ("cheap"), not the whole expression: the pair look-up (`englishForPair`) still reads the expression.
  if (exact) return byStem && partOf(byStem, exact) ? byStem : exact;
  if (byStem) return byStem;
  if (COMPOUNDING.has(lang) && word.length > MIN_ENDING + 2) {
    // The first part is a word of at least MIN_FRONT letters: "st|reifen" (stripes) is no tyre.
    for (let i = MIN_FRONT; i + MIN_ENDING <= folded.length; i++) {
      // A function word in front is a prefix, not a compound's first part (German "bei|spiel" is no game).
      if (isFunctionWord(lang, folded.slice(0, i))) continue;
      const end = m.get(stemIn(lang, folded.slice(i)));
      if (end) return end;
    }
    // No known ending: the longest known first part of at least MIN_ENDING letters, before a rest of at least
    // MIN_REST ("Glasfaser|anschluss" → fibre, "Wohnungs|suche" → apartment; a linking -s is dropped).
    for (let j = folded.length - MIN_REST; j >= MIN_ENDING; j--) {
      const front = folded.slice(0, j);
      const hit =
        m.get(EXACT + front) ??
        m.get(stemIn(lang, front)) ??
        (front.endsWith('s') && j > MIN_ENDING ? m.get(stemIn(lang, front.slice(0, -1))) : undefined);
      if (hit) return hit;
    }
  }
  return null;
}

/**
 * English words for two neighbouring content words of a conversation in `lang` that the vocabulary lists together
 * ("cartão" "crédito" → credit card), or null.
 */
export function englishForPair(lang: Lang, a: string, b: string): readonly string[] | null {
  if (lang === 'en' || lang === 'other') return null;
  const m = mapOf(lang);
  if (!mayBeKnown(lang, foldWord(a)) || !mayBeKnown(lang, foldWord(b))) return null;
  return m.get(pairKey(lang, a, b)) ?? null;
}
