import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import type { DatabaseKind } from '../../../src/db/database.js';

// Each test file gets its own fresh databases on every engine and drops them afterwards.
// The engines come from TEST_DATABASES (default: all three). A listed engine that cannot be
// reached fails the test run: nothing is skipped silently.

export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const MYSQL_ADMIN_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

export function enginesUnderTest(): DatabaseKind[] {
  const listed = (process.env.TEST_DATABASES ?? 'sqlite,postgres,mysql')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const engine of listed) {
    if (!['sqlite', 'postgres', 'mysql'].includes(engine))
      throw new Error(`TEST_DATABASES: unknown engine ${engine}`);
  }
  return listed as DatabaseKind[];
}

/**
 * The engines of a file whose subject is behaviour above the repositories (sign-in, permissions,
 * workflow steps, messages, the wire contract): one of the engines under test, chosen by a stable
 * hash of the file's name, so that each engine takes about a third of these files and a file keeps
 * its engine from run to run. A file whose subject is storage (queries, migrations, locking, bulk
 * work, dialect code) runs on every engine instead (`enginesUnderTest`). docs/decisions/0050.
 * `TEST_ENGINES=all` runs every file on every engine.
 */
export function oneEngineFor(fileUrl: string): DatabaseKind[] {
  const engines = enginesUnderTest();
  if (process.env.TEST_ENGINES === 'all' || engines.length <= 1) return engines;
  const name = path.basename(new URL(fileUrl).pathname);
  return [engines[fnv1a(name) % engines.length]!];
}

/** FNV-1a, 32 bits: a small stable hash of a file name. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

export interface TestDatabase {
  kind: DatabaseKind;
  url: string;
  drop(): Promise<void>;
}

/**
 * A new database on `kind`, dropped by `drop()`: empty, or on PostgreSQL a copy of the database named
 * `postgresTemplate` (CREATE DATABASE … TEMPLATE; WAL_LOG: no checkpoint per copy).
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  postgresTemplate?: string,
): Promise<TestDatabase> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'console-test-'));
    return {
      kind,
      url: `sqlite:${path.join(dir, 'test.db')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(
      postgresTemplate
        ? `create database ${name} template ${postgresTemplate} strategy wal_log`
        : `create database ${name}`,
    );
    await admin.end();
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    return {
      kind,
      url: url.toString(),
      drop: async () => {
        const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const admin = await createConnection({ uri: MYSQL_ADMIN_URL });
  await admin.query(`create database ${name} character set utf8mb4 collate utf8mb4_general_ci`);
  await admin.end();
  const url = new URL(MYSQL_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    kind,
    url: url.toString(),
    drop: async () => {
      const c = await createConnection({ uri: MYSQL_ADMIN_URL });
      await c.query(`drop database if exists ${name}`);
      await c.end();
    },
  };
}
