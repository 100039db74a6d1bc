import { Migrator, sql, type Kysely, type Migration } from 'kysely';

// The migrations of generated modules (db/generated-modules.ts) are a sequence of their own, kept
// in their own table: named `<yyyyMMddHHmmss>-<module>`, they run after the core migrations, and a
// core migration added later never sorts before one of them (Kysely refuses a migration that sorts
// before one already run). The modules are independent of each other: one generated earlier and
// unpacked later runs although it sorts before those already run, and a module whose folder was
// removed leaves its migrations' names behind without stopping the start (its table stays).

export type GeneratedMigration = Migration;

export const GENERATED_MIGRATION_TABLE = 'kysely_migration_generated';

/** Runs the generated modules' migrations not yet run; answers their names. */
export async function migrateGenerated(
  db: Kysely<unknown>,
  migrations: Readonly<Record<string, Migration>>,
): Promise<{ error?: unknown; names: string[] }> {
  if (Object.keys(migrations).length === 0) return { names: [] };
  const gone = (await executed(db)).filter((name) => !Object.hasOwn(migrations, name));
  const migrator = new Migrator({
    db,
    provider: {
      getMigrations: async () => ({
        // Kysely stops at a migration it ran and no longer finds: a removed module's stand in.
        ...Object.fromEntries(gone.map((name) => [name, { up: async () => undefined }])),
        ...migrations,
      }),
    },
    migrationTableName: GENERATED_MIGRATION_TABLE,
    migrationLockTableName: `${GENERATED_MIGRATION_TABLE}_lock`,
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  return { error, names: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}

/** The names of the generated migrations run in this database (none before the first). */
async function executed(db: Kysely<unknown>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  if (!tables.some((table) => table.name === GENERATED_MIGRATION_TABLE)) return [];
  const rows = await sql<{ name: string }>`select name from ${sql.table(GENERATED_MIGRATION_TABLE)}`.execute(
    db,
  );
  return rows.rows.map((row) => row.name);
}
