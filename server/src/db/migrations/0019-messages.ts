import type { Kysely } from 'kysely';
import { columnTypes, finish, kindOf, withAudit, withId } from '../column-types.js';

// Issue 47: the message center. blade_message holds one row per recipient: what the message is
// about (kind: notice, task, refund, machine, system), its title, body and link into the console, and
// when the recipient read it (read_time, null while unread). Everything is read by its recipient
// only, so both indexes start with (tenant_id, user_id): the inbox newest first (id), and the unread
// ones counted by kind.

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);
  const s = t.string;
  await finish(
    withAudit(
      withId(db.schema.createTable('blade_message'), kind)
        .addColumn('tenant_id', s(12), (c) => c.notNull())
        .addColumn('user_id', t.id, (c) => c.notNull())
        .addColumn('kind', s(16), (c) => c.notNull())
        .addColumn('title', s(255), (c) => c.notNull())
        .addColumn('body', t.text)
        .addColumn('link', s(255))
        .addColumn('read_time', t.datetime),
      kind,
    ),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_message_inbox')
    .on('blade_message')
    .columns(['tenant_id', 'user_id', 'is_deleted', 'id'])
    .execute();
  await db.schema
    .createIndex('idx_blade_message_unread')
    .on('blade_message')
    .columns(['tenant_id', 'user_id', 'read_time', 'kind'])
    .execute();
}
