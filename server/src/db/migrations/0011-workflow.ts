import type { Kysely } from 'kysely';
import { columnTypes, finish, kindOf, withAudit, withId } from '../column-types.js';

// The workflow (issue 17; decision 0019): BPMN models as edited, the deployments and the process
// definitions they produced (one version per deploy, never reused: a removed deployment keeps its
// rows, soft-deleted, so `max(version) + 1` stays unique), running and finished instances with the
// engine's whole state (any server process resumes an instance from its row), user tasks with their
// candidates (one row per candidate, so "tasks I may claim" is an indexed lookup), the history the
// diagram colours, and the leave requests. Every row is tenant-scoped.

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);
  const s = t.string;
  const create = async (
    table: string,
    columns: (b: ReturnType<typeof withId>) => ReturnType<typeof withId>,
    indexes: Array<[name: string, columns: string[], unique?: boolean]>,
  ) => {
    await finish(
      withAudit(
        columns(withId(db.schema.createTable(table), kind).addColumn('tenant_id', s(12), (c) => c.notNull())),
        kind,
      ),
      kind,
    ).execute();
    for (const [name, cols, unique] of indexes) {
      let index = db.schema.createIndex(`idx_${table}_${name}`).on(table).columns(cols);
      if (unique) index = index.unique();
      await index.execute();
    }
  };

  await create(
    'blade_flow_model',
    (b) =>
      b
        .addColumn('model_key', s(64), (c) => c.notNull())
        .addColumn('name', s(100), (c) => c.notNull())
        .addColumn('category', s(64))
        .addColumn('description', s(255))
        .addColumn('xml', t.text, (c) => c.notNull())
        .addColumn('version', t.int, (c) => c.notNull().defaultTo(1))
        .addColumn('deploy_time', t.datetime),
    [
      ['key', ['tenant_id', 'model_key']],
      ['category', ['tenant_id', 'category']],
      ['name', ['tenant_id', 'name']],
    ],
  );

  await create(
    'blade_flow_deployment',
    (b) =>
      b
        .addColumn('name', s(255), (c) => c.notNull())
        .addColumn('category', s(64))
        .addColumn('deploy_time', t.datetime, (c) => c.notNull()),
    [['time', ['tenant_id', 'deploy_time']]],
  );

  await create(
    'blade_flow_definition',
    (b) =>
      b
        .addColumn('deployment_id', t.id, (c) => c.notNull())
        .addColumn('process_key', s(64), (c) => c.notNull())
        .addColumn('name', s(100), (c) => c.notNull())
        .addColumn('version', t.int, (c) => c.notNull())
        .addColumn('category', s(64))
        .addColumn('suspension_state', t.int, (c) => c.notNull().defaultTo(1))
        .addColumn('resource_name', s(255))
        .addColumn('xml', t.text, (c) => c.notNull())
        .addColumn('deploy_time', t.datetime, (c) => c.notNull()),
    [
      // Versions count over removed rows too: never two definitions of one key and version.
      ['version', ['tenant_id', 'process_key', 'version'], true],
      ['deployment', ['deployment_id']],
      ['category', ['tenant_id', 'category']],
      ['state', ['tenant_id', 'suspension_state']],
    ],
  );

  await create(
    'blade_flow_instance',
    (b) =>
      b
        .addColumn('definition_id', t.id, (c) => c.notNull())
        .addColumn('process_key', s(64), (c) => c.notNull())
        .addColumn('business_table', s(64))
        .addColumn('business_id', t.id)
        .addColumn('start_user', t.id, (c) => c.notNull())
        .addColumn('start_time', t.datetime, (c) => c.notNull())
        .addColumn('end_time', t.datetime)
        // 1 running, 2 finished, 3 deleted (with delete_reason).
        .addColumn('run_state', t.int, (c) => c.notNull().defaultTo(1))
        .addColumn('end_activity', s(64))
        .addColumn('delete_reason', s(255))
        .addColumn('current_nodes', s(255))
        .addColumn('engine_state', t.text, (c) => c.notNull())
        // Optimistic lock: every step writes `revision + 1 where revision = read`.
        .addColumn('revision', t.int, (c) => c.notNull().defaultTo(0)),
    [
      ['state', ['tenant_id', 'run_state']],
      ['starter', ['tenant_id', 'start_user', 'run_state']],
      ['definition', ['definition_id']],
      ['business', ['tenant_id', 'business_table', 'business_id']],
    ],
  );

  await create(
    'blade_flow_task',
    (b) =>
      b
        .addColumn('instance_id', t.id, (c) => c.notNull())
        .addColumn('definition_id', t.id, (c) => c.notNull())
        .addColumn('element_id', s(64), (c) => c.notNull())
        .addColumn('name', s(100), (c) => c.notNull())
        .addColumn('assignee', t.id)
        .addColumn('claim_time', t.datetime)
        .addColumn('end_time', t.datetime)
        // 1 open, 2 completed, 3 cancelled (the instance ended or was deleted).
        .addColumn('task_state', t.int, (c) => c.notNull().defaultTo(1))
        .addColumn('outcome', s(16))
        .addColumn('comment', s(500)),
    [
      ['assignee', ['tenant_id', 'assignee', 'task_state']],
      ['state', ['tenant_id', 'task_state']],
      ['instance', ['instance_id']],
    ],
  );

  // Who may claim an open task nobody has claimed: a user, a role or a department.
  await finish(
    db.schema
      .createTable('blade_flow_task_candidate')
      .addColumn('id', t.id, (c) => c.primaryKey())
      .addColumn('tenant_id', s(12), (c) => c.notNull())
      .addColumn('task_id', t.id, (c) => c.notNull())
      // 'user' | 'role' | 'dept'
      .addColumn('candidate_kind', s(8), (c) => c.notNull())
      .addColumn('candidate_id', t.id, (c) => c.notNull()),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_flow_task_candidate_who')
    .on('blade_flow_task_candidate')
    .columns(['tenant_id', 'candidate_kind', 'candidate_id'])
    .execute();
  await db.schema
    .createIndex('idx_blade_flow_task_candidate_task')
    .on('blade_flow_task_candidate')
    .columns(['task_id'])
    .execute();

  await create(
    'blade_flow_history',
    (b) =>
      b
        .addColumn('instance_id', t.id, (c) => c.notNull())
        .addColumn('element_id', s(64), (c) => c.notNull())
        .addColumn('name', s(100))
        .addColumn('activity_type', s(32), (c) => c.notNull())
        .addColumn('task_id', t.id)
        .addColumn('assignee', t.id)
        .addColumn('comment', s(500))
        .addColumn('start_time', t.datetime, (c) => c.notNull())
        .addColumn('end_time', t.datetime),
    [['instance', ['instance_id', 'start_time']]],
  );

  await create(
    'blade_process_leave',
    (b) =>
      b
        .addColumn('process_definition_id', t.id, (c) => c.notNull())
        .addColumn('process_instance_id', t.id)
        .addColumn('leave_type', t.int, (c) => c.notNull())
        .addColumn('start_time', t.datetime, (c) => c.notNull())
        .addColumn('end_time', t.datetime, (c) => c.notNull())
        .addColumn('days', t.int, (c) => c.notNull())
        .addColumn('reason', s(500), (c) => c.notNull())
        .addColumn('task_user', t.id, (c) => c.notNull())
        .addColumn('apply_time', t.datetime, (c) => c.notNull())
        // 1 in review, 2 approved, 3 returned to the applicant, 4 withdrawn, 5 deleted with the process
        .addColumn('leave_state', t.int, (c) => c.notNull().defaultTo(1)),
    [
      ['applicant', ['tenant_id', 'create_user']],
      ['instance', ['process_instance_id']],
    ],
  );
}
