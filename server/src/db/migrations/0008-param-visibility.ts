import { sql, type Kysely } from 'kysely';
import { columnTypes, kindOf } from '../column-types.js';

// Parameter visibility (issue 13, item 10; docs/decisions/0014): blade_param.visibility, 1 public
// (readable by every signed-in user), 0 private (the platform administrator only). Every existing
// parameter becomes private, except account.registerUser, which says nothing secret.
// Also the error log's request id (item 9): a tenant administrator sees a message and this id,
// the platform administrator finds the row's detail by it.

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(kindOf(db));
  await db.schema
    .alterTable('blade_param')
    .addColumn('visibility', t.int, (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update blade_param set visibility = 1 where param_key = ${'account.registerUser'}`.execute(db);
  await db.schema.alterTable('blade_log_error').addColumn('request_id', t.string(64)).execute();
}
