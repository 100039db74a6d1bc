import { PLATFORM_TENANT_ID } from '@console/contract';
import type { Kysely } from 'kysely';
import type { IdGenerator } from '../../core/ids.js';
import { LEAVE_MODEL_XML, LEAVE_PROCESS_KEY } from '../../modules/flow/engine/leave-model.js';
import type { Database } from '../schema.js';
import { LEAVE_ROUTE } from './dictionaries.js';

// The leave process, ready on day one (issue 17): the model in the platform tenant, deployed as
// version 1 of its definition, category flow_1 (the `flow` dictionary's 请假流程). Seeded once: a
// model or definition of that key that exists, or existed and was removed, means an administrator
// has had it, and a removal is not undone at the next start.

interface Audit {
  create_user: bigint;
  create_dept: bigint;
  create_time: Date;
  update_user: bigint;
  update_time: Date;
  status: number;
  is_deleted: number;
}

export async function seedLeaveProcess(
  db: Kysely<Database>,
  ids: IdGenerator,
  audit: Audit,
): Promise<boolean> {
  if (await seededBefore(db)) return false;
  // An installation whose dictionaries predate the workflow: its leave category gets its route.
  await db
    .updateTable('blade_dict')
    .set({ remark: LEAVE_ROUTE })
    .where('code', '=', 'flow')
    .where('dict_key', '=', '1')
    .where('remark', 'is', null)
    .execute();
  try {
    await insertLeaveProcess(db, ids, audit);
    return true;
  } catch (error) {
    // Another process starting at the same moment seeded it first (the unique version index): success.
    if (await seededBefore(db)) return false;
    throw error;
  }
}

/** A model or definition of the key exists, or existed: seeded before, or had by an administrator. */
async function seededBefore(db: Kysely<Database>): Promise<boolean> {
  const had = await db
    .selectFrom('blade_flow_definition')
    .select('id')
    .where('tenant_id', '=', PLATFORM_TENANT_ID)
    .where('process_key', '=', LEAVE_PROCESS_KEY)
    .union(
      db
        .selectFrom('blade_flow_model')
        .select('id')
        .where('tenant_id', '=', PLATFORM_TENANT_ID)
        .where('model_key', '=', LEAVE_PROCESS_KEY),
    )
    .executeTakeFirst();
  return had !== undefined;
}

async function insertLeaveProcess(db: Kysely<Database>, ids: IdGenerator, audit: Audit): Promise<void> {
  const now = audit.create_time;
  const tenant = { tenant_id: PLATFORM_TENANT_ID, ...audit };
  const deploymentId = BigInt(ids.next());
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('blade_flow_model')
      .values({
        id: BigInt(ids.next()),
        ...tenant,
        model_key: LEAVE_PROCESS_KEY,
        name: '请假流程',
        category: 'flow_1',
        description: null,
        xml: LEAVE_MODEL_XML,
        version: 1,
        deploy_time: now,
      })
      .execute();
    await tx
      .insertInto('blade_flow_deployment')
      .values({ id: deploymentId, ...tenant, name: '请假流程', category: 'flow_1', deploy_time: now })
      .execute();
    await tx
      .insertInto('blade_flow_definition')
      .values({
        id: BigInt(ids.next()),
        ...tenant,
        deployment_id: deploymentId,
        process_key: LEAVE_PROCESS_KEY,
        name: '请假流程',
        version: 1,
        category: 'flow_1',
        suspension_state: 1,
        resource_name: `${LEAVE_PROCESS_KEY}.bpmn20.xml`,
        xml: LEAVE_MODEL_XML,
        deploy_time: now,
      })
      .execute();
  });
}
