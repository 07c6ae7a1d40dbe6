import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CODE = /\.(ts|tsx|mjs|js)$/;
const SKIP = new Set(['node_modules', 'dist', 'data']);

function* codeFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* codeFiles(p);
    else if (CODE.test(entry.name)) yield p;
  }
}

describe('the tree (issue 26)', () => {
  it('has no code file over 500 lines', () => {
    const roots = ['src', 'test', 'bench', 'scripts', 'web/src', 'packages'].map((d) => path.join(ROOT, d));
    const over: string[] = [];
    let seen = 0;
    for (const root of roots) {
      for (const file of codeFiles(root)) {
        seen += 1;
        const lines = fs.readFileSync(file, 'utf8').split('\n').length - 1;
        if (lines > 500) over.push(`${path.relative(ROOT, file)}: ${lines}`);
      }
    }
    expect(seen).toBeGreaterThan(300);
    expect(over).toEqual([]);
  });
});
