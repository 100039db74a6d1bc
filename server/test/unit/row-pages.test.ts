import { sql, type Kysely } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteFile, type DatabaseHandle } from '../../src/db/database.js';
import { exportRowPages, ROW_PAGE_SIZE } from '../../src/core/repository/row-pages.js';

// Exports' queries take turns with the rest of the server (row-pages.ts, inTurn): SQLite's driver
// runs a query on the event loop, so two exports' queries must never run in one turn without
// other requests' I/O and timers between them. On an SQLite file the long reads (the count and the
// ordered ids) are not run on the event loop at all but by a thread of their own (read-aside.ts).

describe('export row pages', () => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it("runs two exports' queries one at a time, a timer turn between any two", async () => {
    handle = openSqliteFile(':memory:');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table of the test's own
    const db = handle.db as unknown as Kysely<any>;
    await sql`create table t (id integer primary key)`.execute(db);
    const rows = 2 * ROW_PAGE_SIZE;
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${rows})
      insert into t (id) select i from n`.execute(db);

    const events: string[] = [];
    const exportOf = () =>
      exportRowPages<Record<string, unknown>>(
        {
          db,
          filtered: db.selectFrom('t'),
          ordered: db.selectFrom('t').orderBy('id', 'desc'),
          key: 'id',
          rowsOf: async (ids) => {
            events.push('query');
            // Another request's timer, due as soon as possible: it must run before the next query.
            setTimeout(() => events.push('turn'), 0);
            return db.selectFrom('t').selectAll().where('id', 'in', ids).execute();
          },
          keyOf: (row) => row.id,
        },
        rows,
      );
    const read = async () => {
      const { count, pages } = await exportOf();
      let seen = 0;
      for await (const page of pages) seen += page.length;
      return [count, seen];
    };

    expect(await Promise.all([read(), read()])).toEqual([
      [rows, rows],
      [rows, rows],
    ]);
    expect(events.filter((e) => e === 'query')).toHaveLength(4);
    expect(events.join(' ')).not.toMatch(/query query/);
  });

  it('reads the count and the ordered ids of an SQLite file on a connection of their own', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'row-pages-'));
    try {
      handle = openSqliteFile(path.join(dir, 'test.db'));
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table of the test's own
      const db = handle.db as unknown as Kysely<any>;
      await sql`create table t (id integer primary key, at text)`.execute(db);
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 2500)
        insert into t (id, at) select i, '2026-12-0' || (i % 9 + 1) from n`.execute(db);
      const since = new Date('2026-12-05T00:00:00.000Z'); // a date parameter, bound as text
      const expected = (
        await sql<{
          n: number;
        }>`select count(*) as n from t where at >= ${since.toISOString()}`.execute(db)
      ).rows[0]!.n;

      // The server's one connection holds an uncommitted write while the export counts and reads
      // its ids: on that connection they would wait for it (and deadlock here); read aside, they
      // answer at once, without the write.
      let keys: unknown[] = [];
      const count = await db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ id: 9999, at: '2026-12-09' }).execute();
        const rows = await exportRowPages<Record<string, unknown>>(
          {
            db,
            filtered: db.selectFrom('t').where('at', '>=', since),
            ordered: db.selectFrom('t').where('at', '>=', since).orderBy('at', 'desc').orderBy('id', 'desc'),
            key: 'id',
            rowsOf: async (ids) => ids.map((id) => ({ id })),
            keyOf: (row) => row.id,
          },
          5000,
        );
        for await (const page of rows.pages) keys = keys.concat(page.map((row) => row.id));
        return rows.count;
      });
      expect(count).toBe(Number(expected));
      expect(keys).toHaveLength(Number(expected));
      expect(keys).not.toContain(9999n);
      const [first] = (
        await sql<{ id: bigint }>`select id from t where at >= ${since.toISOString()}
        order by at desc, id desc limit 1 offset 1`.execute(db)
      ).rows; // 9999 is first now
      expect(keys[0]).toBe(first!.id);
    } finally {
      await handle?.close();
      handle = undefined;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
