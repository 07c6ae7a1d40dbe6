#!/usr/bin/env -S node --max-semi-space-size=64 --no-parallel-scavenge
// The young generation's size is a V8 start-up flag, so it is given here (and
// in package.json's `start` and `orbit` scripts): a 64 MB semi-space keeps the
// server's short-lived request objects from being promoted, which at tracking
// loads costs ~20 % of throughput (docs/decisions/0021-v8-flags.md).
// The `orbit` command: the server bundle that `npm ci` and `npm start` build
// (dist/server/bin/cli.js) when it is the build of the sources as they are
// now (its hash stamp), ~0.5 s faster a command; otherwise the TypeScript CLI
// through tsx's loader.
import { serverBuildFresh } from '../scripts/build-server.mjs';

if (serverBuildFresh()) {
  await import('../dist/server/bin/cli.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}
