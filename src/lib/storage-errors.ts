/**
 * Which errors are the storage failing (a full disk, an I/O error, a lock held
 * too long, a damaged file, a database or Redis server that cannot be
 * reached) rather than a bug: those are answered 503 with `Retry-After`
 * everywhere (http/errors.ts), counted, and shown by `/health`.
 */

/** SQLite result codes (better-sqlite3 puts the extended code name in `err.code`). */
const SQLITE_PREFIXES = [
  'SQLITE_FULL',
  'SQLITE_IOERR',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_CORRUPT',
  'SQLITE_NOTADB',
  'SQLITE_READONLY',
  'SQLITE_CANTOPEN',
  'SQLITE_PROTOCOL',
  'SQLITE_NOLFS',
];

/** PostgreSQL SQLSTATE classes: 08 connection, 53 insufficient resources (53100 disk full), 57 operator intervention, 58 system error, XX internal (XX001 data corrupted). */
const PG_CLASSES = ['08', '53', '57', '58', 'XX'];

/** Node's network errors, as the PostgreSQL pool or Redis report them. */
const NET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOSPC',
  'EIO',
  'EROFS',
]);

const STORAGE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Connection is closed|Reached the max retries per request|database disk image is malformed|disk is full|journal writer thread exited|Client has encountered a connection error/i;

export function isStorageFailure(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; name?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (code) {
    if (SQLITE_PREFIXES.some((p) => code.startsWith(p))) return true;
    if (NET_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && PG_CLASSES.includes(code.slice(0, 2))) return true;
  }
  if (e.name === 'MaxRetriesPerRequestError') return true;
  return typeof e.message === 'string' && STORAGE_MESSAGES.test(e.message);
}

/** Seconds a client should wait before retrying after a 503. */
export const RETRY_AFTER_SECONDS = 1;
