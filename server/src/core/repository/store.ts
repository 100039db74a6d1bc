import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { IdGenerator } from '../ids.js';

/** What repositories are built from: the database, its engine, the id source and the wire time zone. */
export interface Store {
  db: Kysely<Database>;
  kind: DatabaseKind;
  ids: IdGenerator;
  timeZone: string;
  /**
   * Set when this is a tenant's own database (a data source it is bound to; see
   * core/repository/tenant-databases.ts): which data source, and the main database, where the
   * platform's tables (users, roles, dictionaries, regions, attachments…) are. Absent: this is the
   * main database.
   */
  routed?: { datasourceId: string; main: Store };
  /** Set inside a transaction (inTransaction): runs `then` once the transaction has committed. */
  afterCommit?: (then: () => Promise<void>) => void;
}

/**
 * Where the platform's tables are for a repository built on `store`: the main database. For a
 * store of the main database (or a transaction on it) that is the store itself, so a read of a
 * platform table takes part in the transaction; for a tenant's own database it is the main one.
 */
export function platformStore(store: Store): Store {
  return store.routed?.main ?? store;
}

/** Whether two stores are the same database (one may be a transaction on the other). */
export function sameDatabase(a: Store, b: Store): boolean {
  return a.routed?.datasourceId === b.routed?.datasourceId;
}

/** Who is acting: the tenant and the audit columns come from here, never from request bodies. */
export interface Actor {
  tenantId: string;
  userId: string | null;
  deptId: string | null;
  /**
   * The caller's roles, set for signed-in callers (the guard's Principal). Lists that declare a
   * resource code apply the data scopes granted to these roles (core/repository/data-scope.ts);
   * an actor without roles is the server itself (sign-in, seeds) and sees every row of its tenant.
   */
  roleIds?: readonly string[];
  roleAliases?: readonly string[];
}

/**
 * Runs fn in one transaction; repositories built from the store it gets take part in it. What fn
 * leaves for after the commit (`whenCommitted`) runs once the transaction has committed, in order,
 * and not at all when it rolls back. On a store that is already a transaction, fn joins it: a
 * service built on an import's transaction (core/workbook/sheet-import.ts) saves in it as its own
 * submit would.
 */
export async function inTransaction<T>(store: Store, fn: (tx: Store) => Promise<T>): Promise<T> {
  if (store.afterCommit) return fn(store);
  const committed: Array<() => Promise<void>> = [];
  const result = await store.db
    .transaction()
    .execute((trx) => fn({ ...store, db: trx, afterCommit: (then) => committed.push(then) }));
  for (const then of committed) await afterTheCommit(then);
  return result;
}

/**
 * Runs `then` once the store's transaction has committed (what it tells others must not name rows
 * a rollback takes back), or at once outside a transaction.
 *
 * What it tells others never changes the step's answer: the step has happened, and an error would
 * tell the caller otherwise (a machine would send its refund request again, to be told the order
 * was refunded already). A failure is reported (`onAfterCommitFailure`; app.ts: the process log)
 * and the step answers as it would have (docs/decisions/0037-the-message-center.md).
 */
export async function whenCommitted(store: Store, then: () => Promise<void>): Promise<void> {
  if (store.afterCommit) store.afterCommit(then);
  else await afterTheCommit(then);
}

let reportAfterCommitFailure: (error: unknown) => void = (error) =>
  process.emitWarning(`after a commit: ${error instanceof Error ? error.stack : String(error)}`);

/** Where failures of what runs after a commit are reported (app.ts sets the process log). */
export function onAfterCommitFailure(report: (error: unknown) => void): void {
  reportAfterCommitFailure = report;
}

async function afterTheCommit(then: () => Promise<void>): Promise<void> {
  try {
    await then();
  } catch (error) {
    reportAfterCommitFailure(error);
  }
}
