import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

// SQLite's promise (docs/operations.md): WAL with synchronous = FULL by default — no acknowledged
// commit lost on power loss; SQLITE_SYNCHRONOUS=normal trades the last commits for speed.

describe('SQLite durability', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'console-sqlite-sync-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const pragmas = async (env: Record<string, string>) => {
    const config = loadConfig({ DATA_DIR: dir, ...env });
    const handle = openDatabase(
      `sqlite:${path.join(dir, `${Object.values(env).join('') || 'default'}.db`)}`,
      'sqlite',
      {
        sqliteSynchronous: config.sqliteSynchronous,
      },
    );
    try {
      const sync = await sql<{ synchronous: bigint }>`pragma synchronous`.execute(handle.db);
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(handle.db);
      return { synchronous: Number(sync.rows[0]!.synchronous), journal: journal.rows[0]!.journal_mode };
    } finally {
      await handle.close();
    }
  };

  it('migrates a file from one opening at a time: two at once both succeed, the second finding it done', async () => {
    // Two processes starting on one fresh file: without the lock beside it (db/migrate.ts) the
    // second met the first's half-applied migrations ("table already exists").
    const url = `sqlite:${path.join(dir, 'race.db')}`;
    const first = openDatabase(url, 'sqlite');
    const second = openDatabase(url, 'sqlite');
    try {
      const applied = await Promise.all([migrateToLatest(first.db), migrateToLatest(second.db)]);
      const counts = applied.map((names) => names.length).sort((x, y) => x - y);
      expect(counts[0]).toBe(0);
      expect(counts[1]).toBeGreaterThan(10);
      expect(await migrateToLatest(second.db)).toEqual([]);
      const tables = await first.db.introspection.getTables();
      expect(tables.map((t) => t.name)).toContain('blade_user');
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('runs WAL with synchronous = FULL (2) by default', async () => {
    expect(await pragmas({})).toEqual({ synchronous: 2, journal: 'wal' });
    expect(await pragmas({ SQLITE_SYNCHRONOUS: 'FULL' })).toEqual({ synchronous: 2, journal: 'wal' });
  });

  it('runs synchronous = NORMAL (1) when asked', async () => {
    expect(await pragmas({ SQLITE_SYNCHRONOUS: 'normal' })).toEqual({ synchronous: 1, journal: 'wal' });
  });

  it('refuses any other setting in one line', () => {
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'off' })).toThrow(
      'SQLITE_SYNCHRONOUS must be full or normal (got "off")',
    );
  });
});
