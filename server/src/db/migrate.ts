import { Migrator } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { kindOf } from './column-types.js';
import { migrationProvider } from './migrations/index.js';
import { generatedModules } from '../core/generated-modules.js';
import { migrateGenerated } from './generated-migrations.js';

/**
 * Brings the schema up to date; safe to call from several processes. PostgreSQL and MySQL lock
 * (Kysely takes a lock there); SQLite has no lock between processes: a process that lost the race
 * fails on a table the other has made and, trying again, finds the migrations done (withRetries).
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const core = await withRetries(db, async () => {
    const migrator = new Migrator({ db, provider: migrationProvider });
    const { error, results } = await migrator.migrateToLatest();
    return {
      error,
      names: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName),
    };
  });
  // Then the generated modules' own sequence (db/generated-migrations.ts).
  const migrations = Object.assign({}, ...(await generatedModules()).map((module) => module.migrations));
  const generated = await withRetries(db, () =>
    migrateGenerated(db as unknown as Kysely<unknown>, migrations),
  );
  return [...core, ...generated];
}

async function withRetries(
  db: Kysely<Database>,
  run: () => Promise<{ error?: unknown; names: string[] }>,
): Promise<string[]> {
  // SQLite: DDL is not transactional in Kysely's SQLite adapter, so a process can meet a migration the
  // other one has applied but not yet recorded; it tries again until the other has finished (a
  // loaded machine's whole sequence takes seconds: up to about 9 s of waiting here).
  const attempts = kindOf(db as unknown as Kysely<unknown>) === 'sqlite' ? 20 : 1;
  for (let attempt = 1; ; attempt++) {
    const { error, names } = await run();
    if (!error) return names;
    if (attempt >= attempts) throw error instanceof Error ? error : new Error(String(error));
    await new Promise((resolve) => setTimeout(resolve, Math.min(100 * attempt, 500)));
  }
}
