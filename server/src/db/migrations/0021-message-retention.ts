import type { Kysely } from 'kysely';
import { columnTypes, kindOf } from '../column-types.js';

// Issue 47: how long a tenant keeps its users' messages. blade_tenant.message_retention_days (1 to
// 3650; existing and new tenants get 90, MESSAGE_RETENTION_DAYS in the contract) is read by the
// server's hourly purge, which deletes the tenant's messages created before that many days ago
// (decision 0037, "Retention"). The purge reads a tenant's oldest messages by creation time in
// bounded batches: the index on (tenant_id, create_time) finds them without reading the inboxes.

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(kindOf(db));
  await db.schema
    .alterTable('blade_tenant')
    .addColumn('message_retention_days', t.int, (c) => c.notNull().defaultTo(90))
    .execute();
  await db.schema
    .createIndex('idx_blade_message_age')
    .on('blade_message')
    .columns(['tenant_id', 'create_time'])
    .execute();
}
