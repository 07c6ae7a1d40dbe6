/* global process */
// Loaded with `--import` into a spawned server (test/foundation/lazy-imports.happy.test.ts):
// records every module the process loads — ESM imports through a resolve hook, CommonJS
// requires from the require cache — and writes their paths to ORBIT_TEST_IMPORTS_FILE at exit.
import fs from 'node:fs';
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const { port1, port2 } = new MessageChannel();
const seen = new Set();
port1.on('message', (url) => seen.add(url));
port1.unref();
register('./record-imports-hooks.mjs', { parentURL: import.meta.url, data: { port: port2 }, transferList: [port2] });
const cache = createRequire(import.meta.url).cache;
process.on('exit', () => {
  fs.writeFileSync(process.env.ORBIT_TEST_IMPORTS_FILE, [...seen, ...Object.keys(cache)].join('\n'));
});
