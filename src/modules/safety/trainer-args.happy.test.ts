import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const train = (args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/train-text-models.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });

// Record 0050 round 8: `--help` ran the full search and overwrote the weights (and their stored thresholds, which a
// following `--keep-settings` then kept). The trainer now refuses any argument it does not know before training.
describe('scripts/train-text-models.ts arguments', () => {
  it('prints its usage on --help and trains nothing', () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-train-')), 'weights.json');
    const r = train(['--help', '--out', out]);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('usage:');
    expect(fs.existsSync(out)).toBe(false);
  });

  it('refuses an unknown argument', () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-train-')), 'weights.json');
    const r = train(['--keep-setting', '--out', out]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown argument --keep-setting');
    expect(fs.existsSync(out)).toBe(false);
  });
});
