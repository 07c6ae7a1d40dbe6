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
