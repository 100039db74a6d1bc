import type { Kysely } from 'kysely';
import { columnTypes, kindOf } from '../column-types.js';

// Sign-in state that must survive restarts: an account locked after too many failures stays
// locked until an administrator unlocks it, and tokens issued before a password change or a
// forced sign-out stop working (security S7, S8).

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(kindOf(db));
  await db.schema
    .alterTable('blade_user')
    .addColumn('is_locked', t.int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('blade_user').addColumn('token_valid_after', t.datetime).execute();
}
