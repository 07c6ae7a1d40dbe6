import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const sha256Hex = (s: string | Uint8Array): string => createHash('sha256').update(s).digest('hex');

export const hmacSha256 = (key: string | Uint8Array, data: string | Uint8Array): Buffer =>
  createHmac('sha256', key).update(data).digest();

/** Constant-time comparison of two strings of any length (compares digests). */
export function safeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}
