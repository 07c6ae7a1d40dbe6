import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Config } from './config.js';
import { closeContext, createContext } from './server.js';
import * as accounts from './modules/accounts/service.js';
import { advertiserInfo } from './modules/reporting/advertiser.js';
import { BACKEND, dropStorage, seedWorld, startTestServer, testConfig } from '../test/helpers.js';

/**
 * State that refuses to start wrong (issue 25): a lost or replaced
 * secrets.json, a wrong ORBIT_DATA_KEY, a zero-length or half-truncated
 * database are refused at start with a message saying what to do (the probe:
 * each of them started, and then answered 400 or 500 forever, or served an
 * empty database). The key can be rotated on purpose, or forgotten when lost.
 */
function orbit(
  config: Config,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string }> {
  const childEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ORBIT_DATA_DIR: config.dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
    ...(config.databaseSchema ? { DATABASE_SCHEMA: config.databaseSchema } : {}),
    ...env,
  };
  return new Promise((resolve) => {
    // The child's limit is under the test's (vitest.config.ts): a hung child fails its test with its output.
    execFile(
      process.execPath,
      ['bin/orbit.js', ...args],
      { env: childEnv, timeout: 170_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` });
      },
    );
  });
}

/** A data directory with an advertiser whose contact email is sealed with the data key. */
async function seeded(): Promise<{ config: Config; advertiserId: string }> {
  const config = testConfig();
  const ctx = await createContext(config);
  const adv = await accounts.createAdvertiser(ctx, { name: 'Sealed Co', email: 'ops@sealed.example' });
  await closeContext(ctx);
  return { config, advertiserId: adv.advertiser.id };
}

const secretsFile = (config: Config) => path.join(config.dataDir, 'secrets.json');

describe('the data key: a server refuses to start with a key the database was not written with', () => {
  it('secrets.json deleted: the start is refused with what to do, and no new secrets are written', async () => {
    const { config, advertiserId } = await seeded();
    try {
      const saved = fs.readFileSync(secretsFile(config), 'utf8');
      fs.rmSync(secretsFile(config));
      await expect(createContext(config)).rejects.toThrow(
        /secrets\.json is missing .* Restore the original secrets\.json/,
      );
      expect(fs.existsSync(secretsFile(config))).toBe(false);
      // Restored: it starts, and what was sealed reads back.
      fs.writeFileSync(secretsFile(config), saved, { mode: 0o600 });
      const ctx = await createContext(config);
      expect((await advertiserInfo(ctx, advertiserId)).email).toBe('ops@sealed.example');
      await closeContext(ctx);
    } finally {
      await dropStorage(config);
    }
  });

  it('a wrong ORBIT_DATA_KEY: `orbit serve` exits 1 with a clear message naming the rotation command', async () => {
    const { config } = await seeded();
    try {
      const r = await orbit(config, ['serve'], { ORBIT_DATA_KEY: randomBytes(32).toString('base64') });
      expect(r.code).toBe(1);
      expect(r.out).toContain('The data key in ORBIT_DATA_KEY');
      expect(r.out).toContain('orbit data-key rotate');
    } finally {
      await dropStorage(config);
    }
  });

  it('`orbit data-key rotate` re-seals everything under a new key; `orbit data-key forget --yes` recovers from a lost key', async () => {
    const { config, advertiserId } = await seeded();
    try {
      const before = JSON.parse(fs.readFileSync(secretsFile(config), 'utf8')) as { dataKey: string };
      const rotated = await orbit(config, ['data-key', 'rotate']);
      expect(rotated.code, rotated.out).toBe(0);
      expect(rotated.out).toContain('re-sealed 1 value(s)');
      const after = JSON.parse(fs.readFileSync(secretsFile(config), 'utf8')) as { dataKey: string };
      expect(after.dataKey).not.toBe(before.dataKey);
      let ctx = await createContext(config);
      expect((await advertiserInfo(ctx, advertiserId)).email).toBe('ops@sealed.example');
      await closeContext(ctx);
      // The key is lost for good: forgetting it clears what it sealed, and the server starts.
      fs.rmSync(secretsFile(config));
      await expect(createContext(config)).rejects.toThrow(/secrets\.json is missing/);
      const forgot = await orbit(config, ['data-key', 'forget', '--yes']);
      expect(forgot.code, forgot.out).toBe(0);
      ctx = await createContext(config);
      expect((await advertiserInfo(ctx, advertiserId)).email).toBeNull();
      await closeContext(ctx);
    } finally {
      await dropStorage(config);
    }
  });
});

describe.skipIf(BACKEND !== 'sqlite')(
  'a damaged or empty SQLite database is refused, and its files are private',
  () => {
    it('a zero-length database file is refused, not started empty', async () => {
      const { config } = await seeded();
      try {
        const file = path.join(config.dataDir, config.sqliteFile);
        for (const f of [`${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
        fs.truncateSync(file, 0);
        await expect(createContext(config)).rejects.toThrow(/is empty \(0 bytes\)/);
        expect(fs.statSync(file).size).toBe(0); // untouched
      } finally {
        await dropStorage(config);
      }
    });

    it('a half-truncated database is refused at start and by `orbit doctor`', async () => {
      const config = testConfig();
      try {
        const ctx = await createContext(config);
        await seedWorld(ctx);
        for (let i = 0; i < 300; i++)
          await accounts.createAdvertiser(ctx, { name: `Filler ${i}`, email: `f${i}@filler.example` });
        await closeContext(ctx);
        const file = path.join(config.dataDir, config.sqliteFile);
        for (const f of [`${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
        fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2));
        await expect(createContext(config)).rejects.toThrow(/damaged|cannot be read/);
        const doc = await orbit(config, ['doctor']);
        expect(doc.code).toBe(1);
        expect(doc.out).toMatch(/FAIL {2}(PRAGMA quick_check|open|database)/);
      } finally {
        await dropStorage(config);
      }
    });

    it('database files and secrets.json are readable by their owner only; `orbit doctor` finds nothing wrong', async () => {
      const s = await startTestServer();
      try {
        await seedWorld(s.ctx); // writes: the WAL and its index exist
        const file = path.join(s.config.dataDir, s.config.sqliteFile);
        for (const f of [file, `${file}-wal`, `${file}-shm`, secretsFile(s.config)]) {
          if (fs.existsSync(f)) expect((fs.statSync(f).mode & 0o777).toString(8), f).toBe('600');
        }
        expect((fs.statSync(s.config.dataDir).mode & 0o777).toString(8)).toBe('700');
        const doc = await orbit(s.config, ['doctor']);
        expect(doc.code, doc.out).toBe(0);
        expect(doc.out).toContain('ok    PRAGMA quick_check: ok');
      } finally {
        await s.stop();
      }
    });
  },
);
