/**
 * Text normalisation shared by matching and retrieval: lowercase words,
 * stop words dropped, light suffix stemming so "shoes"/"shoe" and
 * "running"/"run" meet.
 */
const STOP = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by can
  could did do does doing down during each few for from further had has have having he her here hers herself him himself his
  how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves
  out over own same she should so some such than that the their theirs them themselves then there these they this those through
  to too under until up very was we were what when where which while who whom why will with would you your yours yourself
  yourselves hi hello hey thanks thank please pls want need like get got know think make also really one much many im ive
  dont cant wont id youre thats whats lets use using any anything something help tell show give good best new way`
    .split(/\s+/)
    .filter(Boolean),
);

export function stem(w: string): string {
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) return w.slice(0, -3) + 'y';
  if (w.endsWith('ing') && w.length > 5) {
    const s = w.slice(0, -3);
    return s.length > 2 && s[s.length - 1] === s[s.length - 2] ? s.slice(0, -1) : s;
  }
  if (w.endsWith('ed') && w.length > 4) return w.slice(0, -2);
  if (w.endsWith('es') && /(sses|xes|ches|shes|zes)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) return w.slice(0, -1);
  return w;
}

/** Terms of a text, in order, stop words removed. Reads at most `maxChars` characters. */
export function terms(text: string, maxChars = 4000): string[] {
  const out: string[] = [];
  const src = text.length > maxChars ? text.slice(-maxChars) : text;
  for (const m of src.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const w = m[0];
    if (w.length < 2 || STOP.has(w)) continue;
    out.push(stem(w));
  }
  return out;
}
