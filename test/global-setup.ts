import { execFileSync } from 'node:child_process';

/**
 * Once per run, before any test: the server bundle `bin/orbit.js` runs when it is the build of the
 * sources as they are (scripts/build-server.mjs, a hash check — nothing to do after `npm ci`).
 * Without it, every `orbit` command a test spawns (CLI, catalog, durability, state tests) compiles
 * src/ through tsx again: measured 19–28 s a command instead of 9–14 s on a 2-core machine at load ~25.
 */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
