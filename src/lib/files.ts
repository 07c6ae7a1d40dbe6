import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A file shipped with the repository (`catalog/…`): found upwards from the
 * calling module (sources or a bundle), else from the working directory.
 */
export function shippedFile(moduleUrl: string, ...parts: string[]): string {
  let dir = path.dirname(fileURLToPath(moduleUrl));
  for (let i = 0; i < 6; i++) {
    const f = path.join(dir, ...parts);
    if (fs.existsSync(f)) return f;
    dir = path.dirname(dir);
  }
  return path.resolve(...parts);
}
