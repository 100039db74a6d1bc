import { sql } from 'kysely';
import type { Store } from './store.js';

// A savepoint inside a transaction (issue 52's imports: each row in one). The three engines share
// the statements' syntax. A refused step is rolled back to its savepoint: on PostgreSQL a failed
// statement would otherwise leave the whole transaction unusable.

let counter = 0;

/**
 * Runs fn in a savepoint of the transaction `tx`, on a store of it (`sp`): released when fn succeeds,
 * rolled back when it throws. What fn leaves for after the commit (`whenCommitted` on `sp`) is handed
 * to the transaction only when the savepoint is released: a rolled-back step leaves nothing to run.
 */
export async function withSavepoint<T>(tx: Store, fn: (sp: Store) => Promise<T>): Promise<T> {
  const outer = tx.afterCommit;
  if (!outer) throw new Error('withSavepoint outside a transaction');
  const name = sql.raw(`sp_${++counter % 1_000_000}`);
  const pending: Array<() => Promise<void>> = [];
  await sql`savepoint ${name}`.execute(tx.db);
  let result: T;
  try {
    result = await fn({ ...tx, afterCommit: (then) => pending.push(then) });
  } catch (error) {
    await sql`rollback to savepoint ${name}`.execute(tx.db);
    throw error;
  }
  await sql`release savepoint ${name}`.execute(tx.db);
  for (const then of pending) outer(then);
  return result;
}
