import type SqliteDatabase from 'better-sqlite3';
import { createRequire } from 'node:module';

// A thread that runs an export's long reads on an SQLite file (./read-aside.ts): a read-only
// connection of its own per file, so that the statement's sort and steps hold this thread's loop,
// not the server's. WAL lets it read beside the server's connection.

export interface ReadAsideTask {
  file: string;
  sql: string;
  /** Dates already as text, as the server's connection binds them. */
  parameters: unknown[];
}

const require = createRequire(import.meta.url);
const Sqlite = require('better-sqlite3') as typeof SqliteDatabase;

/** Files this thread keeps open, the least recently used first; a test run opens many. */
const MAX_OPEN = 4;
const open = new Map<string, SqliteDatabase.Database>();

function connection(file: string): SqliteDatabase.Database {
  const held = open.get(file);
  if (held) {
    open.delete(file);
    open.set(file, held);
    return held;
  }
  const sqlite = new Sqlite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  // As the server's connection reads them: 64-bit integers as bigint.
  sqlite.defaultSafeIntegers(true);
  open.set(file, sqlite);
  if (open.size > MAX_OPEN) {
    const [oldest, handle] = open.entries().next().value!;
    open.delete(oldest);
    handle.close();
  }
  return sqlite;
}

/** The first column of every row (values, not row objects: cheaper to hand back across threads). */
export default function readFirstColumn({ file, sql, parameters }: ReadAsideTask): unknown[] {
  return connection(file).prepare(sql).pluck().all(parameters);
}
