import { sql, type Kysely } from 'kysely';
import { columnTypes, finish, kindOf } from '../column-types.js';

// Sign-in lockout (issue 13, item 12; docs/decisions/0013-sign-in-defences.md). Failed sign-ins
// lock an account for a while, with growing delays, instead of "until an administrator unlocks":
// one row per account with recent failures — how many, the last one, and until when it is
// locked. Kept in the database so that a lock survives restarts and an operator can clear it
// from the command line (npm run unlock) whatever cache the server uses.
//
// blade_user.is_locked locked an account for good and ended its live sessions; it no longer
// means anything (the wire's isLocked stays, always 0). Locks it holds were set by failed
// sign-ins under the old rule: they are released here.

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);
  await finish(
    db.schema
      .createTable('blade_sign_in_lock')
      .addColumn('user_id', t.id, (c) => c.primaryKey())
      .addColumn('tenant_id', t.string(12), (c) => c.notNull())
      .addColumn('failures', t.int, (c) => c.notNull().defaultTo(0))
      .addColumn('last_failure_time', t.datetime, (c) => c.notNull())
      .addColumn('locked_until', t.datetime),
    kind,
  ).execute();
  await sql`update blade_user set is_locked = 0 where is_locked <> 0`.execute(db);
}
