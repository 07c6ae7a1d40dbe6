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

export function loadSecrets(config: Config, env: NodeJS.ProcessEnv = process.env): Secrets {
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: SecretsFile = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as SecretsFile;
  const next: SecretsFile = {
    adminToken: stored.adminToken ?? `orb_admin_${randomBase62(40)}`,
    tokenKeys: stored.tokenKeys ?? generateKeyRingSpec(1),
    dataKey: stored.dataKey ?? randomBytes(32).toString('base64'),
  };
  if (JSON.stringify(next) !== JSON.stringify(stored)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(next, null, 2), { mode: 0o600 });
  }
  const dataKeyB64 = env.ORBIT_DATA_KEY ?? next.dataKey!;
  const dataKey = Buffer.from(dataKeyB64, 'base64');
  if (dataKey.length !== 32) throw new Error('ORBIT_DATA_KEY must be 32 bytes, base64');
  return {
    adminToken: config.adminToken ?? next.adminToken!,
    tokenKeys: config.tokenKeys ?? next.tokenKeys!,
    dataKey,
  };
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
