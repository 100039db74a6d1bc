import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { IdGenerator } from '../../../src/core/ids.js';
import type { DatabaseKind } from '../../../src/db/database.js';
import { openDatabase } from '../../../src/db/database.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { SEED_IDS, seedDatabase } from '../../../src/db/seed/seed.js';
import type { Database } from '../../../src/db/schema.js';
import type { Kysely } from 'kysely';
import { createTestDatabase, enginesUnderTest, MYSQL_ADMIN_URL, type TestDatabase } from './databases.js';

// Every test app starts from a migrated and seeded database. Migrating each time cost a file about
// 1 s on SQLite, 1.3 s on PostgreSQL and 4 s on MariaDB (DDL); so the integration project migrates
// and seeds one template per engine before the files run (globalSetup), and each file's database is
// a copy of it: a file copy on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL, and on MariaDB,
// which has no templates, CREATE TABLE … LIKE plus INSERT … SELECT of each table.

/** Where each engine's template is: a SQLite file, or a database name on the server. */
type Templates = Partial<Record<DatabaseKind, string>>;

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabases: Templates;
  }
}

/** vitest globalSetup: makes the templates, hands their names to the workers, drops them at the end. */
export default async function prepareTemplates(project: TestProject): Promise<() => Promise<void>> {
  const made: TestDatabase[] = [];
  const templates: Templates = {};
  for (const kind of enginesUnderTest()) {
    const database = await createTestDatabase(kind);
    made.push(database);
    const handle = openDatabase(database.url, kind);
    try {
      await migrateToLatest(handle.db);
      await seedDatabase(handle.db, new IdGenerator(1), { regions: false });
      await clearSeededAdminPasswordChange(handle.db);
    } finally {
      await handle.close();
    }
    templates[kind] = kind === 'sqlite' ? database.url.slice('sqlite:'.length) : databaseName(database.url);
  }
  project.provide('templateDatabases', templates);
  return async () => {
    for (const database of made) await database.drop();
  };
}

const databaseName = (url: string) => new URL(url).pathname.slice(1);

/**
 * Test support only: the seeded admin / admin must be changed at the first sign-in (issue 44), and
 * nearly every test signs in as admin / admin to test something else. The templates (and the
 * servers the process tests start: server-process.ts) clear that flag; password-policy.test.ts
 * shows it set on a freshly seeded database.
 */
export async function clearSeededAdminPasswordChange(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('blade_user')
    .set({ password_change_required: 0 })
    .where('id', '=', BigInt(SEED_IDS.admin))
    .execute();
}

/**
 * A new database holding what the template holds (migrated to the latest schema, seeded without
 * the regions), dropped by `drop()`.
 */
export async function createSeededDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const template = inject('templateDatabases')[kind];
  if (!template)
    throw new Error(`no template database for ${kind}: is the integration globalSetup configured?`);
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'console-test-'));
    const file = path.join(dir, 'test.db');
    copyFileSync(template, file);
    return { kind, url: `sqlite:${file}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  if (kind === 'postgres') return createTestDatabase(kind, template);
  const database = await createTestDatabase(kind);
  const name = databaseName(database.url);
  const admin = await createConnection({ uri: MYSQL_ADMIN_URL, multipleStatements: true });
  try {
    const [rows] = await admin.query(
      'select table_name as name from information_schema.tables where table_schema = ?',
      [template],
    );
    const tables = (rows as Array<{ name: string }>).map((row) => row.name);
    // The tables, then every row: each in one round trip of many statements.
    await admin.query(
      tables.map((table) => `create table ${name}.\`${table}\` like ${template}.\`${table}\``).join(';'),
    );
    await admin.query(
      tables
        .map((table) => `insert into ${name}.\`${table}\` select * from ${template}.\`${table}\``)
        .join(';'),
    );
  } finally {
    await admin.end();
  }
  return database;
}
