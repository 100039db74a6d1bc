import type { Kysely } from 'kysely';
import { columnTypes, finish, kindOf } from '../column-types.js';

// Issue 49: a message may carry one file (a scheduled report's .xlsx, delivered into its owner's
// messages). blade_message.file_name names it; blade_message_file holds it, under the message's id,
// for its recipient only: it is read through the message (GET message/file), removed with it, and
// purged with it by the tenant's message retention.

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);
  const s = t.string;
  await db.schema.alterTable('blade_message').addColumn('file_name', s(255)).execute();
  await finish(
    db.schema
      .createTable('blade_message_file')
      .addColumn('id', t.id, (c) => c.primaryKey())
      .addColumn('tenant_id', s(12), (c) => c.notNull())
      .addColumn('user_id', t.id, (c) => c.notNull())
      .addColumn('content_type', s(100), (c) => c.notNull())
      .addColumn('file_size', t.int, (c) => c.notNull())
      .addColumn('content', t.blob, (c) => c.notNull())
      .addColumn('create_time', t.datetime, (c) => c.notNull()),
    kind,
  ).execute();
}
