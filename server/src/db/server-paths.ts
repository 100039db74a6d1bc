import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Where the server's files are, found from this code's own place, which is src/db (vitest, tsx),
// build/db (the compiler's output) or, in the bundle that runs (dist/, server/scripts/bundle.mjs),
// a chunk at dist/'s top: so by the nearest package.json above it, not by a fixed number of `..`.
// It sits in db, the lowest layer, because the seeds and the generated modules' migrations need it
// as much as core and the modules do.

const here = fileURLToPath(import.meta.url);

/** The server package's folder (server/). */
export const SERVER_ROOT = (function nearestPackage(dir: string): string {
  if (existsSync(path.join(dir, 'package.json'))) return dir;
  const parent = path.dirname(dir);
  if (parent === dir) throw new Error(`no package.json above ${here}`);
  return nearestPackage(parent);
})(path.dirname(here));

/** `.ts` from src (vitest, tsx), `.js` from dist: the server's own modules are loaded as this one is. */
export const MODULE_EXTENSION = path.extname(here);

/** The folder the server's modules are loaded from: server/src, or server/dist when built. */
export const CODE_ROOT = path.join(SERVER_ROOT, MODULE_EXTENSION === '.ts' ? 'src' : 'dist');
