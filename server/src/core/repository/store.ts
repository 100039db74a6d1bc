import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../config.js';
import type { Database } from '../../db/schema.js';
import type { IdGenerator } from '../ids.js';

/** What repositories are built from: the database, its engine, the id source and the wire time zone. */
export interface Store {
  db: Kysely<Database>;
  kind: DatabaseKind;
  ids: IdGenerator;
  timeZone: string;
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

/** Runs fn in one transaction; repositories built from the store it gets take part in it. */
export async function inTransaction<T>(store: Store, fn: (tx: Store) => Promise<T>): Promise<T> {
  return store.db.transaction().execute((trx) => fn({ ...store, db: trx }));
}
