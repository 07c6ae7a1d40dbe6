import fs from 'node:fs';

/** One line of the safety corpus (corpus.txt) and of the validation files (bench/safety/): `<label> | <language> | <text>`. */
export interface LabelledLine {
  label: string;
  lang: string;
  text: string;
}

/** The labelled lines of a text in that format; blank lines and `#` comments are skipped. */
export function labelledLines(text: string): LabelledLine[] {
  const out: LabelledLine[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [label, lang, ...rest] = line.split('|').map((s) => s.trim());
    out.push({ label, lang, text: rest.join('|') });
  }
  return out;
}

/**
 * The training corpus's files, in the order the trainer reads them (its folds are by line position): the team's
 * corpus.txt, then corpus-round12.txt (record 0036, round 12: written apart, by a session that read no evaluation set,
 * and kept apart so its provenance stays checkable and a later round can measure with and without it).
 */
export const CORPUS_FILES = ['corpus.txt', 'corpus-round12.txt'] as const;

/** Every labelled line of the training corpus (`CORPUS_FILES`, in order). */
export function corpusLines(): LabelledLine[] {
  return CORPUS_FILES.flatMap((f) => labelledLines(fs.readFileSync(new URL(`./${f}`, import.meta.url), 'utf8')));
}
