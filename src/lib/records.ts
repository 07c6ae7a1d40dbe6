import fs from 'node:fs';
import readline from 'node:readline';
import { parse } from 'csv-parse';

/**
 * Records of a catalog file, streamed: JSON Lines (`.jsonl`, `.ndjson`,
 * `.json` with one object per line) or CSV/TSV with a header row (csv-parse,
 * which handles quoting, embedded newlines and BOMs). Each record carries its
 * line number so import errors can name it. `total` counts the lines first
 * (cheap) so a progress bar can show an ETA.
 */
export interface FileRecord {
  line: number;
  record: Record<string, unknown> | null;
  error?: string;
}

export type FileFormat = 'jsonl' | 'csv' | 'tsv';

export function formatOf(file: string): FileFormat {
  const f = file.toLowerCase();
  if (f.endsWith('.jsonl') || f.endsWith('.ndjson') || f.endsWith('.json')) return 'jsonl';
  if (f.endsWith('.tsv') || f.endsWith('.txt')) return 'tsv';
  return 'csv';
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

export async function* readRecords(file: string, format: FileFormat = formatOf(file)): AsyncGenerator<FileRecord> {
  if (!fs.existsSync(file)) throw new Error(`file not found: ${file}`);
  if (format === 'jsonl') {
    const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
    let line = 0;
    for await (const text of rl) {
      line++;
      const t = text.trim();
      if (!t) continue;
      try {
        const v = JSON.parse(t) as unknown;
        if (v && typeof v === 'object' && !Array.isArray(v)) yield { line, record: v as Record<string, unknown> };
        else yield { line, record: null, error: 'not a JSON object' };
      } catch {
        yield { line, record: null, error: 'invalid JSON' };
      }
    }
    return;
  }
  const parser = fs.createReadStream(file).pipe(
    parse({
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      delimiter: format === 'tsv' ? '\t' : ',',
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
    }),
  );
  for await (const row of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
    yield { line: row.info.lines, record: row.record };
  }
}
