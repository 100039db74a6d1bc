import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { directReadOf, openSqliteFile, type DatabaseHandle } from '../../src/db/database.js';

// An SQLite file's second, read-only connection (db/sqlite-reader.ts, decision 0047): while a
// transaction holds the writer, a read outside it answers at once with what was last committed;
// a write outside it waits for the commit; the transaction sees its own writes; `:memory:` has no
// second connection, so its reads wait as before.

type Db = Kysely<{ t: { id: number; name: string } }>;

/** A promise with its resolve, to hold a transaction open until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Whether a promise has settled after the event loop has had its turn. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
}

describe('SQLite reads beside a transaction', () => {
  let handle: DatabaseHandle | undefined;
  const folders: string[] = [];
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  const open = async (file?: string): Promise<Db> => {
    const at = file ?? path.join(mkdtempSync(path.join(tmpdir(), 'sqlite-reader-')), 'db.sqlite');
    if (!file) folders.push(path.dirname(at));
    handle = openSqliteFile(at);
    const db = handle.db as unknown as Db;
    await sql`create table t (id integer primary key, name text)`.execute(db);
    await db.insertInto('t').values({ id: 1, name: 'committed' }).execute();
    return db;
  };

  const names = (db: Db) => db.selectFrom('t').select('name').orderBy('id').execute();

  /** A transaction that has written a row and waits, open, until `release.open()`. */
  const holdOpen = (db: Db) => {
    const written = gate();
    const release = gate();
    const done = db.transaction().execute(async (tx) => {
      await tx.insertInto('t').values({ id: 2, name: 'uncommitted' }).execute();
      // Inside, the transaction sees its own row.
      expect((await tx.selectFrom('t').select('name').execute()).length).toBe(2);
      written.open();
      await release.opened;
    });
    return { written: written.opened, release: release.open, done };
  };

  it('answers a read at once with the last commit while a transaction is open', async () => {
    const db = await open();
    const held = holdOpen(db);
    await held.written;
    expect(await names(db)).toEqual([{ name: 'committed' }]);
    // The direct read of the root handle (the repositories' fast path) reads beside it too.
    const direct = directReadOf(db)!('select name from t order by id', []);
    expect(direct).toEqual([{ name: 'committed' }]);
    held.release();
    await held.done;
    expect(await names(db)).toEqual([{ name: 'committed' }, { name: 'uncommitted' }]);
  });

  it('makes a write outside the transaction wait for its commit, then runs it', async () => {
    const db = await open();
    const held = holdOpen(db);
    await held.written;
    const write = db.insertInto('t').values({ id: 3, name: 'after' }).execute();
    expect(await settled(write)).toBe(false);
    held.release();
    await held.done;
    await write;
    expect((await names(db)).map((row) => row.name)).toEqual(['committed', 'uncommitted', 'after']);
  });

  it('rolls a savepoint back inside the transaction', async () => {
    const db = await open();
    await db.transaction().execute(async (tx) => {
      // As core/repository/savepoint.ts writes them.
      await sql`savepoint row_4`.execute(tx);
      await tx.insertInto('t').values({ id: 4, name: 'dropped' }).execute();
      await sql`rollback to savepoint row_4`.execute(tx);
      await tx.insertInto('t').values({ id: 5, name: 'kept' }).execute();
    });
    expect((await names(db)).map((row) => row.name)).toEqual(['committed', 'kept']);
  });

  it('has no second connection in memory: a read waits for the transaction', async () => {
    const db = await open(':memory:');
    const held = holdOpen(db);
    await held.written;
    expect(directReadOf(db)!('select name from t', [])).toBeUndefined();
    const read = names(db);
    expect(await settled(read)).toBe(false);
    held.release();
    await held.done;
    expect((await read).length).toBe(2);
  });
});
