import { execFileSync } from 'node:child_process';
import { ROOT } from './server-process.js';

/**
 * vitest globalSetup of the integration project: the process tests spawn the built server
 * (server/dist, what `npm start` runs), so it is built first, by the project's compiler
 * (docs/decisions/0025-typescript-7-compiler.md). tsc -b is incremental: after `npm run typecheck`
 * (which builds the same projects) this takes a second.
 */
export default function buildServer(): void {
  execFileSync(
    process.execPath,
    ['node_modules/typescript-native/bin/tsc', '-b', 'packages/contract', 'server'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
}
