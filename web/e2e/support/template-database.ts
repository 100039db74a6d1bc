import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, TEMPLATE_DATABASE_VARIABLE } from './server.js';

/**
 * vitest globalSetup of the browser tests: the built server migrates and seeds one SQLite file and
 * stops (closing the database folds its write-ahead log into the file); every server of the run
 * then starts from a copy of it (server.ts). Removed at the end of the run.
 */
export default async function makeTemplateDatabase(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'console-e2e-template-'));
  const file = join(folder, 'template.db');
  const server = await startServer({ env: { DATABASE_URL: `sqlite:${file}` } });
  await server.stop();
  if (existsSync(`${file}-wal`))
    throw new Error(
      'the server that made the template database did not close it (its write-ahead log is left)',
    );
  process.env[TEMPLATE_DATABASE_VARIABLE] = file;
  return async () => {
    delete process.env[TEMPLATE_DATABASE_VARIABLE];
    await rm(folder, { recursive: true, force: true });
  };
}
