import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './index.js';
import { BACKSTOP_CHECKPOINT_PAGES, checkpointDelay, RESTART_BACKOFF_MS, startCheckpointer } from './checkpointer.js';
import { BACKEND, dropStorage, testConfig, waitFor } from '../../test/helpers.js';

/**
 * SQLite WAL checkpoints run in a worker thread (src/db/checkpointer.ts), not
 * inside the commits of the event loop, while the journal writes: the serving
 * connection checkpoints by itself only at a backstop the WAL does not reach
 * then, the worker keeps the WAL copied into the database, and when it stops
 * (idle, closed, or dead) SQLite's own auto-checkpoint comes back; a worker
 * that died is not started again before a back-off.
 */
describe.runIf(BACKEND === 'sqlite')('WAL checkpointer', () => {
  const fill = (sqlite: import('better-sqlite3').Database, rows: number) => {
    sqlite.exec('CREATE TABLE IF NOT EXISTS filler (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
    const ins = sqlite.prepare('INSERT INTO filler (v) VALUES (?)');
    sqlite.transaction(() => {
      for (let i = 0; i < rows; i++) ins.run('x'.repeat(200));
    })();
  };
  // A condition, with a deadline generous enough for a busy 2-core machine (a worker thread can take seconds to start).
  const until = async (ok: () => boolean) =>
    waitFor(ok, 'the checkpointer').then(
      () => true,
      () => ok(),
    );
  const autocheckpoint = (sqlite: import('better-sqlite3').Database) =>
    sqlite.pragma('wal_autocheckpoint', { simple: true });

  it('starts with the journal writing and keeps the WAL checkpointed from its own thread', async () => {
    const config = testConfig({ sqliteCheckpointMs: 50 });
    const database = openDatabase(config);
    try {
      const sqlite = database.sqlite!;
      const ck = database.checkpointer!;
      expect(ck.running).toBe(false);
      expect(autocheckpoint(sqlite)).toBe(1000);
      ck.active(); // what every journal commit does
      expect(ck.running).toBe(true);
      expect(autocheckpoint(sqlite)).toBe(BACKSTOP_CHECKPOINT_PAGES);
      fill(sqlite, 30_000); // ~7 MB: past SQLite's own 1,000-page threshold
      expect(
        await until(
          () => ck.stats.runs > 1 && ck.stats.lastLog > 1000 && ck.stats.lastCheckpointed === ck.stats.lastLog,
        ),
      ).toBe(true);
      expect(ck.stats.errors).toBe(0);
      // The next write restarts the WAL from its beginning: it does not keep growing.
      fill(sqlite, 10);
      expect(await until(() => ck.stats.lastLog < 1000)).toBe(true);
    } finally {
      await database.close();
      await dropStorage(config);
    }
  });

  it('is started by the journal of a running server', async () => {
    const { startTestServer, seedWorld, requestAd } = await import('../../test/helpers.js');
    const s = await startTestServer({ sqliteCheckpointMs: 50 });
    try {
      const w = await seedWorld(s.ctx);
      expect((await requestAd(s.url, w.publisherKey)).status).toBe(200);
      await s.ctx.journal.settle(); // the request's record commits after its answer
      // Started once by that commit. (Whether it still runs depends on the machine: it stops after 30 s idle.)
      expect(s.ctx.database.checkpointer!.stats.starts).toBe(1);
    } finally {
      await s.stop();
    }
  });

  it('stops when the journal is idle, and hands checkpoints back to SQLite', async () => {
    const config = testConfig({ sqliteCheckpointMs: 0 });
    const database = openDatabase(config);
    const sqlite = database.sqlite!;
    expect(database.checkpointer).toBeUndefined();
    const ck = startCheckpointer(sqlite, path.join(config.dataDir, config.sqliteFile), { intervalMs: 20, idleMs: 200 });
    try {
      ck.active();
      expect(autocheckpoint(sqlite)).toBe(BACKSTOP_CHECKPOINT_PAGES);
      expect(await until(() => !ck.running)).toBe(true);
      expect(autocheckpoint(sqlite)).toBe(1000);
      ck.active(); // and comes back with the next commit
      expect(ck.running).toBe(true);
      expect(ck.stats.starts).toBe(2);
      await ck.stop();
      expect(ck.running).toBe(false);
      expect(autocheckpoint(sqlite)).toBe(1000);
      ck.active(); // never again once stopped
      expect(ck.running).toBe(false);
    } finally {
      await ck.stop();
      await database.close();
      await dropStorage(config);
    }
  });

  it('hands checkpoints back to SQLite when the worker dies, and starts it again only after a back-off', async () => {
    const config = testConfig({ sqliteCheckpointMs: 0 });
    const database = openDatabase(config);
    const sqlite = database.sqlite!;
    // A worker that cannot open its database dies at once, as often as it is started.
    const ck = startCheckpointer(sqlite, path.join(config.dataDir, 'no-such-dir', 'orbit.sqlite'), {
      intervalMs: 20,
      idleMs: 60_000,
    });
    try {
      const firstStart = Date.now();
      ck.active();
      expect(ck.stats.starts).toBe(1);
      expect(await until(() => ck.stats.deaths === 1)).toBe(true);
      expect(ck.running).toBe(false);
      expect(autocheckpoint(sqlite)).toBe(1000);
      // Every commit calls active(): within the back-off none starts the worker again.
      while (Date.now() - firstStart < RESTART_BACKOFF_MS / 2) {
        ck.active();
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(ck.stats.starts).toBe(1);
      // After it, the next commit does.
      await new Promise((r) => setTimeout(r, RESTART_BACKOFF_MS));
      ck.active();
      expect(ck.stats.starts).toBe(2);
      expect(await until(() => ck.stats.deaths === 2)).toBe(true);
      expect(autocheckpoint(sqlite)).toBe(1000);
    } finally {
      await ck.stop();
      await database.close();
      await dropStorage(config);
    }
  });

  it('does not cut short a script whose last await is closing the database', () => {
    const config = testConfig({ sqliteCheckpointMs: 50 });
    const script = `import { openDatabase } from './src/db/index.ts';
const d = openDatabase(${JSON.stringify({ ...config, routes: undefined })});
d.checkpointer.active();
await d.close();
console.log('closed');`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
    });
    expect(r.stdout.trim()).toBe('closed');
    expect(r.status).toBe(0);
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('paces itself by the rate the WAL grows: ~180 frames a run, within its shortest and longest interval', () => {
    // 15k impressions/s write ~18 frames/ms: a run every 10 ms (the shortest); half that rate: every 20 ms.
    expect(checkpointDelay(180, 10, 10, 250, 180)).toBe(10);
    expect(checkpointDelay(1800, 10, 10, 250, 180)).toBe(10);
    expect(checkpointDelay(90, 10, 10, 250, 180)).toBe(20);
    // A trickle: the longest; nothing written (or a WAL that restarted empty): the longest.
    expect(checkpointDelay(2, 250, 10, 250, 180)).toBe(250);
    expect(checkpointDelay(0, 10, 10, 250, 180)).toBe(250);
    // A clock that did not move counts as 1 ms.
    expect(checkpointDelay(18, 0, 10, 250, 180)).toBe(10);
  });
});
