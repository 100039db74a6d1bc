import { execFileSync } from 'node:child_process';
import { ROOT } from './server-process.js';

/**
 * vitest globalSetup of the integration project: the process tests spawn the built server
 * (server/dist, what `npm start` runs), so it is built first, as `npm run build -w server` does: by
 * the project's compiler (docs/decisions/0025-typescript-7-compiler.md), then bundled
 * (docs/decisions/0026-bundled-server.md). tsc -b is incremental: after `npm run typecheck` (which
 * builds the same projects) it takes a second, and an unchanged bundle is left as it is.
 */
export default function buildServer(): void {
  const run = (args: string[]) => execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  run(['node_modules/typescript-native/bin/tsc', '-b', 'packages/contract', 'server']);
  run(['server/scripts/bundle.mjs']);
}
