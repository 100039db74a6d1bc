import type { Kysely } from 'kysely';
import { columnTypes, kindOf } from '../column-types.js';

// Issue 47: a notice's audience, who its message goes to when it is published (decision 0038).
// - audience_type: 'all' (every user of the tenant), 'roles' (the holders of some roles) or
//   'depts' (the members of some departments). Existing notices are addressed to all.
// - audience_ids: the roles' or departments' ids, comma-joined as blade_user.role_id and dept_id
//   hold theirs (NOTICE_LIMITS.audienceIds: about 200 ids); null for all.
// Neither is searched, so neither is indexed.

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(kindOf(db));
  await db.schema
    .alterTable('blade_notice')
    .addColumn('audience_type', t.string(16), (c) => c.notNull().defaultTo('all'))
    .execute();
  await db.schema.alterTable('blade_notice').addColumn('audience_ids', t.string(4000)).execute();
}
