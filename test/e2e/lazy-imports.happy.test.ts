import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKEND, dropStorage, testConfig } from '../helpers.js';
import { spawnServe } from '../fixtures/hot-paths.js';

/**
 * A default start (embedded SQLite, no Redis, no LLM endpoint) never imports
 * the packages only other configurations or later requests need — they were
 * about half of the dependency imports of `npm start` (src/lib/lazy.ts,
 * src/lib/mcp.ts; docs/decisions/0009). The spawned `orbit serve`
 * records every module it loads (record-imports.mjs) until it exits.
 */
const LAZY = ['pg', 'ioredis', 'openai', 'stripe', '@modelcontextprotocol/sdk'];

function packagesIn(paths: string[]): Set<string> {
  const out = new Set<string>();
  for (const p of paths) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(p);
    if (m) out.add(m[1]);
  }
  return out;
}

describe.skipIf(BACKEND !== 'sqlite')('what a default start imports', () => {
  it('serves without loading pg, ioredis, openai, stripe or the MCP SDK', async () => {
    const recordDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-imports-'));
    const record = path.join(recordDir, 'modules.txt');
    const hook = path.resolve('test/fixtures/record-imports.mjs');
    const config = testConfig();
    let lines: string[];
    try {
      const server = await spawnServe(config, { NODE_OPTIONS: `--import=${hook}`, ORBIT_TEST_IMPORTS_FILE: record });
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      expect((await fetch(`${server.url}/docs/json`)).status).toBe(200);
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
      lines = fs.readFileSync(record, 'utf8').split('\n');
    } finally {
      fs.rmSync(recordDir, { recursive: true, force: true });
      await dropStorage(config);
    }
    const loaded = packagesIn(lines);
    // The recorder sees the packages a start does need (ESM and CommonJS alike)…
    for (const needed of ['fastify', 'kysely', 'better-sqlite3', 'zod']) expect(loaded).toContain(needed);
    // …and none of these.
    expect(LAZY.filter((p) => loaded.has(p))).toEqual([]);
  });
});
