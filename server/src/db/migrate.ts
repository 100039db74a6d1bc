import { Migrator } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { migrationProvider } from './migrations/index.js';

/** Brings the schema up to date; safe to call from several processes (Kysely locks). */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
