import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import readline from 'node:readline';
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import { parse } from 'csv-parse';
import { SaxesParser } from 'saxes';
import { parser as jsonParser } from 'stream-json/parser.js';
import { pick } from 'stream-json/filters/pick.js';
import { streamArray } from 'stream-json/streamers/stream-array.js';

/**
 * Records of a catalog file, streamed so a file of any size reads in bounded
 * memory: CSV/TSV with a header row (csv-parse: quoting, embedded newlines,
 * mixed line endings), JSON Lines, one JSON document (an array, or an object
 * holding the array: Shopify's `{"products": [...]}`) through stream-json,
 * and XML feeds (RSS 2.0 `<item>`s or Atom `<entry>`s, Google's `g:`
 * namespace or none) through saxes. Bytes are decoded once, up front: a BOM
 * (UTF-8, UTF-16 LE/BE) or the XML declaration decides, else `encoding`, else
 * UTF-8 — or Windows-1252 when the file's start is not valid UTF-8. A record
 * that cannot be read comes back with its line and the reason; reading goes
 * on with the next one.
 */
export interface FileRecord {
  /** Line where the record starts (1-based; for a JSON document, the item's position in its array). */
  line: number;
  record: Record<string, unknown> | null;
  error?: string;
}

export type FileFormat = 'jsonl' | 'csv' | 'tsv' | 'json' | 'xml';
export const FILE_FORMATS: readonly FileFormat[] = ['csv', 'tsv', 'jsonl', 'json', 'xml'];

export interface ReadOptions {
  /** A WHATWG encoding label (utf-8, windows-1252, latin1, utf-16le…); by default detected. */
  encoding?: string;
  /** Records larger than this many characters are rejected (default 32 MiB). */
  maxRecordChars?: number;
  /** Told the encoding the reader settled on (for the import summary). */
  onEncoding?: (encoding: string, why: string) => void;
}

const MAX_RECORD = 32 * 1024 * 1024;

/** The format a file's name says; `.json` is looked into (JSON Lines or one document). */
export function formatOf(file: string): FileFormat {
  const f = file.toLowerCase();
  if (f.endsWith('.jsonl') || f.endsWith('.ndjson')) return 'jsonl';
  if (f.endsWith('.json')) return sniffJson(file);
  if (f.endsWith('.xml') || f.endsWith('.rss') || f.endsWith('.atom')) return 'xml';
  if (f.endsWith('.tsv') || f.endsWith('.txt') || f.endsWith('.tab')) return 'tsv';
  return 'csv';
}

/** The first bytes of a file as text (for sniffing). */
function headOf(file: string, bytes = 256 * 1024): string {
  try {
    const fd = fs.openSync(file, 'r');
    const buf = Buffer.alloc(bytes);
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    fs.closeSync(fd);
    return buf
      .subarray(0, n)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
  } catch {
    return '';
  }
}

/** A `.json` file whose first line is a whole JSON object is JSON Lines; anything else is one document. */
function sniffJson(file: string): FileFormat {
  const t = headOf(file).trimStart();
  if (t.startsWith('[')) return 'json';
  const first = t.split('\n', 1)[0];
  try {
    const v = JSON.parse(first) as Record<string, unknown>;
    // A one-line document holding the array ({"products": [...]}) is still one document.
    return ['products', 'items', 'entries'].some((k) => Array.isArray(v?.[k])) ? 'json' : 'jsonl';
  } catch {
    return 'json';
  }
}

export async function countLines(file: string): Promise<number> {
  let n = 0;
  let last = 10;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) n++;
    if (chunk.length) last = chunk[chunk.length - 1];
  }
  return last === 10 ? n : n + 1;
}

/** How many records a CSV file has after its header: line breaks outside quoted fields (a cheap byte scan, for a progress bar). */
export async function countCsvRecords(file: string): Promise<number> {
  let n = 0;
  let quoted = false;
  let last = 10;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === 0x22) quoted = !quoted;
      else if (!quoted && (b === 10 || (b === 13 && chunk[i + 1] !== 10))) n++;
    }
    if (chunk.length) last = chunk[chunk.length - 1];
  }
  return Math.max(0, (last === 10 || last === 13 ? n : n + 1) - 1);
}

/** How many `<item>`/`<entry>` elements an XML feed has (a cheap byte scan, for a progress bar). */
export async function countXmlItems(file: string): Promise<number> {
  let n = 0;
  let tail = '';
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    const text = tail + chunk.toString('latin1');
    n += (text.match(/<([A-Za-z0-9_]+:)?(item|entry)[\s>]/g) ?? []).length;
    tail = text.slice(-16);
    n -= (tail.match(/<([A-Za-z0-9_]+:)?(item|entry)[\s>]/g) ?? []).length;
  }
  return n + (tail.match(/<([A-Za-z0-9_]+:)?(item|entry)[\s>]/g) ?? []).length;
}

/* ---------- decoding ---------- */

/** Valid UTF-8, allowing a sequence cut by the end of the sample. */
function startsUtf8(buf: Buffer): boolean {
  return isUtf8(buf.subarray(0, completeUtf8(buf)));
}

function labelOk(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

/** The encoding of a file, from its first bytes: BOM, XML declaration, the caller's word, or a UTF-8 check. */
export function detectEncoding(head: Buffer, given?: string): { encoding: string; bom: number; why: string } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf)
    return { encoding: 'utf-8', bom: 3, why: 'UTF-8 byte-order mark' };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bom: 2, why: 'UTF-16 LE byte-order mark' };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bom: 2, why: 'UTF-16 BE byte-order mark' };
  if (given) {
    if (!labelOk(given))
      throw new Error(`unknown encoding "${given}" (use a label such as utf-8, windows-1252, latin1, utf-16le)`);
    return { encoding: given.toLowerCase(), bom: 0, why: 'given' };
  }
  const decl = /^<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']/.exec(head.subarray(0, 200).toString('latin1'));
  if (decl && labelOk(decl[1])) return { encoding: decl[1].toLowerCase(), bom: 0, why: 'XML declaration' };
  if (startsUtf8(head)) return { encoding: 'utf-8', bom: 0, why: 'default' };
  // Valid multi-byte sequences beside invalid bytes: a UTF-8 file with some broken rows (they are rejected), not a Latin-1 one.
  if (scanUtf8(head.subarray(0, completeUtf8(head)), () => {}) > 0)
    return { encoding: 'utf-8', bom: 0, why: 'default' };
  return { encoding: 'windows-1252', bom: 0, why: 'the file is not valid UTF-8; read as Windows-1252' };
}

/** Stands in the text for bytes that are not valid in the file's encoding (a private-use character real feeds do not carry). */
export const INVALID_BYTES = '\uE000';
const MARK = Buffer.from(INVALID_BYTES, 'utf8');

/** Length of the complete UTF-8 sequences at the start of `buf` (a sequence cut by the chunk's end is left for the next one). */
function completeUtf8(buf: Buffer): number {
  const i = buf.length;
  for (let back = 1; back <= 3 && i - back >= 0; back++) {
    const b = buf[i - back];
    if ((b & 0xc0) !== 0x80) {
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
      return need > back ? i - back : i;
    }
  }
  return i;
}

/** Walks UTF-8: calls `onInvalid(i)` for each byte that starts no valid sequence; returns how many valid multi-byte sequences there are. */
function scanUtf8(buf: Buffer, onInvalid: (i: number) => void): number {
  let multi = 0;
  let i = 0;
  while (i < buf.length) {
    const b = buf[i];
    const need = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    let ok = need > 0 && i + need <= buf.length;
    for (let k = 1; ok && k < need; k++) ok = (buf[i + k] & 0xc0) === 0x80;
    if (ok && need > 1) ok = isUtf8(buf.subarray(i, i + need));
    if (!ok) {
      onInvalid(i);
      i++;
    } else {
      if (need > 1) multi++;
      i += need;
    }
  }
  return multi;
}

/** UTF-8 with every invalid byte replaced by INVALID_BYTES. */
function markInvalid(buf: Buffer): Buffer {
  const out: Buffer[] = [];
  let start = 0;
  scanUtf8(buf, (i) => {
    out.push(buf.subarray(start, i), MARK);
    start = i + 1;
  });
  out.push(buf.subarray(start));
  return Buffer.concat(out);
}

/**
 * Bytes → text. The encoding is decided on the first 64 KiB (detectEncoding);
 * in UTF-8, a later byte that is not valid UTF-8 switches the rest of the
 * file to Windows-1252 when everything before was ASCII (a Latin-1 export
 * whose first accent comes late), and otherwise becomes INVALID_BYTES in the
 * text, so the record holding it is rejected rather than stored garbled.
 */
class Decode extends Transform {
  private decoder: TextDecoder | null = null;
  private utf8 = false;
  private asciiSoFar = true;
  private carry: Buffer = Buffer.alloc(0);
  private head: Buffer[] = [];
  private headLen = 0;
  constructor(
    private readonly given: string | undefined,
    private readonly onEncoding?: (encoding: string, why: string) => void,
  ) {
    super({ decodeStrings: true });
  }
  private begin(): string {
    const buf = Buffer.concat(this.head);
    this.head = [];
    const d = detectEncoding(buf, this.given);
    this.utf8 = d.encoding === 'utf-8' || d.encoding === 'utf8';
    this.decoder = new TextDecoder(d.encoding, { fatal: false });
    this.onEncoding?.(d.encoding, d.why);
    return this.text(buf.subarray(d.bom));
  }
  private text(chunk: Buffer): string {
    if (!this.utf8) return this.decoder!.decode(chunk, { stream: true });
    const buf = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    const n = completeUtf8(buf);
    this.carry = Buffer.from(buf.subarray(n));
    const whole = buf.subarray(0, n);
    if (isUtf8(whole)) {
      if (this.asciiSoFar) this.asciiSoFar = !whole.some((b) => b >= 0x80);
      return whole.toString('utf8');
    }
    if (this.asciiSoFar && scanUtf8(whole, () => {}) === 0) {
      this.utf8 = false;
      this.decoder = new TextDecoder('windows-1252');
      this.onEncoding?.('windows-1252', 'bytes that are not UTF-8 after an ASCII start; read as Windows-1252');
      const rest = Buffer.concat([whole, this.carry]);
      this.carry = Buffer.alloc(0);
      return this.decoder.decode(rest, { stream: true });
    }
    return markInvalid(whole).toString('utf8');
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    try {
      if (this.decoder) return cb(null, this.text(chunk));
      this.head.push(chunk);
      this.headLen += chunk.length;
      cb(null, this.headLen < 64 * 1024 ? undefined : this.begin());
    } catch (err) {
      cb(err as Error);
    }
  }
  override _flush(cb: TransformCallback): void {
    try {
      let out = this.decoder ? '' : this.begin();
      if (this.utf8) out += this.carry.length ? markInvalid(this.carry).toString('utf8') : '';
      else out += this.decoder!.decode();
      cb(null, out);
    } catch (err) {
      cb(err as Error);
    }
  }
}

function textStream(file: string, opts: ReadOptions): Readable {
  return pipeline(fs.createReadStream(file), new Decode(opts.encoding, opts.onEncoding), () => {});
}

/* ---------- readers ---------- */

export async function* readRecords(
  file: string,
  format: FileFormat = formatOf(file),
  opts: ReadOptions = {},
): AsyncGenerator<FileRecord> {
  if (!fs.existsSync(file)) throw new Error(`file not found: ${file}`);
  if (!FILE_FORMATS.includes(format)) throw new Error(`unknown format ${format}: use ${FILE_FORMATS.join(', ')}`);
  if (opts.encoding && !labelOk(opts.encoding))
    throw new Error(`unknown encoding "${opts.encoding}" (use a label such as utf-8, windows-1252, latin1, utf-16le)`);
  const max = opts.maxRecordChars ?? MAX_RECORD;
  if (format === 'jsonl') yield* readJsonLines(file, opts, max);
  else if (format === 'json') yield* readJsonDocument(file, opts);
  else if (format === 'xml') yield* readXml(file, opts, max);
  else yield* readDelimited(file, format, opts, max);
}

async function* readJsonLines(file: string, opts: ReadOptions, max: number): AsyncGenerator<FileRecord> {
  const rl = readline.createInterface({ input: textStream(file, opts), crlfDelay: Infinity });
  let line = 0;
  for await (const text of rl) {
    line++;
    const t = text.trim();
    if (!t) continue;
    if (t.length > max) {
      yield { line, record: null, error: `record larger than ${Math.round(max / 1048576)} MiB` };
      continue;
    }
    try {
      const v = JSON.parse(t) as unknown;
      if (v && typeof v === 'object' && !Array.isArray(v)) yield { line, record: v as Record<string, unknown> };
      else yield { line, record: null, error: 'not a JSON object' };
    } catch (err) {
      yield {
        line,
        record: null,
        error: `invalid JSON (${(err as Error).message.replace(/\s+/g, ' ').slice(0, 120)})`,
      };
    }
  }
}

/** One JSON document: a top-level array, or the first array under `products`, `items` or `entries`. */
async function* readJsonDocument(file: string, opts: ReadOptions): AsyncGenerator<FileRecord> {
  const top = headOf(file, 64 * 1024)
    .trimStart()
    .startsWith('[');
  const stages: NodeJS.ReadWriteStream[] = [jsonParser.asStream()];
  if (!top) stages.push(pick.asStream({ filter: /^(products|items|entries)$/ }));
  stages.push(streamArray.asStream());
  const items = pipeline([textStream(file, opts), ...stages], () => {}) as unknown as AsyncIterable<{
    key: number;
    value: unknown;
  }>;
  let n = 0;
  try {
    for await (const item of items) {
      n++;
      const v = item.value;
      if (v && typeof v === 'object' && !Array.isArray(v)) yield { line: n, record: v as Record<string, unknown> };
      else yield { line: n, record: null, error: 'not a JSON object' };
    }
  } catch (err) {
    yield {
      line: n + 1,
      record: null,
      error: `invalid JSON after item ${n}: ${(err as Error).message.replace(/\s+/g, ' ').slice(0, 160)}; reading stopped`,
    };
    throw new TruncatedRead(`the JSON document could not be read past item ${n}`);
  }
}

/** Thrown after the last readable record when the rest of a file cannot be read (an import must not treat it as complete). */
export class TruncatedRead extends Error {}

async function* readDelimited(
  file: string,
  format: 'csv' | 'tsv',
  opts: ReadOptions,
  max: number,
): AsyncGenerator<FileRecord> {
  const skipped: FileRecord[] = [];
  // csv-parse counts a CR LF inside a quoted field as two lines, an editor as one: `extra` is the difference so far
  // (kept in the parser's own order, by its record and skip hooks).
  let extra = 0;
  const startLine = (lines: number, raw: string | undefined) => {
    const body = (raw ?? '').replace(/(\r\n|\n|\r)$/, '');
    const start = lines - (body.match(/[\r\n]/g) ?? []).length - extra;
    extra += (body.match(/\r\n/g) ?? []).length;
    return start;
  };
  const parser = pipeline(
    textStream(file, opts),
    parse({
      // Header names as Merchant Center and spreadsheets write them: any case, spaces, a "g:" prefix.
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase().replace(/^g:/, '').replace(/\s+/g, '_')),
      delimiter: format === 'tsv' ? '\t' : ',',
      record_delimiter: ['\r\n', '\n', '\r'],
      skip_empty_lines: true,
      relax_column_count_less: true,
      relax_quotes: true,
      quote: format === 'tsv' ? false : '"',
      trim: true,
      raw: true,
      max_record_size: max,
      skip_records_with_error: true,
      // With `raw`, a record arrives as {record, raw}; it leaves as {record, line}.
      on_record: (r: { record: Record<string, string> }, ctx: { lines: number; raw: string | undefined }) => ({
        record: r.record,
        line: startLine(ctx.lines, ctx.raw),
      }),
      on_skip: (err: (Error & { lines?: number; code?: string }) | undefined, raw: string | undefined) => {
        if (!err) return undefined;
        const why =
          err.code === 'CSV_RECORD_INCONSISTENT_COLUMNS' || err.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH'
            ? 'more fields than the header has columns'
            : err.code === 'CSV_MAX_RECORD_SIZE'
              ? `record larger than ${Math.round(max / 1048576)} MiB`
              : err.message.replace(/\s+/g, ' ').slice(0, 160);
        skipped.push({ line: startLine(err.lines ?? 0, raw), record: null, error: why });
        return undefined;
      },
    }),
    () => {},
  );
  for await (const row of parser as AsyncIterable<{ record: Record<string, string>; line: number }>) {
    // Rejected records come out in file order with the rest.
    while (skipped.length && skipped[0].line < row.line) yield skipped.shift()!;
    yield { line: row.line, record: row.record };
  }
  while (skipped.length) yield skipped.shift()!;
}

/** Items of an RSS 2.0 or Atom feed: each direct child element of an `<item>`/`<entry>` is a field (prefix dropped; repeated → array). */
async function* readXml(file: string, opts: ReadOptions, max: number): AsyncGenerator<FileRecord> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const out: FileRecord[] = [];
  let item: Record<string, unknown> | null = null;
  let itemLine = 0;
  let depth = 0; // depth inside the current item
  let field: string | null = null;
  let text = '';
  let size = 0;
  let tooBig = false;
  const local = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();
  let failed: string | null = null;
  parser.on('opentag', (tag) => {
    if (failed) return;
    const name = local(tag.name);
    if (!item) {
      if (name === 'item' || name === 'entry') {
        item = {};
        itemLine = parser.line;
        depth = 0;
        size = 0;
        tooBig = false;
      }
      return;
    }
    depth++;
    if (depth === 1) {
      field = name;
      text = '';
      // Atom links carry their address in href.
      const href = (tag.attributes as Record<string, string>).href;
      if (name === 'link' && href) text = href;
    }
  });
  const onText = (t: string) => {
    if (!item || depth < 1) return;
    size += t.length;
    if (size > max) tooBig = true;
    else text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    if (!item || failed) return;
    const name = local(tag.name);
    if (depth === 0 && (name === 'item' || name === 'entry')) {
      out.push(
        tooBig
          ? { line: itemLine, record: null, error: `record larger than ${Math.round(max / 1048576)} MiB` }
          : { line: itemLine, record: item },
      );
      item = null;
      return;
    }
    if (depth === 1 && field) {
      const v = text.trim();
      const prev = item[field];
      item[field] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
      field = null;
    }
    depth--;
  });
  parser.on('error', (err) => {
    if (failed) return;
    failed = err.message.replace(/\s+/g, ' ').slice(0, 200);
    // The item being read when the XML broke is rejected; nothing after it is read.
    if (item) out.push({ line: itemLine, record: null, error: `XML syntax error: ${failed}` });
    item = null;
  });
  for await (const chunk of textStream(file, opts) as AsyncIterable<string>) {
    parser.write(chunk);
    while (out.length) yield out.shift()!;
    if (failed) break;
  }
  if (!failed) parser.close();
  while (out.length) yield out.shift()!;
  if (failed) throw new TruncatedRead(`XML syntax error (${failed}): the feed could not be read past it`);
}
