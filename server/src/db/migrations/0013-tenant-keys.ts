import { sql, type Kysely } from 'kysely';
import { columnTypes, finish, kindOf } from '../column-types.js';
import type { Database } from '../schema.js';

// Tenant data routing (issue 18; decision 0020): a tenant bound to a data source keeps its
// business rows in that database, so the keys that are unique across the platform cannot be
// checked by a query of one database any more. zx_tenant_key, always read in the main database,
// says which tenant holds each of them: a machine number (how a device is found before its tenant
// is known) and a payment order number (refunded at most once, whichever tenant it reaches). Filled
// here from the rows that exist (all of them in the main database: nothing is routed before this).

export async function up(raw: Kysely<unknown>): Promise<void> {
  const kind = kindOf(raw);
  const t = columnTypes(kind);
  const s = t.string;
  await finish(
    raw.schema
      .createTable('zx_tenant_key')
      // 'machine' | 'order'
      .addColumn('key_kind', s(16), (c) => c.notNull())
      .addColumn('key_value', s(64), (c) => c.notNull())
      .addColumn('tenant_id', s(12), (c) => c.notNull())
      .addColumn('create_time', t.datetime)
      .addPrimaryKeyConstraint('pk_zx_tenant_key', ['key_kind', 'key_value']),
    kind,
  ).execute();
  await raw.schema
    .createIndex('idx_zx_tenant_key_tenant')
    .on('zx_tenant_key')
    .columns(['tenant_id', 'key_kind'])
    .execute();

  const db = raw as Kysely<Database>;
  // Live machines hold their numbers (one tenant per number; should two ever share one, the first).
  await db
    .insertInto('zx_tenant_key')
    .columns(['key_kind', 'key_value', 'tenant_id', 'create_time'])
    .expression(
      db
        .selectFrom('zx_machine')
        .select([
          sql.lit('machine').as('key_kind'),
          'machine_no',
          sql<string>`min(tenant_id)`.as('tenant_id'),
          sql<Date>`min(create_time)`.as('create_time'),
        ])
        .where('is_deleted', '=', 0)
        .groupBy('machine_no'),
    )
    .execute();
  // Every refund request holds its order, removed ones too (as the unique index on order_no does).
  await db
    .insertInto('zx_tenant_key')
    .columns(['key_kind', 'key_value', 'tenant_id', 'create_time'])
    .expression(
      db
        .selectFrom('zx_refund_review')
        .select([sql.lit('order').as('key_kind'), 'order_no', 'tenant_id', 'create_time']),
    )
    .execute();
}
