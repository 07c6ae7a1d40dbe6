import fs from 'node:fs';
import type { Config } from './config.js';
import { ensureSchema, migrate, openDatabase, type Database } from './db/index.js';
import {
  checkMigrated,
  checkOpenDatabase,
  checkSqliteFileBeforeOpen,
  DATA_KEY_FINGERPRINT,
  ENCRYPTED_COLUMNS,
  forgetSealedValues,
  makeDatabaseFilesPrivate,
  migrationState,
  oneSealedValue,
  quickCheck,
  readMeta,
  resealValue,
  sealedValues,
  sqliteFileOf,
  StartupRefused,
  writeMeta,
} from './db/integrity.js';
import { hmacSha256 } from './lib/hash.js';
import {
  dataKeyFingerprint,
  decryptField,
  encryptField,
  readSecrets,
  writeDataKeyFile,
  type LoadedSecrets,
} from './lib/secrets.js';
import { parseKeyRing } from './lib/token.js';

/**
 * Opening the storage so that a server refuses to start wrong (issue 25):
 * a zero-length or damaged SQLite file, a database migrated by another
 * version, or a data key that does not match the one the database was written
 * with (a lost or replaced `secrets.json`, a wrong `ORBIT_DATA_KEY`) stops the
 * start with a message saying what to do. Also `orbit doctor` and the data-key
 * commands (`orbit data-key rotate|forget`).
 */

export const TOKEN_KEYS_FINGERPRINT = 'token_key_fingerprints';
const tokenKeyFingerprints = (spec: string): string[] =>
  [...parseKeyRing(spec).byId.entries()].map(
    ([id, key]) => `${id}:${hmacSha256(key, 'orbit token key fingerprint v1').subarray(0, 8).toString('hex')}`,
  );

const ROTATE_HINT =
  'To change the data key on purpose, start with the old key in place and run `orbit data-key rotate`. ' +
  'If the old key is lost for good, `orbit data-key forget --yes` clears what was sealed with it (advertiser contact emails, integration secrets, shop connections) and adopts the current key.';

/** Whether the data key (and the tracking-token keys) can read this database; records their fingerprints on first use. */
export async function checkKeys(database: Database, config: Config, loaded: LoadedSecrets, now: number): Promise<void> {
  const key = loaded.secrets.dataKey;
  const fp = dataKeyFingerprint(key);
  const stored = await readMeta(database.db, DATA_KEY_FINGERPRINT);
  const where = loaded.dataKeySource === 'env' ? 'ORBIT_DATA_KEY' : `${config.dataDir}/secrets.json`;
  if (stored !== null && stored !== fp) {
    throw new StartupRefused(
      loaded.dataKeySource === 'generated'
        ? `secrets.json is missing from ${config.dataDir}, but this database was written with a data key (fingerprint ${stored}) that is not here. ` +
            `Restore the original secrets.json (or set ORBIT_DATA_KEY to the original key); nothing was changed. ${ROTATE_HINT}`
        : `The data key in ${where} (fingerprint ${fp}) is not the one this database was written with (fingerprint ${stored}); nothing was changed. ${ROTATE_HINT}`,
    );
  }
  if (stored === null) {
    // A database from before fingerprints (0012): the key must open what is sealed in it, if anything is.
    const sealed = await oneSealedValue(database.db);
    if (sealed) {
      try {
        decryptField(key, sealed);
      } catch {
        throw new StartupRefused(
          `The data key in ${where} cannot decrypt what this database holds; nothing was changed. ${ROTATE_HINT}`,
        );
      }
    }
    await writeMeta(database.db, DATA_KEY_FINGERPRINT, fp, now);
  }
  // Tracking tokens: a ring sharing no key with the last one would refuse every ad already served.
  const tokens = tokenKeyFingerprints(loaded.secrets.tokenKeys);
  const seen = await readMeta(database.db, TOKEN_KEYS_FINGERPRINT);
  if (seen && !tokens.some((t) => seen.split(',').includes(t))) {
    throw new StartupRefused(
      `None of the tracking-token keys (${loaded.dataKeySource === 'generated' ? 'newly generated: secrets.json is missing' : 'ORBIT_TOKEN_KEYS or secrets.json'}) ` +
        `is one this database's served ads were signed with, so every outstanding impression and click URL would be refused. ` +
        `Restore the original secrets.json or ORBIT_TOKEN_KEYS; to rotate, add the new key first and keep the old one in the ring (id:key,…).`,
    );
  }
  if (seen !== tokens.join(',')) await writeMeta(database.db, TOKEN_KEYS_FINGERPRINT, tokens.join(','), now);
}

/**
 * Opens the configured storage for serving: checked before and after
 * migrating, the keys checked, the files made private. Secrets generated on a
 * first start are written only once the database accepted them.
 */
export async function openCheckedStorage(
  config: Config,
  now: number,
): Promise<{ database: Database; loaded: LoadedSecrets }> {
  checkSqliteFileBeforeOpen(config);
  await ensureSchema(config);
  let database: Database;
  try {
    database = openDatabase(config);
  } catch (err) {
    throw refusedOpen(config, err);
  }
  try {
    await checkOpenDatabase(database, config);
    await migrate(database);
    await checkMigrated(database);
    const loaded = readSecrets(config);
    await checkKeys(database, config, loaded, now);
    loaded.persist();
    makeDatabaseFilesPrivate(config);
    return { database, loaded };
  } catch (err) {
    await database.close().catch(() => undefined);
    if (err instanceof StartupRefused) throw err;
    throw refusedOpen(config, err);
  }
}

/** A database that SQLite cannot even read (not a database, damaged header) is refused with the same kind of message. */
function refusedOpen(config: Config, err: unknown): Error {
  const code = (err as { code?: string })?.code ?? '';
  if (!config.databaseUrl && /SQLITE_(NOTADB|CORRUPT|CANTOPEN|IOERR)/.test(code)) {
    return new StartupRefused(
      `The database ${sqliteFileOf(config)} cannot be read (${code}: ${(err as Error).message}). Refusing to start: restore it from a backup (\`orbit doctor\` for details).`,
    );
  }
  return err as Error;
}

// --- orbit doctor

export interface DoctorCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/** Every check a start runs, without changing anything (no migration, no secrets written): what is wrong and what to do. */
export async function doctor(config: Config): Promise<DoctorCheck[]> {
  const out: DoctorCheck[] = [];
  const add = (name: string, ok: boolean, detail: string) => out.push({ name, ok, detail });
  if (!config.databaseUrl) {
    const file = sqliteFileOf(config);
    try {
      checkSqliteFileBeforeOpen(config);
      add(
        'database file',
        true,
        fs.existsSync(file)
          ? `${file} (${fs.statSync(file).size} bytes)`
          : `${file} does not exist yet (a first start creates it)`,
      );
    } catch (err) {
      add('database file', false, (err as Error).message);
      return out;
    }
    for (const f of [file, `${file}-wal`, `${file}-shm`, `${config.dataDir}/secrets.json`]) {
      if (!fs.existsSync(f)) continue;
      const mode = fs.statSync(f).mode & 0o777;
      add(
        `permissions ${f}`,
        (mode & 0o077) === 0,
        `mode ${mode.toString(8)}${mode & 0o077 ? ' (readable by others: chmod 600)' : ''}`,
      );
    }
    if (!fs.existsSync(file)) return out;
  }
  let database: Database;
  try {
    await ensureSchema(config);
    database = openDatabase(config);
  } catch (err) {
    add('open', false, refusedOpen(config, err).message);
    return out;
  }
  try {
    if (database.sqlite) {
      try {
        const problems = quickCheck(database);
        add('PRAGMA quick_check', problems.length === 0, problems.length ? problems.slice(0, 10).join('; ') : 'ok');
      } catch (err) {
        add('PRAGMA quick_check', false, (err as Error).message);
      }
    }
    const m = await migrationState(database.db);
    add(
      'migrations',
      m.unknown.length === 0,
      `${m.applied.length} applied${m.pending.length ? `, ${m.pending.length} to apply at the next start (${m.pending.join(', ')})` : ''}${m.unknown.length ? `; unknown to this version: ${m.unknown.join(', ')}` : ''}`,
    );
    if (m.pending.length === 0) {
      try {
        await checkKeys(database, config, { ...readSecrets(config), persist: () => undefined }, Date.now());
        add('data and token keys', true, 'match this database');
      } catch (err) {
        add('data and token keys', false, (err as Error).message);
      }
    }
  } catch (err) {
    add('database', false, `${(err as { code?: string }).code ?? ''} ${(err as Error).message}`.trim());
  } finally {
    await database.close();
  }
  return out;
}

// --- orbit data-key rotate | forget

/**
 * Re-seal everything sealed with the current data key under a new one, in one
 * transaction, and record the new fingerprint; the new key is written to
 * secrets.json when the key lives there (else the operator sets
 * ORBIT_DATA_KEY on every instance). Keyed hashes (IP hashes) and the
 * attribution signatures of landing URLs already handed out are derived from
 * the key and cannot be carried over: those URLs' `grsig` stop verifying.
 */
export async function rotateDataKey(
  config: Config,
  newKey: Buffer,
  now: number,
): Promise<{ resealed: number; written: 'secrets.json' | 'env' }> {
  if (newKey.length !== 32) throw new Error('the new data key must be 32 bytes (base64)');
  const { database, loaded } = await openCheckedStorage(config, now);
  try {
    const oldKey = loaded.secrets.dataKey;
    let resealed = 0;
    await database.db.transaction().execute(async (trx) => {
      for (const c of ENCRYPTED_COLUMNS) {
        for (const v of await sealedValues(trx, c)) {
          await resealValue(trx, c, v.key, encryptField(newKey, decryptField(oldKey, v.value)));
          resealed++;
        }
      }
      await writeMeta(trx, DATA_KEY_FINGERPRINT, dataKeyFingerprint(newKey), now);
    });
    if (loaded.dataKeySource === 'env') return { resealed, written: 'env' };
    writeDataKeyFile(config, newKey);
    return { resealed, written: 'secrets.json' };
  } finally {
    await database.close();
  }
}

/** The old key is lost: clear what was sealed with it and adopt the current key (and token keys). */
export async function forgetDataKey(config: Config, now: number): Promise<Record<string, number>> {
  checkSqliteFileBeforeOpen(config);
  await ensureSchema(config);
  const database = openDatabase(config);
  try {
    await checkOpenDatabase(database, config);
    await migrate(database);
    const loaded = readSecrets(config);
    let cleared: Record<string, number> = {};
    await database.db.transaction().execute(async (trx) => {
      cleared = await forgetSealedValues(trx);
      await writeMeta(trx, DATA_KEY_FINGERPRINT, dataKeyFingerprint(loaded.secrets.dataKey), now);
      await writeMeta(trx, TOKEN_KEYS_FINGERPRINT, tokenKeyFingerprints(loaded.secrets.tokenKeys).join(','), now);
    });
    loaded.persist();
    return cleared;
  } finally {
    await database.close();
  }
}
