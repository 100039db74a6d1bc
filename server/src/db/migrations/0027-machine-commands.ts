import type { Kysely } from 'kysely';
import { insertMissingButtons } from '../seed/menu-additions.js';
import { columnTypes, finish, kindOf, withId } from '../column-types.js';

// Issue 50: commands to machines (open a slot, reboot, check for an update, reload the
// configuration). zx_machine_command holds each: which machine, what, who asked, and its life —
// created, sent, acknowledged, succeeded or failed with the machine's reason; timed out is read
// from timeout_time. (tenant_id, request_id) is unique: the caller's id of a command, so that a
// command sent twice is one. A routed table (decision 0020): in the tenant's own database when it
// has one. The machine page's 远程指令 button reaches databases seeded before through the menu
// additions.

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);
  const s = t.string;
  await finish(
    withId(db.schema.createTable('zx_machine_command'), kind)
      .addColumn('tenant_id', s(12), (c) => c.notNull())
      .addColumn('machine_id', t.id, (c) => c.notNull())
      .addColumn('machine_no', s(64), (c) => c.notNull())
      .addColumn('kind', s(32), (c) => c.notNull())
      .addColumn('params', s(1000), (c) => c.notNull())
      .addColumn('state', s(16), (c) => c.notNull())
      .addColumn('reason', s(500))
      .addColumn('request_id', s(64), (c) => c.notNull())
      .addColumn('create_user', t.id)
      .addColumn('create_time', t.datetime, (c) => c.notNull())
      .addColumn('sent_time', t.datetime)
      .addColumn('ack_time', t.datetime)
      .addColumn('end_time', t.datetime)
      .addColumn('timeout_time', t.datetime, (c) => c.notNull()),
    kind,
  ).execute();
  await db.schema
    .createIndex('uk_zx_machine_command_request')
    .on('zx_machine_command')
    .columns(['tenant_id', 'request_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('idx_zx_machine_command_machine')
    .on('zx_machine_command')
    .columns(['tenant_id', 'machine_id', 'state'])
    .execute();
  await insertMissingButtons(db);
}
