import type { Kysely } from 'kysely';
import { columnTypes, finish, kindOf } from '../column-types.js';

// Third-party identities (blade_user_oauth): who a provider says someone is, and the local user
// they are linked to once registered (user_id null until then).

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);
  await finish(
    db.schema
      .createTable('blade_user_oauth')
      .addColumn('id', t.id, (c) => c.primaryKey())
      .addColumn('tenant_id', t.string(12), (c) => c.notNull())
      .addColumn('source', t.string(32), (c) => c.notNull())
      .addColumn('uuid', t.string(128), (c) => c.notNull())
      .addColumn('user_id', t.id)
      .addColumn('username', t.string(64))
      .addColumn('nickname', t.string(64))
      .addColumn('avatar', t.string(1000))
      .addColumn('email', t.string(255))
      .addColumn('create_time', t.datetime)
      .addColumn('update_time', t.datetime),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_user_oauth_identity')
    .on('blade_user_oauth')
    .columns(['tenant_id', 'source', 'uuid'])
    .unique()
    .execute();
}
