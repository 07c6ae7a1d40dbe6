import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './index.js';

/** Kysely's SQLite connection gets cached statements (src/db/index.ts). */
describe('SQLite statement cache', () => {
  const open = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-stc-'));
    const sqlite = new BetterSqlite3(path.join(dir, 'db.sqlite'));
    sqlite.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    sqlite.prepare('INSERT INTO t (v) VALUES (?), (?), (?)').run('a', 'b', 'c');
    return { sqlite, done: () => (sqlite.close(), fs.rmSync(dir, { recursive: true, force: true })) };
  };

  it('reuses a statement per SQL text, keeps results right, and survives a schema change', () => {
    const { sqlite, done } = open();
    const db = withStatementCache(sqlite);
    const q = 'SELECT v FROM t WHERE id = ?';
    const s1 = db.prepare(q);
    expect(db.prepare(q)).toBe(s1);
    expect(s1.get(2)).toEqual({ v: 'b' });
    expect(db.prepare(q).get(3)).toEqual({ v: 'c' });
    sqlite.exec('ALTER TABLE t ADD COLUMN w TEXT');
    expect(db.prepare(q).get(1)).toEqual({ v: 'a' });
    done();
  });

  it('gives a fresh statement while the cached one is busy iterating', () => {
    const { sqlite, done } = open();
    const db = withStatementCache(sqlite);
    const q = 'SELECT v FROM t ORDER BY id';
    const it1 = db.prepare(q).iterate() as IterableIterator<{ v: string }>;
    expect(it1.next().value).toEqual({ v: 'a' });
    const other = db.prepare(q);
    expect(other.all()).toHaveLength(3);
    expect(it1.next().value).toEqual({ v: 'b' });
    it1.return?.();
    done();
  });

  it('drops the least recently used statement past its size', () => {
    const { sqlite, done } = open();
    const db = withStatementCache(sqlite, 2);
    const a = db.prepare('SELECT 1');
    const b = db.prepare('SELECT 2');
    expect(db.prepare('SELECT 1')).toBe(a); // a is now the most recent
    db.prepare('SELECT 3'); // evicts b
    expect(db.prepare('SELECT 1')).toBe(a);
    expect(db.prepare('SELECT 2')).not.toBe(b);
    done();
  });
});
