import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteFile, type DatabaseHandle } from '../../src/db/database.js';

// The SQLite dialect prepares each SQL text once (database.ts, preparedOnce): the same query asked
// again reuses its statement with its own parameters, a stream's statement is usable again once the
// stream stops, and a schema change between two runs of one text is seen.

describe('SQLite statements prepared once', () => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  const open = async () => {
    handle = openSqliteFile(':memory:');
    await sql`create table t (id integer primary key, name text)`.execute(handle.db);
    await sql`insert into t (id, name) values (1, 'a'), (2, 'b'), (3, 'c')`.execute(handle.db);
    return handle.db;
  };

  it('answers the same query twice, with its own parameters each time', async () => {
    const db = await open();
    const byId = (id: number) => sql<{ name: string }>`select name from t where id = ${id}`.execute(db);
    expect((await byId(1)).rows).toEqual([{ name: 'a' }]);
    expect((await byId(2)).rows).toEqual([{ name: 'b' }]);
    expect((await byId(1)).rows).toEqual([{ name: 'a' }]);
  });

  it('runs the text of a stream again after the stream stopped early', async () => {
    const db = await open();
    // A stream holds the connection (Kysely's mutex) until it ends: nothing else runs meanwhile.
    const select = () =>
      db
        .selectFrom('t' as never)
        .selectAll()
        .where('id' as never, '>=', 1 as never);
    const streamed: unknown[] = [];
    for await (const row of select().stream()) {
      streamed.push((row as { id: bigint }).id);
      if (streamed.length === 2) break;
    }
    expect(streamed).toEqual([1n, 2n]);
    expect(await select().execute()).toHaveLength(3);
    const again: unknown[] = [];
    for await (const row of select().stream()) again.push((row as { id: bigint }).id);
    expect(again).toEqual([1n, 2n, 3n]);
  });

  it('sees a schema change between two runs of one text', async () => {
    const db = await open();
    const all = () => sql<Record<string, unknown>>`select * from t where id = ${1}`.execute(db);
    expect(Object.keys((await all()).rows[0]!)).toEqual(['id', 'name']);
    await sql`alter table t add column extra text`.execute(db);
    expect(Object.keys((await all()).rows[0]!)).toEqual(['id', 'name', 'extra']);
  });
});
