import { createHash, createHmac, hash, timingSafeEqual } from 'node:crypto';

/** One-shot SHA-256 (`crypto.hash`, Node ≥ 20.12: no Hash object per call). */
export const sha256Hex = (s: string | Uint8Array): string => hash('sha256', s, 'hex');

export const hmacSha256 = (key: string | Uint8Array, data: string | Uint8Array): Buffer =>
  createHmac('sha256', key).update(data).digest();

/** Constant-time comparison of two strings of any length (compares digests). */
export function safeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}
