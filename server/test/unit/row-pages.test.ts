import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteFile, type DatabaseHandle } from '../../src/db/database.js';
import { exportRowPages, ROW_PAGE_SIZE } from '../../src/core/repository/row-pages.js';

// Exports' queries take turns with the rest of the server (row-pages.ts, inTurn): SQLite's driver
// runs a query on the event loop, so two exports' queries must never run in one turn without
// other requests' I/O and timers between them.

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
});
