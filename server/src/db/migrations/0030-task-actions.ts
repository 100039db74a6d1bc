import type { Kysely } from 'kysely';
import { insertMissingButtons } from '../seed/menu-additions.js';
import { columnTypes, finish, kindOf, withAudit, withId } from '../column-types.js';

// Issue 51, part A: task actions. A task gains
// - task_kind: 'task' (a step of the model) or 'return' (the step a return or a recall hands to an
//   earlier person: resubmitting it reopens the tasks it holds, straight back);
// - held_by: on a task waiting while it is returned (task_state 4), the return task it waits for;
// - owner: who delegated the task (委派) and gets it back when the delegate has acted;
// - from_user, from_comment: who handed the task to its assignee (returned, delegated, transferred)
//   and why, shown in the to-do list;
// - nudge_time: when the initiator last nudged it (at most once an hour).
// A history row gains `action` (return, transfer, delegate, resolve, recall, resubmit, withdraw,
// nudge, copy, reassign): who did what and when, beside the activities the engine ran.
// blade_flow_copy: who was copied on a request (抄送), by whom, at which step, and whether they read it.
// The 抄送我的 page reaches databases seeded before through the menu additions.

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);
  const s = t.string;
  await db.schema
    .alterTable('blade_flow_task')
    .addColumn('task_kind', s(16), (c) => c.notNull().defaultTo('task'))
    .execute();
  await db.schema.alterTable('blade_flow_task').addColumn('held_by', t.id).execute();
  await db.schema.alterTable('blade_flow_task').addColumn('owner', t.id).execute();
  await db.schema.alterTable('blade_flow_task').addColumn('from_user', t.id).execute();
  await db.schema.alterTable('blade_flow_task').addColumn('from_comment', s(500)).execute();
  await db.schema.alterTable('blade_flow_task').addColumn('nudge_time', t.datetime).execute();
  await db.schema.alterTable('blade_flow_history').addColumn('action', s(16)).execute();
  await finish(
    withAudit(
      withId(db.schema.createTable('blade_flow_copy'), kind)
        .addColumn('tenant_id', s(12), (c) => c.notNull())
        .addColumn('instance_id', t.id, (c) => c.notNull())
        .addColumn('task_id', t.id)
        .addColumn('task_name', s(255))
        .addColumn('user_id', t.id, (c) => c.notNull())
        .addColumn('from_user', t.id, (c) => c.notNull())
        .addColumn('read_flag', t.int, (c) => c.notNull().defaultTo(0))
        .addColumn('read_time', t.datetime),
      kind,
    ),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_flow_copy_user')
    .on('blade_flow_copy')
    .columns(['tenant_id', 'user_id', 'read_flag', 'id'])
    .execute();
  await db.schema
    .createIndex('idx_blade_flow_copy_instance')
    .on('blade_flow_copy')
    .columns(['tenant_id', 'instance_id', 'user_id'])
    .execute();
  await insertMissingButtons(db);
}
