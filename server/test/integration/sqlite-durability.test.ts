import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config.js';
import { openDatabase } from '../../src/db/database.js';

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
