/** One line of the safety corpus (corpus.txt) and of the validation files (bench/safety/): `<label> | <language> | <text>`. */
export interface LabelledLine {
  label: string;
  lang: string;
  text: string;
  /**
   * Written `intent:<label>` (`intent:commercial`, `intent:informational`): a line that trains the intent head only.
   * The sensitive heads' thresholds are kept across refits (`--keep-settings`), so safe lines added for the intent head
   * would move their calibration (record 0050 round 8); these lines leave them as they are.
   */
  intentOnly: boolean;
}

const INTENT_ONLY = 'intent:';

/** The labelled lines of a text in that format; blank lines and `#` comments are skipped. */
export function labelledLines(text: string): LabelledLine[] {
  const out: LabelledLine[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [label, lang, ...rest] = line.split('|').map((s) => s.trim());
    const intentOnly = label.startsWith(INTENT_ONLY);
    out.push({ label: intentOnly ? label.slice(INTENT_ONLY.length) : label, lang, text: rest.join('|'), intentOnly });
  }
  return out;
}
