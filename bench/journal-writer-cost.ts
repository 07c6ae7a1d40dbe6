/**
 * Where the SQLite writer thread's time goes per impression pixel, in-process
 * (no thread, no HTTP): opening the token alone, opening it and building the
 * event row and rollup delta, decoding the wire batch, and the whole commit
 * (`commitSync`: open, inserts, rollup and mirror upserts, BEGIN/COMMIT) on a
 * migrated database file with the server's pragmas. Run it at two batch sizes
 * to split the commit into a per-pixel and a per-transaction part. Then which
 * b-trees each commit wrote: the WAL's frames per commit, by table or index
 * (read from the frame headers and mapped through `dbstat`; checkpoints are
 * off for the run, as on the server's writer, where a thread of its own
 * checkpoints) — a count, not a timing, so it repeats exactly.
 *
 *   B=16 N=2000 npx tsx bench/journal-writer-cost.ts
 *   B=64 N=2000 npx tsx bench/journal-writer-cost.ts
 *   DIRECT=1 B=16 N=2000 npx tsx bench/journal-writer-cost.ts   (rollups upserted in each commit, as before the rollup log)
 */
import BetterSqlite3 from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { createContext, closeContext } from '../src/server.js';
import { loadSecrets } from '../src/lib/secrets.js';
import { parseKeyRing, TokenCodec } from '../src/lib/token.js';
import { sqliteJournalTx } from '../src/modules/tracking/repo.js';
import { foldRollupLog } from '../src/modules/ledger/service.js';
import { commitSync, decodeBatch, encodeBatch, type JournalBatch } from '../src/modules/tracking/journal-store.js';
import { openClaims, hitRecord } from '../src/modules/tracking/record.js';
import { tempDir } from './lib/harness.js';
import { impressionMinter, unstoredAd } from './lib/impressions.js';
import { writeResult } from './lib/results.js';
const B = Number(process.env.B ?? 16),
  N = Number(process.env.N ?? 3000);
const dataDir = tempDir('orbit-wc-');
const config = loadConfig({ dataDir, logLevel: 'silent' }, {});
const ctx = await createContext(config);
const secrets = loadSecrets(config);
await closeContext(ctx);
const db = new BetterSqlite3(path.join(dataDir, config.sqliteFile));
db.pragma('synchronous = NORMAL');
db.pragma('wal_autocheckpoint = 0'); // as the server's writer: the WAL keeps every commit's frames
// As the server's writer thread: rollup deltas go to the rollup log, folded every FOLD commits (~100 ms of a busy writer).
// DIRECT=1 writes them into the rollups in each commit instead (as before migration 0009).
const direct = process.env.DIRECT === '1';
const FOLD = Number(process.env.FOLD ?? 250);
const tx = sqliteJournalTx(db, { logRollups: !direct });
const codec = new TokenCodec(parseKeyRing(secrets.tokenKeys));
const opener = { codec, ttlSeconds: 86400 * 7 };
const mint = impressionMinter(codec, unstoredAd());
const batches: JournalBatch[] = [];
for (let i = 0; i < N; i++)
  batches.push({
    requests: [],
    serves: [],
    events: [],
    placements: [],
    pixels: mint(B).map((token) => ({
      token,
      at: Date.now(),
      ipHash: 'abcdef0123456789abcdef0123456789',
      country: 'US',
      device: 'desktop' as const,
      ivt: null,
    })),
  });
const wires = batches.map(encodeBatch);
// phases (after a warm-up: the first calls compile)
for (let i = 300; i < 600; i++)
  for (const p of batches[i].pixels) hitRecord('imp', openClaims(codec, p.token, p.at, 86400 * 7), p, null);
let t = performance.now();
for (let i = 0; i < 300; i++) for (const p of batches[i].pixels) codec.open(p.token);
const openUs = ((performance.now() - t) * 1000) / (300 * B);
t = performance.now();
for (let i = 0; i < 300; i++)
  for (const p of batches[i].pixels) hitRecord('imp', openClaims(codec, p.token, p.at, 86400 * 7), p, null);
const recUs = ((performance.now() - t) * 1000) / (300 * B);
t = performance.now();
for (let i = 0; i < 300; i++) decodeBatch(wires[i]);
const decUs = ((performance.now() - t) * 1000) / (300 * B);
t = performance.now();
const cpu0 = process.cpuUsage();
for (let i = 0; i < N; i++) {
  commitSync(tx, decodeBatch(wires[i]), opener);
  if (!direct && (i + 1) % FOLD === 0) foldRollupLog(db);
}
if (!direct) foldRollupLog(db);
const allUs = ((performance.now() - t) * 1000) / (N * B);
const cpu = process.cpuUsage(cpu0);
const allCpuUs = (cpu.user + cpu.system) / (N * B);
console.log(
  `B=${B} (${direct ? 'rollups written in each commit' : `rollup log, folded every ${FOLD} commits`}): open ${openUs.toFixed(2)} µs, open+record ${recUs.toFixed(2)} µs, decode ${decUs.toFixed(2)} µs, whole commit ${allUs.toFixed(2)} µs per pixel (${(allUs * B).toFixed(0)} µs per batch; main-thread CPU ${(allCpuUs * B).toFixed(0)} µs per batch)`,
);

// The frames of the N commits above: page numbers from the WAL's frame headers.
const wal = fs.readFileSync(`${path.join(dataDir, config.sqliteFile)}-wal`);
const pageSize = wal.readUInt32BE(8);
const owner = new Map<number, string>();
for (const r of db.prepare('SELECT name, pageno FROM dbstat').all() as { name: string; pageno: number }[])
  owner.set(r.pageno, r.name);
const perTree = new Map<string, number>();
let commits = 0;
let frames = 0;
for (let o = 32; o + 24 + pageSize <= wal.length; o += 24 + pageSize) {
  const page = wal.readUInt32BE(o);
  const name =
    page === 1 ? 'page 1 (database header: the file grew)' : (owner.get(page) ?? `page ${page} (freed since)`);
  perTree.set(name, (perTree.get(name) ?? 0) + 1);
  frames++;
  if (wal.readUInt32BE(o + 4) !== 0) commits++; // a commit frame carries the database size
}
console.log(
  `WAL: ${(frames / commits).toFixed(2)} frames (${pageSize}-byte pages) per commit of ${B} pixels, by b-tree:`,
);
for (const [name, n] of [...perTree].sort((a, b) => b[1] - a[1])) console.log(`  ${(n / commits).toFixed(2)}  ${name}`);
db.close();
writeResult(
  'journal-writer-cost',
  {
    commit: { label: `whole commit per pixel, batches of ${B} (in-process)`, unit: 'µs', value: allUs },
    wal_frames: { label: `WAL frames per commit of ${B} pixels`, unit: '', value: frames / commits, digits: 2 },
  },
  { variant: `B-${B}${direct ? '-direct' : ''}` },
);
