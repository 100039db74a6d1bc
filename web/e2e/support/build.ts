import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './server.js';

/**
 * Builds the console into web/<outDir> with build-time settings for a test (VITE_* variables), e.g.
 * a short token refresh time. Answers the output directory relative to the repository.
 */
export async function buildConsole(outDir: string, env: Record<string, string>): Promise<string> {
  const vite = join(repoRoot, 'node_modules/vite/bin/vite.js');
  const child = spawn(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: join(repoRoot, 'web'),
      // vitest sets NODE_ENV=test, which would make Vite produce a development bundle (React's
      // development build, antd's test ids): the tests must see what users get.
      env: { ...process.env, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`vite build into web/${outDir} failed (${code}):\n${output}`);
  return `web/${outDir}`;
}
