import { sql } from 'kysely';
import type { Store } from './store.js';

// A savepoint inside a transaction (issue 52's imports: each row in one). The three engines share
// the statements' syntax. A refused step is rolled back to its savepoint: on PostgreSQL a failed
// statement would otherwise leave the whole transaction unusable.

let counter = 0;

/** Runs fn in a savepoint of the transaction `tx`: released when fn succeeds, rolled back when it throws. */
export async function withSavepoint<T>(tx: Store, fn: () => Promise<T>): Promise<T> {
  if (!tx.afterCommit) throw new Error('withSavepoint outside a transaction');
  const name = sql.raw(`sp_${++counter % 1_000_000}`);
  await sql`savepoint ${name}`.execute(tx.db);
  let result: T;
  try {
    result = await fn();
  } catch (error) {
    await sql`rollback to savepoint ${name}`.execute(tx.db);
    throw error;
  }
  await sql`release savepoint ${name}`.execute(tx.db);
  return result;
}
