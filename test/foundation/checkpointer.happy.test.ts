import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/index.js';
import { BACKEND, dropStorage, testConfig } from '../helpers.js';

/**
 * SQLite WAL checkpoints run in a worker thread (src/db/checkpointer.ts), not
 * inside the commits of the event loop: the serving connection never
 * checkpoints by itself, the worker keeps the WAL copied into the database,
 * and if the worker dies SQLite's own auto-checkpoint comes back.
 */
describe.runIf(BACKEND === 'sqlite')('WAL checkpointer', () => {
  const fill = (sqlite: import('better-sqlite3').Database, rows: number) => {
    sqlite.exec('CREATE TABLE IF NOT EXISTS filler (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
    const ins = sqlite.prepare('INSERT INTO filler (v) VALUES (?)');
    sqlite.transaction(() => {
      for (let i = 0; i < rows; i++) ins.run('x'.repeat(200));
    })();
  };
  const until = async (ok: () => boolean, ms = 10_000) => {
    const end = Date.now() + ms;
    while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    return ok();
  };

  it('keeps the WAL checkpointed from its own thread; the serving connection never auto-checkpoints', async () => {
    const config = testConfig({ sqliteCheckpointMs: 50 });
    const database = openDatabase(config);
    try {
      const sqlite = database.sqlite!;
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      fill(sqlite, 30_000); // ~7 MB: past SQLite's own 1,000-page threshold
      const stats = database.checkpointer!.stats;
      expect(await until(() => stats.runs > 1 && stats.lastLog > 1000 && stats.lastCheckpointed === stats.lastLog)).toBe(true);
      expect(stats.errors).toBe(0);
      // The next write restarts the WAL from its beginning: it does not keep growing.
      fill(sqlite, 10);
      expect(await until(() => stats.lastLog < 1000)).toBe(true);
    } finally {
      await database.close();
      await dropStorage(config);
    }
  });

  it('turns SQLite auto-checkpoint back on when the worker stops, and when it is disabled', async () => {
    const config = testConfig({ sqliteCheckpointMs: 50 });
    const database = openDatabase(config);
    const sqlite = database.sqlite!;
    await database.checkpointer!.stop();
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await database.close();
    const off = openDatabase({ ...config, sqliteCheckpointMs: 0 });
    expect(off.checkpointer).toBeUndefined();
    expect(off.sqlite!.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await off.close();
    expect(fs.existsSync(path.join(config.dataDir, config.sqliteFile))).toBe(true);
    await dropStorage(config);
  });

  it('does not cut short a script whose last await is closing the database', () => {
    const config = testConfig({ sqliteCheckpointMs: 50 });
    const script = `import { openDatabase } from './src/db/index.ts';
const d = openDatabase(${JSON.stringify({ ...config, routes: undefined })});
await d.close();
console.log('closed');`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: path.resolve(import.meta.dirname, '../..'), encoding: 'utf8' });
    expect(r.stdout.trim()).toBe('closed');
    expect(r.status).toBe(0);
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });
});
