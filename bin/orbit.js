#!/usr/bin/env node
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
