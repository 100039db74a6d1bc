import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

// Tenant data routing (decision 0020): the tables whose rows live in a tenant's own database when
// the tenant is bound to a data source — the business module's and the workflow's. Every other
// table (users, roles, menus, dictionaries, regions, tenants, logs, attachments, zx_tenant_key…) is
// the platform's and stays in the main database. A table added to either module belongs here.

export const ROUTED_TABLES = [
  'zx_hospital',
  'zx_machine',
  'zx_slot',
  'zx_slot_grant',
  'zx_apk',
  'zx_refund_review',
  'zx_machine_command',
  'zx_rollout',
  'zx_rollout_machine',
  'zx_alert_rule',
  'zx_alert',
  'blade_flow_model',
  'blade_flow_deployment',
  'blade_flow_definition',
  'blade_flow_instance',
  'blade_flow_task',
  'blade_flow_task_candidate',
  'blade_flow_history',
  'blade_flow_copy',
  'blade_process_leave',
  'blade_flow_form',
  'blade_flow_form_version',
  'blade_flow_form_value',
] as const satisfies ReadonlyArray<keyof Database>;

export type RoutedTable = (typeof ROUTED_TABLES)[number];

/**
 * The first routed table holding rows of the tenant in this database (removed rows count: they are
 * the tenant's history), with how many; undefined when there are none. What binding and unbinding
 * check, so that a tenant's records are never split between two databases.
 */
export async function tenantRowsIn(
  db: Kysely<Database>,
  tenantId: string,
): Promise<{ table: RoutedTable; rows: number } | undefined> {
  for (const table of ROUTED_TABLES) {
    const row = await (db as unknown as Kysely<Record<RoutedTable, { tenant_id: string }>>)
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    const rows = Number(row?.n ?? 0);
    if (rows > 0) return { table, rows };
  }
  return undefined;
}
