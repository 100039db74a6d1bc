import type { Kysely } from 'kysely';
import { kindOf } from '../column-types.js';

// Issue 45, item 2: the 我的事务 lists are pages read in the database, newest first (id desc), each
// counted for its total. Indexes that find each list's rows in that order:
// - todo and done: a user's tasks in one state: (tenant_id, assignee, task_state, is_deleted, id),
//   which extends 0011's (tenant_id, assignee, task_state);
// - claim: the open tasks nobody has claimed, (tenant_id, task_state, assignee, is_deleted, id),
//   which extends 0011's (tenant_id, task_state); the candidates that name the caller are found by
//   (tenant_id, candidate_kind, candidate_id, task_id), read from the index alone, which extends
//   0011's (tenant_id, candidate_kind, candidate_id);
// - start: the newest active version of each process key, the newer version looked up by
//   (tenant_id, process_key, suspension_state, version).
// A search by the process's name or category reads the definitions by 0011's indexes.
//
// MySQL keeps 0011's two task indexes: InnoDB ends every secondary index with the primary key, so
// they give the id order already, and with the wider ones its optimizer ran a task's conditional
// update (claim, complete: by id, state and assignee) as a range over the secondary index, whose
// gap locks deadlocked two completions of one task against the next task's insert.

/** [table, new index, its columns, the index it replaces, whether MySQL takes it]. */
const INDEXES: ReadonlyArray<[string, string, string[], string | null, boolean]> = [
  [
    'blade_flow_task',
    'idx_blade_flow_task_assigned',
    ['tenant_id', 'assignee', 'task_state', 'is_deleted', 'id'],
    'idx_blade_flow_task_assignee',
    false,
  ],
  [
    'blade_flow_task',
    'idx_blade_flow_task_unclaimed',
    ['tenant_id', 'task_state', 'assignee', 'is_deleted', 'id'],
    'idx_blade_flow_task_state',
    false,
  ],
  [
    'blade_flow_task_candidate',
    'idx_blade_flow_task_candidate_who_task',
    ['tenant_id', 'candidate_kind', 'candidate_id', 'task_id'],
    'idx_blade_flow_task_candidate_who',
    true,
  ],
  [
    'blade_flow_definition',
    'idx_blade_flow_definition_key_state',
    ['tenant_id', 'process_key', 'suspension_state', 'version'],
    null,
    true,
  ],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  for (const [table, name, columns, replaces, onMysql] of INDEXES) {
    if (kind === 'mysql' && !onMysql) continue;
    await db.schema.createIndex(name).on(table).columns(columns).execute();
    if (replaces === null) continue;
    const drop = db.schema.dropIndex(replaces);
    await (kind === 'mysql' ? drop.on(table) : drop).execute();
  }
}
