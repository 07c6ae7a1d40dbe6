import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, ensureWebBuilt } from '../../../test/fixtures/browser.js';

/** `npm start` runs the web build first: with unchanged sources it must only compare a hash, never rebuild. */
describe('web build stamp', () => {
  it('skips the build when the sources hash matches the stamp', () => {
    ensureWebBuilt();
    const index = path.join(ROOT, 'web/dist/index.html');
    const embed = path.join(ROOT, 'packages/embed/dist/orbit-embed.js');
    const before = [fs.statSync(index).mtimeMs, fs.statSync(embed).mtimeMs];
    const out = execFileSync(process.execPath, [path.join(ROOT, 'web/build.mjs')], { cwd: ROOT, encoding: 'utf8' });
    expect(out).toBe('');
    expect([fs.statSync(index).mtimeMs, fs.statSync(embed).mtimeMs]).toEqual(before);
    const stamp = fs.readFileSync(path.join(ROOT, 'web/dist/.build-hash'), 'utf8');
    expect(stamp).toMatch(/^[0-9a-f]{64}$/);
  });
});
