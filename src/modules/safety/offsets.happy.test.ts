import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { headOffset, parseOffsets, type CalibratedModels } from '../../../scripts/text-model-offsets.js';
import { LoadedModels, type Head, type TextModels } from './model.js';

/**
 * Record 0036 round 25: calibration offsets stored by the trainer (`--offsets m,i`) and added to each head's bias by
 * `LoadedModels` at load; without them every probability is what it was.
 */
const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Two heads over two features; `offsets` per head (absent: no `offset` field at all). */
function models(offsets: Partial<Record<'a' | 'informational', number>> = {}): LoadedModels {
  const heads: Record<string, Head> = {
    a: { bias: -1.5, weights: { 0: 2, 1: -0.5 }, threshold: 0.6 },
    informational: { bias: -0.3, weights: { 1: 1.2 }, threshold: 0.5 },
  };
  for (const [n, o] of Object.entries(offsets)) heads[n].offset = o;
  const m: TextModels = { version: 2, features: ['w:x', 'w:y'], heads };
  return new LoadedModels(m);
}
const texts = [[0], [1], [0, 1], []].map((idx) => [{ idx, weight: 1 }]);

describe('calibration offsets (weights.json Head.offset)', () => {
  it('absent, a head scores as its bias and weights alone', () => {
    const m = models();
    const [a, i] = m.probabilities(texts[2]);
    const v = 1 / Math.sqrt(2);
    expect(a).toBeCloseTo(sigmoid(-1.5 + 2 * v - 0.5 * v), 12);
    expect(i).toBeCloseTo(sigmoid(-0.3 + 1.2 * v), 12);
    for (const t of texts) expect([...models({ a: 0 }).probabilities(t)]).toEqual([...m.probabilities(t)]);
  });

  it("an offset moves its head's logit by exactly the offset, on every text, and no other head", () => {
    const base = models();
    const moved = models({ a: 0.37 });
    for (const t of texts) {
      const [a0, i0] = base.probabilities(t);
      const [a1, i1] = moved.probabilities(t);
      expect(logit(a1) - logit(a0)).toBeCloseTo(0.37, 9);
      expect(i1).toBe(i0);
    }
  });

  it('the margin scale m puts a sensitive head m times as far from its threshold; the intent head moves by i', () => {
    const head = { bias: -1.5, threshold: 0.6 };
    const o = parseOffsets('0.8,0.1')!;
    const a = headOffset('a', head, o);
    expect(logit(0.6) - (head.bias + a)).toBeCloseTo(0.8 * (logit(0.6) - head.bias), 3);
    expect(headOffset('informational', { bias: -0.3, threshold: 0.5 }, o)).toBe(0.1);
    expect(headOffset('a', head, { margin: 1, intent: 0.1 })).toBe(0);
    const [p] = models({ a }).probabilities(texts[3]);
    expect(logit(p)).toBeCloseTo(head.bias + a, 9);
  });

  it('parses --offsets: m 1, i 0 and none are no calibration; a malformed setting is refused', () => {
    expect(parseOffsets('0.95,0.1')).toEqual({ margin: 0.95, intent: 0.1 });
    expect(parseOffsets('1,0')).toBeNull();
    expect(parseOffsets('none')).toBeNull();
    for (const bad of ['0.9', '0.9,', 'a,b', '0,0.1', '0.9,0.1,2']) expect(() => parseOffsets(bad)).toThrow();
  });

  // Three trainer runs on the same corpus and settings, and no database: the postgres project leaves this file out
  // (test/backend-scope.ts). The offsets never reach the fit, so the first run's fits serve the other two
  // (scripts/text-model-fit-cache.ts: looked up by a hash of every input of the fit and of its code); each run still
  // goes through all of the trainer's settings, offsets and output code, and the first fits the corpus for real, so the
  // last comparison still fails when weights.json is not what the corpus trains to.
  it('the trainer stores them with --offsets, --check keeps them, --offsets none restores the same bytes', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const committed = path.join(root, 'src/modules/safety/weights.json');
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-offsets-'));
    const out = path.join(tmp, 'weights.json');
    const env = { ...process.env, ORBIT_TRAIN_FIT_CACHE: path.join(tmp, 'fits') };
    fs.copyFileSync(committed, out);
    // Asynchronous: a synchronous child blocks the worker's event loop for the whole fit (vitest's RPC then times out).
    const train = (...args: string[]) =>
      new Promise<number | null>((resolve) => {
        const argv = ['--import', 'tsx', 'scripts/train-text-models.ts', ...args, '--out', out];
        spawn(process.execPath, argv, { cwd: root, env, stdio: 'ignore' }).on('close', resolve);
      });
    expect(await train('--keep-settings', '--offsets', '0.9,0.2')).toBe(0);
    const m = JSON.parse(fs.readFileSync(out, 'utf8')) as CalibratedModels;
    expect(m.offsets).toEqual({ margin: 0.9, intent: 0.2 });
    expect(m.heads.informational.offset).toBe(0.2);
    for (const [n, h] of Object.entries(m.heads))
      if (n !== 'informational') expect(h.offset).toBe(headOffset(n, h, m.offsets!));
    expect(await train('--check')).toBe(0);
    expect(await train('--keep-settings', '--offsets', 'none')).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toBe(fs.readFileSync(committed, 'utf8'));
    expect(fs.readdirSync(env.ORBIT_TRAIN_FIT_CACHE)).toHaveLength(Object.keys(m.heads).length); // one fit a head
  });
});
