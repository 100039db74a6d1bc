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
}

/** Runs fn in one transaction; repositories built from the store it gets take part in it. */
export async function inTransaction<T>(store: Store, fn: (tx: Store) => Promise<T>): Promise<T> {
  return store.db.transaction().execute((trx) => fn({ ...store, db: trx }));
}
