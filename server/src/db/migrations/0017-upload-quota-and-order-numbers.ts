import { sql, type Kysely } from 'kysely';
import { columnTypes, kindOf } from '../column-types.js';
import type { Database } from '../schema.js';

// Issue 44, items 5 and 8.
//
// Upload quotas (security S18): each tenant has a storage quota (blade_tenant.upload_quota, bytes,
// 1 GB unless the platform administrator sets another) and a running total of what its stored
// files take (upload_used), which an upload raises with one conditional update before it stores
// (so uploads at once never pass the quota) and which the removal of a stored file lowers. The
// total starts from the files stored so far: the live attachments under a name the server
// generated (upload/…), each stored object counted once. blade_attach.purpose marks the files of
// the avatar path ('avatar'), so that a user's new avatar replaces the old file instead of adding.
//
// Order numbers (item 8) are unique per tenant, not across the platform: one tenant's payment
// order no longer blocks another's refund. The unique index moves from (order_no) to (tenant_id,
// order_no), removed requests still counting; the platform-wide holds of orders in zx_tenant_key
// (migration 0013) go. Existing rows were unique outright, so they are unique per tenant.

/** The quota a tenant has unless set otherwise: 1 GB. */
const DEFAULT_QUOTA = 1024 * 1024 * 1024;

export async function up(raw: Kysely<unknown>): Promise<void> {
  const kind = kindOf(raw);
  const t = columnTypes(kind);
  const db = raw as Kysely<Database>;

  await raw.schema
    .alterTable('blade_tenant')
    .addColumn('upload_quota', t.id, (c) => c.notNull().defaultTo(DEFAULT_QUOTA))
    .execute();
  await raw.schema
    .alterTable('blade_tenant')
    .addColumn('upload_used', t.id, (c) => c.notNull().defaultTo(0))
    .execute();
  await raw.schema.alterTable('blade_attach').addColumn('purpose', t.string(16)).execute();

  const stored = await db
    .selectFrom('blade_attach')
    .select(['tenant_id', 'domain', 'name', sql<string | number>`max(attach_size)`.as('size')])
    .where('is_deleted', '=', 0)
    .where('name', 'like', 'upload/%')
    .where('attach_size', 'is not', null)
    .groupBy(['tenant_id', 'domain', 'name'])
    .execute();
  const used = new Map<string, number>();
  for (const row of stored) used.set(row.tenant_id, (used.get(row.tenant_id) ?? 0) + Number(row.size));
  for (const [tenantId, bytes] of used)
    await db
      .updateTable('blade_tenant')
      .set({ upload_used: bytes })
      .where('tenant_id', '=', tenantId)
      .execute();

  const dropIndex = raw.schema.dropIndex('idx_zx_refund_review_order_no');
  await (kind === 'mysql' ? dropIndex.on('zx_refund_review') : dropIndex).execute();
  await raw.schema
    .createIndex('idx_zx_refund_review_order_no')
    .on('zx_refund_review')
    .columns(['tenant_id', 'order_no'])
    .unique()
    .execute();
  await db.deleteFrom('zx_tenant_key').where('key_kind', '=', 'order').execute();
}
