import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import { randomBase62 } from './ids.js';
import { hmacSha256 } from './hash.js';
import { generateKeyRingSpec } from './token.js';

/**
 * Process secrets: from configuration when given, otherwise generated once
 * into `<dataDir>/secrets.json` (mode 0600). Several instances sharing one
 * database must be given the same values through the environment.
 */
export interface Secrets {
  adminToken: string;
  tokenKeys: string;
  /** 32-byte key for encrypting personal data at rest and keyed hashes (IPs, grsig). */
  dataKey: Buffer;
}

interface SecretsFile {
  adminToken?: string;
  tokenKeys?: string;
  dataKey?: string;
}

/** Where the data key came from: the environment, `secrets.json`, or generated now (a first start, or a lost file). */
export type DataKeySource = 'env' | 'file' | 'generated';

export interface LoadedSecrets {
  secrets: Secrets;
  dataKeySource: DataKeySource;
  /** Writes `secrets.json` when something was generated; call it only once the database accepted the data key (server.ts). */
  persist(): void;
}

/**
 * Read the process secrets: configuration first, then `<dataDir>/secrets.json`;
 * anything missing is generated — but written to the file only by `persist`,
 * after the database has accepted the data key (a lost `secrets.json` must not
 * be silently replaced by new keys the data cannot be read with).
 */
export function readSecrets(config: Config, env: NodeJS.ProcessEnv = process.env): LoadedSecrets {
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: SecretsFile = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as SecretsFile;
  const next: SecretsFile = {
    adminToken: stored.adminToken ?? `orb_admin_${randomBase62(40)}`,
    tokenKeys: stored.tokenKeys ?? generateKeyRingSpec(1),
    dataKey: stored.dataKey ?? randomBytes(32).toString('base64'),
  };
  const changed = JSON.stringify(next) !== JSON.stringify(stored);
  const dataKeyB64 = env.ORBIT_DATA_KEY ?? next.dataKey!;
  const dataKey = Buffer.from(dataKeyB64, 'base64');
  if (dataKey.length !== 32) throw new Error('ORBIT_DATA_KEY must be 32 bytes, base64');
  return {
    secrets: {
      adminToken: config.adminToken ?? next.adminToken!,
      tokenKeys: config.tokenKeys ?? next.tokenKeys!,
      dataKey,
    },
    dataKeySource: env.ORBIT_DATA_KEY ? 'env' : stored.dataKey ? 'file' : 'generated',
    persist() {
      if (!changed) return;
      fs.mkdirSync(config.dataDir, { recursive: true });
      fs.writeFileSync(file, JSON.stringify(next, null, 2), { mode: 0o600 });
    },
  };
}

/** Read and persist at once (tools that do not check the database first). */
export function loadSecrets(config: Config, env: NodeJS.ProcessEnv = process.env): Secrets {
  const loaded = readSecrets(config, env);
  loaded.persist();
  return loaded.secrets;
}

/** Replace the data key kept in `secrets.json` (a rotation; the other secrets stay). */
export function writeDataKeyFile(config: Config, dataKey: Buffer): void {
  const file = path.join(config.dataDir, 'secrets.json');
  const stored = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as SecretsFile) : {};
  fs.writeFileSync(file, JSON.stringify({ ...stored, dataKey: dataKey.toString('base64') }, null, 2), { mode: 0o600 });
}

/** A fingerprint of the data key (an HMAC of a fixed label: it reveals nothing of the key), kept in the database. */
export function dataKeyFingerprint(key: Buffer): string {
  return hmacSha256(key, 'orbit data key fingerprint v1').subarray(0, 16).toString('hex');
}

/** AES-256-GCM for personal data that must be shown back to its owner (e.g. an advertiser's contact email). */
export function encryptField(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([c.update(plaintext, 'utf8'), c.final()]);
  return Buffer.concat([iv, ct, c.getAuthTag()]).toString('base64url');
}

export function decryptField(key: Buffer, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([d.update(raw.subarray(12, raw.length - 16)), d.final()]).toString('utf8');
}

/** Keyed hash for values kept only for matching (IPs): not reversible without the key, not a rainbow-table target. */
export function keyedHash(key: Buffer, purpose: string, value: string): string {
  return hmacSha256(key, `${purpose}\u0000${value}`).subarray(0, 16).toString('base64url');
}
