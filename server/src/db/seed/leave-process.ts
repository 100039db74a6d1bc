import { PLATFORM_TENANT_ID } from '@console/contract';
import type { Kysely } from 'kysely';
import { LEAVE_MODEL_XML, LEAVE_PROCESS_KEY } from './leave-model.js';
import type { Database } from '../schema.js';
import { LEAVE_ROUTE } from './dictionaries.js';
import type { SeedAudit, SeedIds } from './menus.js';
import { insertDeployedModel, seedProcessOnce } from './seeded-process.js';

// The leave process, ready on day one (issue 17): the model in the platform tenant, deployed as
// version 1 of its definition, category flow_1 (the `flow` dictionary's 请假流程), seeded once
// (./seeded-process.ts).

/** The alias of the role the leave model's `role:manager` names. */
export const LEAVE_MANAGER_ALIAS = 'manager';

/** The 我的事务 pages and buttons (menu code `work`, `work_*`): what taking part in a process needs. */
export const isWorkMenu = (code: string | null | undefined): boolean =>
  code === 'work' || code?.startsWith('work_') === true;

export async function seedLeaveProcess(
  db: Kysely<Database>,
  ids: SeedIds,
  audit: SeedAudit,
): Promise<boolean> {
  return seedProcessOnce(db, {
    key: LEAVE_PROCESS_KEY,
    insert: async (tx) => {
      // An installation whose dictionaries predate the workflow: its leave category gets its route.
      await tx
        .updateTable('blade_dict')
        .set({ remark: LEAVE_ROUTE })
        .where('code', '=', 'flow')
        .where('dict_key', '=', '1')
        .where('remark', 'is', null)
        .execute();
      await insertDeployedModel(tx, ids, audit, {
        key: LEAVE_PROCESS_KEY,
        name: '请假流程',
        category: 'flow_1',
        xml: LEAVE_MODEL_XML,
      });
      await insertManagerRole(tx, ids, audit);
    },
  });
}

/**
 * The role the leave model's second approval goes to (`role:manager`, as in BladeX's seed: 经理),
 * with the 我的事务 pages and buttons; without it a leave of more than three days would wait for
 * nobody. A tenant that has a role of that alias keeps its own.
 */
async function insertManagerRole(tx: Kysely<Database>, ids: SeedIds, audit: SeedAudit): Promise<void> {
  const had = await tx
    .selectFrom('blade_role')
    .select('id')
    .where('tenant_id', '=', PLATFORM_TENANT_ID)
    .where('role_alias', '=', LEAVE_MANAGER_ALIAS)
    .executeTakeFirst();
  if (had) return;
  const roleId = BigInt(ids.next());
  await tx
    .insertInto('blade_role')
    .values({
      id: roleId,
      tenant_id: PLATFORM_TENANT_ID,
      parent_id: 0n,
      role_name: '经理',
      sort: 3,
      role_alias: LEAVE_MANAGER_ALIAS,
      ...audit,
    })
    .execute();
  const work = (
    await tx.selectFrom('blade_menu').select(['id', 'code']).where('is_deleted', '=', 0).execute()
  ).filter((menu) => isWorkMenu(menu.code));
  if (work.length === 0) return;
  await tx
    .insertInto('blade_role_menu')
    .values(work.map((menu) => ({ id: BigInt(ids.next()), menu_id: BigInt(menu.id), role_id: roleId })))
    .execute();
}
