import { AuditFieldsSchema, Nullable } from '@console/contract/schema';
import { sql, type SqlBool } from 'kysely';
import { Type, type Static } from 'typebox';
import { platformStore, type Actor, type Store } from '../../../core/repository/store.js';
import type { Page } from '@console/contract';
import type { Filter, ListQuery } from '../../../core/list-query.js';
import {
  containsPattern,
  filterExpression,
  type AnySelect,
} from '../../../core/repository/apply-list-query.js';
import { pageResult } from '../../../core/repository/page.js';
import { TableRepository, type TableSelect } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';
import { listHas } from '../../../core/repository/data-scope.js';
import { liveRows, unscoped } from '../../../core/repository/unscoped.js';
import { USER_STATUS } from '../../user/user.repository.js';

// The runtime's rows: instances (with the engine's state), user tasks with their candidates, and the
// history of activities. Writes that decide between concurrent callers are conditional updates here
// (a task claimed or completed once, an instance advanced from the revision it was read at).

export const RUN_STATE = { running: 1, finished: 2, deleted: 3, withdrawn: 4 } as const;
/** returned: waiting while an earlier person handles the return task that holds it (`heldBy`). */
export const TASK_STATE = { open: 1, completed: 2, cancelled: 3, returned: 4 } as const;
/** A step of the model, or the step a return or recall hands to an earlier person. */
export const TASK_KIND = { task: 'task', return: 'return' } as const;

export const InstanceRecordSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  definitionId: Type.String(),
  processKey: Type.String(),
  businessTable: Nullable(Type.String()),
  businessId: Nullable(Type.String()),
  startUser: Type.String(),
  startTime: Type.String(),
  endTime: Nullable(Type.String()),
  runState: Type.Integer(),
  endActivity: Nullable(Type.String()),
  deleteReason: Nullable(Type.String()),
  currentNodes: Nullable(Type.String()),
  revision: Type.Integer(),
});
export type InstanceRecord = Static<typeof InstanceRecordSchema>;

export const flowInstanceTable = defineTable<InstanceRecord, 'blade_flow_instance'>(
  'blade_flow_instance',
  { tenantScoped: true },
  {
    definitionId: ['id', { filter: true }],
    processKey: ['string', { filter: true, sort: true }],
    businessTable: ['string', { filter: true }],
    businessId: ['id', { filter: true }],
    startUser: ['id', { filter: true }],
    startTime: ['datetime', { filter: true, sort: true }],
    endTime: ['datetime', { sort: true }],
    runState: ['int', { filter: true, sort: true }],
    endActivity: ['string'],
    deleteReason: ['string'],
    currentNodes: ['string'],
    revision: ['int'],
    engineState: ['string', { writeOnly: true }],
    formData: ['string', { writeOnly: true }],
  },
);

/** The work lists' filter on a searchable form field (issue 51): the field's value contains `value`. */
export interface FormValueFilter {
  field: string;
  value: string;
}

/** The ids of the tenant's instances whose searchable field holds the filter's text (any case). */
function instancesMatching(store: Store, actor: Actor, filter: FormValueFilter) {
  return unscoped(store)
    .selectFrom('blade_flow_form_value')
    .select('instance_id')
    .where('tenant_id', '=', actor.tenantId)
    .where('is_deleted', '=', 0)
    .where('field_key', '=', filter.field)
    .where(sql<SqlBool>`lower(field_value) like lower(${containsPattern(filter.value)}) escape '!'`);
}

export class FlowInstanceRepository extends TableRepository<InstanceRecord, 'blade_flow_instance'> {
  constructor(store: Store) {
    super(store, flowInstanceTable);
  }

  /** The instance's form data as stored (JSON), null when its process binds no form. */
  async formDataOf(actor: Actor, id: string): Promise<string | null | undefined> {
    const row = await this.scopedSelect(actor)
      .select('form_data')
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    return row?.form_data;
  }

  async setFormData(actor: Actor, id: string, json: string): Promise<void> {
    await this.scopedUpdate(actor).set({ form_data: json }).where('id', '=', BigInt(id)).execute();
  }

  /** A page of instances, with only those whose searchable form field matches `byForm` when given. */
  async pageMatching(
    actor: Actor,
    query: ListQuery,
    byForm: FormValueFilter | null,
  ): Promise<Page<InstanceRecord>> {
    if (!byForm) return this.page(actor, query);
    return this.pageFrom(
      this.scopedSelect(actor).where('id', 'in', instancesMatching(this.store, actor, byForm)),
      query,
    );
  }

  /** Whether a business record has a running instance (of the process its form starts). */
  async runningFor(actor: Actor, businessTable: string, businessId: string): Promise<boolean> {
    const row = await this.scopedSelect(actor)
      .select('id')
      .where('business_table', '=', businessTable)
      .where('business_id', '=', BigInt(businessId))
      .where('run_state', '=', RUN_STATE.running)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Which of these business records have a running instance (a list's "under way" mark). */
  async runningAmong(
    actor: Actor,
    businessTable: string,
    businessIds: readonly string[],
  ): Promise<Set<string>> {
    if (businessIds.length === 0) return new Set();
    const rows = await this.scopedSelect(actor)
      .select('business_id')
      .distinct()
      .where('business_table', '=', businessTable)
      .where(
        'business_id',
        'in',
        businessIds.map((id) => BigInt(id)),
      )
      .where('run_state', '=', RUN_STATE.running)
      .execute();
    return new Set(rows.map((row) => String(row.business_id)));
  }

  async engineStateOf(actor: Actor, id: string): Promise<string | undefined> {
    const row = await this.scopedSelect(actor)
      .select('engine_state')
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    return row?.engine_state;
  }

  /**
   * Writes a step's outcome only if nobody advanced the instance since `revision` was read: false
   * means another step won (the caller's transaction rolls back).
   */
  async advance(
    actor: Actor,
    id: string,
    revision: number,
    values: {
      engineState: string;
      currentNodes: string | null;
      runState: number;
      endTime?: Date;
      endActivity?: string | null;
      deleteReason?: string;
    },
  ): Promise<boolean> {
    const result = await this.scopedUpdate(actor)
      .set({
        engine_state: values.engineState,
        current_nodes: values.currentNodes,
        run_state: values.runState,
        ...(values.endTime ? { end_time: values.endTime } : {}),
        ...(values.endActivity !== undefined ? { end_activity: values.endActivity } : {}),
        ...(values.deleteReason !== undefined ? { delete_reason: values.deleteReason } : {}),
        revision: revision + 1,
      })
      .where('id', '=', BigInt(id))
      .where('revision', '=', revision)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

export const TaskRecordSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  instanceId: Type.String(),
  definitionId: Type.String(),
  elementId: Type.String(),
  name: Type.String(),
  assignee: Nullable(Type.String()),
  claimTime: Nullable(Type.String()),
  endTime: Nullable(Type.String()),
  taskState: Type.Integer(),
  outcome: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  taskKind: Type.String(),
  heldBy: Nullable(Type.String()),
  owner: Nullable(Type.String()),
  fromUser: Nullable(Type.String()),
  fromComment: Nullable(Type.String()),
  nudgeTime: Nullable(Type.String()),
});
export type TaskRecord = Static<typeof TaskRecordSchema>;

export const flowTaskTable = defineTable<TaskRecord, 'blade_flow_task'>(
  'blade_flow_task',
  { tenantScoped: true },
  {
    instanceId: ['id', { filter: true }],
    definitionId: ['id', { filter: true }],
    elementId: ['string', { filter: true }],
    name: ['string', { filter: true, sort: true }],
    assignee: ['id', { filter: true }],
    claimTime: ['datetime', { sort: true }],
    endTime: ['datetime', { sort: true }],
    taskState: ['int', { filter: true }],
    outcome: ['string'],
    comment: ['string'],
    taskKind: ['string'],
    heldBy: ['id'],
    owner: ['id'],
    fromUser: ['id'],
    fromComment: ['string'],
    nudgeTime: ['datetime'],
  },
);

export interface Candidate {
  kind: 'user' | 'role' | 'dept';
  id: string;
}

/** Who the caller is, as a candidate: their user id, roles and department. */
export const candidatesOf = (actor: Actor): Candidate[] => [
  ...(actor.userId ? [{ kind: 'user' as const, id: actor.userId }] : []),
  ...(actor.roleIds ?? []).map((id) => ({ kind: 'role' as const, id })),
  ...(actor.deptId ? [{ kind: 'dept' as const, id: actor.deptId }] : []),
];

export class FlowTaskRepository extends TableRepository<TaskRecord, 'blade_flow_task'> {
  constructor(store: Store) {
    super(store, flowTaskTable);
  }

  async addCandidates(actor: Actor, taskId: string, candidates: Candidate[]): Promise<void> {
    if (candidates.length === 0) return;
    // The candidate table has no audit columns: scoped by the tenant written here and its task.
    await unscoped(this.store)
      .insertInto('blade_flow_task_candidate')
      .values(
        candidates.map((c) => ({
          id: BigInt(this.store.ids.next()),
          tenant_id: actor.tenantId,
          task_id: BigInt(taskId),
          candidate_kind: c.kind,
          candidate_id: BigInt(c.id),
        })),
      )
      .execute();
  }

  /** Whether the caller is among an open task's candidates. */
  async isCandidate(actor: Actor, taskId: string): Promise<boolean> {
    const who = candidatesOf(actor);
    if (who.length === 0) return false;
    const row = await unscoped(this.store)
      .selectFrom('blade_flow_task_candidate')
      .select('id')
      .where('tenant_id', '=', actor.tenantId)
      .where('task_id', '=', BigInt(taskId))
      .where((eb) =>
        eb.or(
          who.map((c) => eb.and([eb('candidate_kind', '=', c.kind), eb('candidate_id', '=', BigInt(c.id))])),
        ),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Whether the caller takes part in an instance: a task of it is or was theirs, or an open one
   * may be claimed by them.
   */
  async involves(actor: Actor, instanceId: string): Promise<boolean> {
    const who = candidatesOf(actor);
    const row = await this.scopedSelect(actor)
      .select('id')
      .where('instance_id', '=', BigInt(instanceId))
      .where((eb) =>
        eb.or([
          eb('assignee', '=', BigInt(actor.userId!)),
          ...(who.length === 0
            ? []
            : [
                eb.and([
                  eb('task_state', '=', TASK_STATE.open),
                  eb('id', 'in', (sub) =>
                    sub
                      .selectFrom('blade_flow_task_candidate')
                      .select('task_id')
                      .where('tenant_id', '=', actor.tenantId)
                      .where((c) =>
                        c.or(
                          who.map((w) =>
                            c.and([c('candidate_kind', '=', w.kind), c('candidate_id', '=', BigInt(w.id))]),
                          ),
                        ),
                      ),
                  ),
                ]),
              ]),
        ]),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A page of the open, unclaimed tasks the caller may claim (claim-list), newest first. */
  async claimablePage(
    actor: Actor,
    query: ListQuery,
    byDefinition: Filter[],
    byForm: FormValueFilter | null = null,
  ): Promise<Page<TaskRecord>> {
    const who = candidatesOf(actor);
    if (who.length === 0) return pageResult([], 0, query);
    const claimable = this.scopedSelect(actor)
      .where('task_state', '=', TASK_STATE.open)
      .where('assignee', 'is', null)
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('blade_flow_task_candidate')
          .select('task_id')
          .where('tenant_id', '=', actor.tenantId)
          .where((c) =>
            c.or(
              who.map((w) => c.and([c('candidate_kind', '=', w.kind), c('candidate_id', '=', BigInt(w.id))])),
            ),
          ),
      );
    return this.pageFrom(
      this.#ofForm(actor, this.#ofDefinitions(actor, claimable, byDefinition), byForm),
      query,
    );
  }

  /** A page of the tasks by assignee and state (todo: open; done: completed), newest first. */
  async assignedPage(
    actor: Actor,
    userId: string,
    state: number,
    query: ListQuery,
    byDefinition: Filter[],
    byForm: FormValueFilter | null = null,
  ): Promise<Page<TaskRecord>> {
    const assigned = this.scopedSelect(actor)
      .where('assignee', '=', BigInt(userId))
      .where('task_state', '=', state);
    return this.pageFrom(
      this.#ofForm(actor, this.#ofDefinitions(actor, assigned, byDefinition), byForm),
      query,
    );
  }

  /** Tasks of instances whose searchable form field matches the filter (all without one). */
  #ofForm(
    actor: Actor,
    tasks: TableSelect<'blade_flow_task'>,
    byForm: FormValueFilter | null,
  ): TableSelect<'blade_flow_task'> {
    return byForm ? tasks.where('instance_id', 'in', instancesMatching(this.store, actor, byForm)) : tasks;
  }

  /**
   * Tasks whose process definition passes the filters (a list's search by the process's name or
   * category). Removed definitions count: a task's process keeps its name after its deployment goes.
   */
  #ofDefinitions(
    actor: Actor,
    tasks: TableSelect<'blade_flow_task'>,
    filters: Filter[],
  ): TableSelect<'blade_flow_task'> {
    if (filters.length === 0) return tasks;
    const definitions = filters.reduce<AnySelect>(
      (q, f) => q.where((eb) => filterExpression(eb, f)),
      unscoped(this.store)
        .selectFrom('blade_flow_definition')
        .select('id')
        .where('tenant_id', '=', actor.tenantId) as unknown as AnySelect,
    );
    return tasks.where('definition_id', 'in', definitions);
  }

  /** claim-task: only while open and unclaimed; false when someone else was first. */
  async claim(actor: Actor, taskId: string, userId: string): Promise<boolean> {
    const result = await this.scopedUpdate(actor)
      .set({ assignee: BigInt(userId), claim_time: new Date() })
      .where('id', '=', BigInt(taskId))
      .where('task_state', '=', TASK_STATE.open)
      .where('assignee', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** complete-task: only the assignee, only once; false when it was completed meanwhile. */
  async complete(
    actor: Actor,
    taskId: string,
    userId: string,
    outcome: string,
    comment: string | null,
  ): Promise<boolean> {
    const result = await this.scopedUpdate(actor)
      .set({
        task_state: TASK_STATE.completed,
        outcome,
        comment,
        end_time: new Date(),
      })
      .where('id', '=', BigInt(taskId))
      .where('task_state', '=', TASK_STATE.open)
      .where('assignee', '=', BigInt(userId))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async openOf(actor: Actor, instanceId: string, elementId: string): Promise<TaskRecord | undefined> {
    const row = await this.scopedSelect(actor)
      .selectAll()
      .where('instance_id', '=', BigInt(instanceId))
      .where('element_id', '=', elementId)
      .where('task_state', '=', TASK_STATE.open)
      .executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  /** The open task of a countersign's signer on a node of an instance. */
  async openOfAssignee(
    actor: Actor,
    instanceId: string,
    elementId: string,
    assignee: string,
  ): Promise<TaskRecord | undefined> {
    if (!/^\d{1,19}$/.test(assignee)) return undefined;
    const row = await this.scopedSelect(actor)
      .selectAll()
      .where('instance_id', '=', BigInt(instanceId))
      .where('element_id', '=', elementId)
      .where('assignee', '=', BigInt(assignee))
      .where('task_state', '=', TASK_STATE.open)
      .executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  /**
   * Cancels the open tasks of a node of an instance but those of `keep` (assignees): the signers of
   * a countersign that was decided, or removed from it.
   */
  async cancelOpenOfElement(
    actor: Actor,
    instanceId: string,
    elementId: string,
    keep: readonly string[],
  ): Promise<string[]> {
    const open = await this.scopedSelect(actor)
      .select(['id', 'assignee'])
      .where('instance_id', '=', BigInt(instanceId))
      .where('element_id', '=', elementId)
      .where('task_state', '=', TASK_STATE.open)
      .where('task_kind', '=', TASK_KIND.task)
      .execute();
    const ids = open.filter((t) => !keep.includes(String(t.assignee))).map((t) => t.id);
    if (ids.length === 0) return [];
    await this.scopedUpdate(actor)
      .set({ task_state: TASK_STATE.cancelled, end_time: new Date() })
      .where('id', 'in', ids)
      .where('task_state', '=', TASK_STATE.open)
      .execute();
    return ids.map(String);
  }

  /** The tenant's role ids by alias (a model's `role:<alias>` candidate group). */
  async roleIdsByAlias(tenantId: string, aliases: string[]): Promise<Map<string, string[]>> {
    // Roles are read by alias within the tenant's live rows, written here (the platform's table:
    // in the main database, whichever database the tasks are in).
    const rows = await unscoped(platformStore(this.store))
      .selectFrom('blade_role')
      .select(['id', 'role_alias'])
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where('role_alias', 'in', aliases)
      .execute();
    const byAlias = new Map<string, string[]>();
    for (const row of rows)
      byAlias.set(row.role_alias, [...(byAlias.get(row.role_alias) ?? []), String(row.id)]);
    return byAlias;
  }

  /** The open tasks of an instance (and those waiting while returned) end with it (cancelled). */
  async cancelOpen(actor: Actor, instanceId: string): Promise<void> {
    await this.scopedUpdate(actor)
      .set({ task_state: TASK_STATE.cancelled, end_time: new Date() })
      .where('instance_id', '=', BigInt(instanceId))
      .where('task_state', 'in', [TASK_STATE.open, TASK_STATE.returned])
      .execute();
  }

  /** An instance's tasks, oldest first. */
  async ofInstance(actor: Actor, instanceId: string): Promise<TaskRecord[]> {
    const rows = await this.scopedSelect(actor)
      .selectAll()
      .where('instance_id', '=', BigInt(instanceId))
      .orderBy('id')
      .execute();
    return rows.map((row) => this.toEntity(row));
  }

  /** A new task row (a return task), with its audit columns. */
  async insertTask(
    actor: Actor,
    values: Pick<TaskRecord, 'instanceId' | 'definitionId' | 'elementId' | 'name' | 'assignee'> &
      Pick<TaskRecord, 'taskKind' | 'fromUser' | 'fromComment'>,
  ): Promise<string> {
    return this.insert(actor, { ...values, taskState: TASK_STATE.open });
  }

  /**
   * Changes an open task the caller read, only if it is still as read (state open, assignee and
   * owner unchanged): false when someone acted on it meanwhile.
   */
  async handOver(
    actor: Actor,
    task: TaskRecord,
    values: {
      assignee?: string;
      owner?: string | null;
      fromUser?: string | null;
      fromComment?: string | null;
      taskState?: number;
      heldBy?: string | null;
    },
  ): Promise<boolean> {
    const id = (v: string | null | undefined) => (v === null || v === undefined ? null : BigInt(v));
    const result = await this.scopedUpdate(actor)
      .set({
        ...(values.assignee !== undefined ? { assignee: BigInt(values.assignee) } : {}),
        ...(values.owner !== undefined ? { owner: id(values.owner) } : {}),
        ...(values.fromUser !== undefined ? { from_user: id(values.fromUser) } : {}),
        ...(values.fromComment !== undefined ? { from_comment: values.fromComment } : {}),
        ...(values.taskState !== undefined ? { task_state: values.taskState } : {}),
        ...(values.heldBy !== undefined ? { held_by: id(values.heldBy) } : {}),
      })
      .where('id', '=', BigInt(task.id))
      .where('task_state', '=', TASK_STATE.open)
      .where((eb) =>
        task.assignee === null ? eb('assignee', 'is', null) : eb('assignee', '=', BigInt(task.assignee)),
      )
      .where((eb) => (task.owner === null ? eb('owner', 'is', null) : eb('owner', '=', BigInt(task.owner))))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The tasks a return task holds come back (open), as they were. */
  async release(actor: Actor, returnTaskId: string): Promise<number> {
    const result = await this.scopedUpdate(actor)
      .set({ task_state: TASK_STATE.open, held_by: null })
      .where('held_by', '=', BigInt(returnTaskId))
      .where('task_state', '=', TASK_STATE.returned)
      .execute();
    return result.reduce((n, r) => n + Number(r.numUpdatedRows), 0);
  }

  /**
   * The tasks a return task holds end (cancelled): its resubmission went through the flow again, so
   * the steps after the one returned to wait anew instead.
   */
  async cancelHeld(actor: Actor, returnTaskId: string): Promise<number> {
    const result = await this.scopedUpdate(actor)
      .set({ task_state: TASK_STATE.cancelled, held_by: null, end_time: new Date() })
      .where('held_by', '=', BigInt(returnTaskId))
      .where('task_state', '=', TASK_STATE.returned)
      .execute();
    return result.reduce((n, r) => n + Number(r.numUpdatedRows), 0);
  }

  /** Marks a task nudged now unless it was nudged since `since`: false if it was. */
  async nudge(actor: Actor, taskId: string, since: Date): Promise<boolean> {
    const result = await this.scopedUpdate(actor)
      .set({ nudge_time: new Date() })
      .where('id', '=', BigInt(taskId))
      .where('task_state', '=', TASK_STATE.open)
      .where((eb) => eb.or([eb('nudge_time', 'is', null), eb('nudge_time', '<', since)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The candidates of a task (who hears of a nudge on a task nobody claimed). */
  async candidatesOfTask(actor: Actor, taskId: string): Promise<Candidate[]> {
    const rows = await unscoped(this.store)
      .selectFrom('blade_flow_task_candidate')
      .select(['candidate_kind', 'candidate_id'])
      .where('tenant_id', '=', actor.tenantId)
      .where('task_id', '=', BigInt(taskId))
      .execute();
    return rows.map((r) => ({ kind: r.candidate_kind, id: String(r.candidate_id) }));
  }
}

export const HistoryRecordSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  instanceId: Type.String(),
  elementId: Type.String(),
  name: Nullable(Type.String()),
  activityType: Type.String(),
  taskId: Nullable(Type.String()),
  assignee: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  startTime: Type.String(),
  endTime: Nullable(Type.String()),
  action: Nullable(Type.String()),
});
export type HistoryRecord = Static<typeof HistoryRecordSchema>;

export const flowHistoryTable = defineTable<HistoryRecord, 'blade_flow_history'>(
  'blade_flow_history',
  { tenantScoped: true },
  {
    instanceId: ['id', { filter: true }],
    elementId: ['string'],
    name: ['string'],
    activityType: ['string'],
    taskId: ['id'],
    assignee: ['id'],
    comment: ['string'],
    startTime: ['datetime', { sort: true }],
    endTime: ['datetime'],
    action: ['string'],
  },
);

export class FlowHistoryRepository extends TableRepository<HistoryRecord, 'blade_flow_history'> {
  constructor(store: Store) {
    super(store, flowHistoryTable);
  }

  async ofInstance(actor: Actor, instanceId: string): Promise<HistoryRecord[]> {
    const rows = await this.scopedSelect(actor)
      .selectAll()
      .where('instance_id', '=', BigInt(instanceId))
      .orderBy('start_time')
      .orderBy('id')
      .execute();
    return rows.map((row) => this.toEntity(row));
  }

  /** Closes the open record of an element (a task that ended in this step). */
  async close(
    actor: Actor,
    instanceId: string,
    elementId: string,
    values: { endTime: Date; assignee?: string | null; comment?: string | null; taskId?: string },
  ): Promise<void> {
    await this.scopedUpdate(actor)
      .set({
        end_time: values.endTime,
        ...(values.assignee ? { assignee: BigInt(values.assignee) } : {}),
        ...(values.comment !== undefined ? { comment: values.comment } : {}),
      })
      .where('instance_id', '=', BigInt(instanceId))
      .where('element_id', '=', elementId)
      .where('end_time', 'is', null)
      .execute();
  }

  /** An action a person took (return, transfer…): who, what, when, why, on which element. */
  async action(
    actor: Actor,
    values: {
      instanceId: string;
      elementId: string;
      name: string | null;
      action: string;
      taskId: string | null;
      comment: string | null;
    },
  ): Promise<void> {
    const now = new Date().toISOString();
    await this.insert(actor, {
      instanceId: values.instanceId,
      elementId: values.elementId,
      name: values.name,
      activityType: 'action',
      taskId: values.taskId,
      assignee: actor.userId ?? null,
      comment: values.comment,
      startTime: now,
      endTime: now,
      action: values.action,
    });
  }
}

export const CopyRecordSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  instanceId: Type.String(),
  taskId: Nullable(Type.String()),
  taskName: Nullable(Type.String()),
  userId: Type.String(),
  fromUser: Type.String(),
  readFlag: Type.Integer(),
  readTime: Nullable(Type.String()),
});
export type CopyRecord = Static<typeof CopyRecordSchema>;

export const flowCopyTable = defineTable<CopyRecord, 'blade_flow_copy'>(
  'blade_flow_copy',
  { tenantScoped: true },
  {
    instanceId: ['id', { filter: true }],
    taskId: ['id'],
    taskName: ['string'],
    userId: ['id', { filter: true }],
    fromUser: ['id'],
    readFlag: ['int', { filter: true, sort: true }],
    readTime: ['datetime', { sort: true }],
  },
);

/** Who was copied on a request (抄送) and whether they read it. */
export class FlowCopyRepository extends TableRepository<CopyRecord, 'blade_flow_copy'> {
  constructor(store: Store) {
    super(store, flowCopyTable);
  }

  async add(
    actor: Actor,
    values: { instanceId: string; taskId: string | null; taskName: string | null; userIds: string[] },
  ): Promise<void> {
    for (const userId of values.userIds)
      await this.insert(actor, {
        instanceId: values.instanceId,
        taskId: values.taskId,
        taskName: values.taskName,
        userId,
        fromUser: actor.userId ?? '0',
        readFlag: 0,
        readTime: null,
      });
  }

  /** Whether the caller was copied on the instance (they may read it and its diagram). */
  async isCopied(actor: Actor, instanceId: string): Promise<boolean> {
    const row = await this.scopedSelect(actor)
      .select('id')
      .where('instance_id', '=', BigInt(instanceId))
      .where('user_id', '=', BigInt(actor.userId ?? '0'))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A page of the caller's copies, in the query's order. */
  async pageOf(actor: Actor, query: ListQuery): Promise<Page<CopyRecord>> {
    return this.pageFrom(this.scopedSelect(actor).where('user_id', '=', BigInt(actor.userId ?? '0')), query);
  }

  /** Marks the caller's copies read; answers how many changed. */
  async markRead(actor: Actor, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.scopedUpdate(actor)
      .set({ read_flag: 1, read_time: new Date() })
      .where('user_id', '=', BigInt(actor.userId ?? '0'))
      .where('read_flag', '=', 0)
      .where(
        'id',
        'in',
        ids.map((id) => BigInt(id)),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}

/**
 * Users' names for the lists (their real names), by id, in one tenant: read in the main database,
 * whichever database `store` (a workflow store) is.
 */
export async function userNames(
  store: Store,
  tenantId: string,
  ids: Iterable<string | null>,
): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  // A read of the user table by ids the runtime holds, scoped to the tenant and live rows here.
  const rows = await unscoped(platformStore(store))
    .selectFrom('blade_user')
    .select(['id', 'real_name', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where(
      'id',
      'in',
      wanted.map((id) => BigInt(id)),
    )
    .execute();
  return new Map(rows.map((r) => [String(r.id), r.real_name || r.name || String(r.id)]));
}

/**
 * The live, enabled users of a tenant that a task's candidates name: the users themselves, the
 * holders of the roles and the members of the departments (`role_id` and `dept_id` hold comma-joined
 * ids), at most `limit` of them. Read in the main database, whichever database `store` is.
 */
export async function candidateUserIds(
  store: Store,
  tenantId: string,
  candidates: readonly Candidate[],
  limit: number,
): Promise<string[]> {
  if (candidates.length === 0) return [];
  const rows = await unscoped(platformStore(store))
    .selectFrom('blade_user')
    .select('id')
    .where(liveRows('blade_user', tenantId))
    .where('status', '=', USER_STATUS.ACTIVE)
    .where((eb) =>
      eb.or(
        candidates.map(({ kind, id }) =>
          kind === 'user'
            ? eb('id', '=', BigInt(id))
            : // One id of a comma-joined list, as the data scopes read them.
              listHas(eb.ref(kind === 'role' ? 'role_id' : 'dept_id'), id),
        ),
      ),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => String(row.id));
}
