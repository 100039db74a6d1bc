import type {
  FlowCompleteInput,
  FlowCopy,
  FlowHandOverInput,
  FlowOpenTask,
  FlowReturnInput,
  FlowReturnTarget,
  Page,
} from '@console/contract';
import { FLOW_NUDGE_INTERVAL_MS } from '@console/contract/schema';
import { parseDateTime } from '../../../core/dates.js';
import { found } from '../../../core/entity-service.js';
import { ApiError, badRequest, notFound } from '../../../core/errors.js';
import { translate } from '../../../core/i18n.js';
import { parseListQuery } from '../../../core/list-query.js';
import { inTransaction, whenCommitted, type Actor, type Store } from '../../../core/repository/store.js';
import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import type { RecordEvent } from '../../log/usual-events.js';
import { FlowDefinitionRepository } from '../manager/definition.repository.js';
import { flowRuntime } from '../engine/load.js';
import {
  FlowCopyRepository,
  FlowHistoryRepository,
  FlowInstanceRepository,
  FlowTaskRepository,
  RUN_STATE,
  TASK_KIND,
  TASK_STATE,
  candidateUserIds,
  flowCopyTable,
  userNames,
  type InstanceRecord,
  type TaskRecord,
} from './runtime.repository.js';
import type { FlowRuntimeService, StartRequest } from './runtime.service.js';
import type { FlowActionMessage, TaskMessages } from './task-messages.js';

// Issue 51, part A: what people do with a task besides deciding it, and the initiator with their
// request. None of these moves the engine: a return or a recall holds the waiting tasks (state
// returned) while a return task sits with the earlier person, and resubmitting it reopens them as
// they were (straight back to whoever returned it); a transfer or a delegation changes who holds the
// task (a delegation keeps its owner, who gets it back); a withdrawal ends the instance through the
// runtime. Each is one transaction whose writes are conditional on the task or instance as read, and
// each writes an action row into the instance's history (who, what, when, why).

/** The link of each message: where its reader acts. */
const LINK = { todo: '/work/todo/index', send: '/work/send/index', copy: '/work/copy/index' } as const;

export class FlowActionService {
  constructor(
    private readonly stores: TenantStores,
    private readonly runtime: FlowRuntimeService,
    private readonly record: RecordEvent = () => undefined,
    private readonly messages?: TaskMessages,
  ) {}

  /** Tells once committed (when there is a message center). */
  private async tell(
    tx: Store,
    actor: Actor,
    users: { assignee: string | null; candidates?: Parameters<TaskMessages['action']>[1]['candidates'] },
    key: FlowActionMessage,
    names: { process: string; task: string },
    body: string | null,
    link: string,
  ): Promise<void> {
    const messages = this.messages;
    if (!messages) return;
    await whenCommitted(tx, () => messages.action(actor, users, { key, ...names, body, link }));
  }

  private async processName(tx: Store, actor: Actor, definitionId: string): Promise<string> {
    return (await new FlowDefinitionRepository(tx).findById(actor, definitionId))?.name ?? '';
  }

  /** An open task that is the caller's (assignee; a candidate must claim first), as read in `tx`. */
  private async ownTask(tx: Store, actor: Actor, taskId: string): Promise<TaskRecord> {
    const task = found(await new FlowTaskRepository(tx).findById(actor, taskId));
    if (task.taskState !== TASK_STATE.open) throw badRequest('flow.task.done');
    if (task.assignee !== actor.userId) throw new ApiError(403, 'flow.task.notYours');
    return task;
  }

  private async runningInstance(tx: Store, actor: Actor, instanceId: string): Promise<InstanceRecord> {
    const instance = found(await new FlowInstanceRepository(tx).findById(actor, instanceId));
    if (instance.runState !== RUN_STATE.running) throw badRequest('flow.instance.ended');
    return instance;
  }

  /** A live, enabled user of the caller's tenant (another tenant's, removed or disabled: refused). */
  private async activeUser(store: Store, actor: Actor, userId: string): Promise<void> {
    const [user] = await candidateUserIds(store, actor.tenantId, [{ kind: 'user', id: userId }], 1);
    if (user !== userId) throw badRequest('flow.user.invalid');
  }

  /** The users a step copies: distinct live users of the tenant, the caller left out; else 400. */
  private async copyUsers(store: Store, actor: Actor, ids: readonly string[] | undefined): Promise<string[]> {
    const wanted = [...new Set(ids ?? [])].filter((id) => id !== actor.userId);
    if (wanted.length === 0) return [];
    const live = await candidateUserIds(
      store,
      actor.tenantId,
      wanted.map((id) => ({ kind: 'user' as const, id })),
      wanted.length,
    );
    if (live.length !== wanted.length) throw badRequest('flow.user.invalid');
    return wanted;
  }

  /** Writes the copies of a step, its history row, and tells the users once committed. */
  private async addCopies(
    tx: Store,
    actor: Actor,
    step: { instance: InstanceRecord; task: TaskRecord | null; processName: string },
    userIds: string[],
  ): Promise<void> {
    if (userIds.length === 0) return;
    const { instance, task, processName } = step;
    const taskName = task?.name ?? processName;
    await new FlowCopyRepository(tx).add(actor, {
      instanceId: instance.id,
      taskId: task?.id ?? null,
      taskName,
      userIds,
    });
    const names = await userNames(tx, actor.tenantId, userIds);
    await new FlowHistoryRepository(tx).action(actor, {
      instanceId: instance.id,
      elementId: task?.elementId ?? 'start',
      name: taskName,
      action: 'copy',
      taskId: task?.id ?? null,
      comment: userIds.map((id) => names.get(id) ?? id).join(', '),
    });
    const messages = this.messages;
    if (messages)
      await whenCommitted(tx, async () => {
        for (const userId of userIds)
          await messages.action(
            actor,
            { assignee: userId },
            { key: 'copied', process: processName, task: taskName, body: null, link: LINK.copy },
          );
      });
  }

  // ---- starting and completing, with copies

  /**
   * A business form's start (the leave form) copies users too: in the form's transaction, once its
   * instance started; refused (400) for a user who is not a live one of the tenant.
   */
  async copyStarted(
    tx: Store,
    actor: Actor,
    instanceId: string,
    copyUserIds: readonly string[] | undefined,
  ): Promise<void> {
    const copies = await this.copyUsers(tx, actor, copyUserIds);
    if (copies.length === 0) return;
    const instance = found(await new FlowInstanceRepository(tx).findById(actor, instanceId));
    const processName = await this.processName(tx, actor, instance.definitionId);
    await this.addCopies(tx, actor, { instance, task: null, processName }, copies);
  }

  /** start-process with the users it copies. */
  async start(actor: Actor, request: StartRequest, copyUserIds?: readonly string[]): Promise<string> {
    const store = await this.stores.storeFor(actor);
    const copies = await this.copyUsers(store, actor, copyUserIds);
    if (copies.length === 0) return this.runtime.start(actor, request);
    await flowRuntime();
    return inTransaction(store, async (tx) => {
      const id = await this.runtime.start(actor, request, tx);
      const instance = found(await new FlowInstanceRepository(tx).findById(actor, id));
      const processName = await this.processName(tx, actor, instance.definitionId);
      await this.addCopies(tx, actor, { instance, task: null, processName }, copies);
      return id;
    });
  }

  /**
   * complete-task: a return task is resubmitted (the tasks it holds reopen), a delegated task goes
   * back to its owner, any other is decided by the runtime; each may copy users.
   */
  async complete(actor: Actor, input: FlowCompleteInput): Promise<'decided' | 'resubmitted' | 'resolved'> {
    const store = await this.stores.storeFor(actor);
    const task = found(await new FlowTaskRepository(store).findById(actor, input.taskId));
    if (task.instanceId !== input.processInstanceId) throw notFound();
    const copies = await this.copyUsers(store, actor, input.copyUserIds);
    const comment = input.comment?.trim() || null;
    if (task.taskKind === TASK_KIND.return) {
      await this.resubmit(actor, store, task.id, comment, copies, input.variables);
      return 'resubmitted';
    }
    if (task.owner !== null) {
      await this.resolve(actor, store, task.id, comment, copies);
      return 'resolved';
    }
    await this.runtime.complete(actor, input, (tx, step) => this.addCopies(tx, actor, step, copies));
    return 'decided';
  }

  /**
   * The earlier person resubmits a returned request, changing what their step may change of its form
   * (`variables`): the tasks it held reopen as they were.
   */
  private async resubmit(
    actor: Actor,
    store: Store,
    taskId: string,
    comment: string | null,
    copies: string[],
    variables: Record<string, unknown> | undefined,
  ): Promise<void> {
    // Loaded before the transaction (a resubmission through the flow runs the engine).
    await flowRuntime();
    const held = await inTransaction(store, async (tx) => {
      const task = await this.ownTask(tx, actor, taskId);
      const instance = await this.runningInstance(tx, actor, task.instanceId);
      const tasks = new FlowTaskRepository(tx);
      if (!(await tasks.complete(actor, task.id, actor.userId!, 'resubmit', comment)))
        throw badRequest('flow.task.done');
      const heldTasks = (await tasks.ofInstance(actor, instance.id)).filter(
        (t) => t.heldBy === task.id && t.taskState === TASK_STATE.returned,
      );
      const heldElements = [...new Set(heldTasks.map((t) => t.elementId))];
      // The model's choice (issue 51): straight back to the tasks it held, or through the flow again
      // from the step returned to (their rows end; the engine opens the steps after it anew).
      const throughFlow = await this.runtime.returnsThroughFlow(tx, actor, instance, heldElements);
      const data = await this.runtime.resubmitForm(
        tx,
        actor,
        instance,
        task.elementId,
        variables,
        !throughFlow,
      );
      const reopened = throughFlow ? [] : heldTasks;
      if (throughFlow) await tasks.cancelHeld(actor, task.id);
      else await tasks.release(actor, task.id);
      const history = new FlowHistoryRepository(tx);
      await history.close(actor, instance.id, task.elementId, {
        endTime: new Date(),
        assignee: actor.userId,
        comment,
      });
      await history.action(actor, {
        instanceId: instance.id,
        elementId: task.elementId,
        name: task.name,
        action: 'resubmit',
        taskId: task.id,
        comment,
      });
      if (throughFlow)
        await this.runtime.resubmitThroughFlow(
          tx,
          actor,
          instance,
          heldElements,
          task.elementId,
          comment,
          data,
        );
      const processName = await this.processName(tx, actor, instance.definitionId);
      for (const back of reopened)
        await this.tell(
          tx,
          actor,
          { assignee: back.assignee, candidates: await tasks.candidatesOfTask(actor, back.id) },
          'resubmitted',
          { process: processName, task: back.name },
          comment,
          back.assignee ? LINK.todo : '/work/claim/index',
        );
      await this.addCopies(tx, actor, { instance, task, processName }, copies);
      return task;
    });
    this.record(actor, {
      logId: 'flow.resubmit',
      message: { key: 'flow.log.resubmit', args: { task: held.name, instance: held.instanceId } },
      params: { comment },
    });
  }

  /** The delegate has acted: the task goes back to its owner, with the delegate's comment. */
  private async resolve(
    actor: Actor,
    store: Store,
    taskId: string,
    comment: string | null,
    copies: string[],
  ): Promise<void> {
    const task = await inTransaction(store, async (tx) => {
      const task = await this.ownTask(tx, actor, taskId);
      const instance = await this.runningInstance(tx, actor, task.instanceId);
      const owner = task.owner!;
      const moved = await new FlowTaskRepository(tx).handOver(actor, task, {
        assignee: owner,
        owner: null,
        fromUser: actor.userId!,
        fromComment: comment,
      });
      if (!moved) throw badRequest('flow.task.done');
      await new FlowHistoryRepository(tx).action(actor, {
        instanceId: instance.id,
        elementId: task.elementId,
        name: task.name,
        action: 'resolve',
        taskId: task.id,
        comment,
      });
      const processName = await this.processName(tx, actor, instance.definitionId);
      await this.tell(
        tx,
        actor,
        { assignee: owner },
        'resolved',
        { process: processName, task: task.name },
        comment,
        LINK.todo,
      );
      await this.addCopies(tx, actor, { instance, task, processName }, copies);
      return task;
    });
    this.record(actor, {
      logId: 'flow.resolve',
      message: { key: 'flow.log.resolve', args: { task: task.name, instance: task.instanceId } },
      params: { comment },
    });
  }

  // ---- return

  /**
   * Where a task may be returned to: the initiator, and each task of the instance already passed
   * (completed, other than this task's own step), with who last did it; latest first.
   */
  async returnTargets(actor: Actor, taskId: string): Promise<FlowReturnTarget[]> {
    const store = await this.stores.storeFor(actor);
    const task = await this.ownTask(store, actor, taskId);
    const instance = found(await new FlowInstanceRepository(store).findById(actor, task.instanceId));
    const passed = await this.passedTasks(store, actor, task);
    const names = await userNames(store, actor.tenantId, [
      instance.startUser,
      ...passed.map((t) => t.assignee),
    ]);
    return [
      ...passed.map((t) => ({
        target: t.elementId,
        taskName: t.name,
        assignee: t.assignee,
        assigneeName: t.assignee ? (names.get(t.assignee) ?? null) : null,
      })),
      {
        target: 'initiator',
        taskName: translate('zh', 'flow.return.initiatorTask'),
        assignee: instance.startUser,
        assigneeName: names.get(instance.startUser) ?? null,
      },
    ];
  }

  /** The instance's steps already passed (completed tasks of the model), the latest of each, latest first. */
  private async passedTasks(store: Store, actor: Actor, task: TaskRecord): Promise<TaskRecord[]> {
    const all = await new FlowTaskRepository(store).ofInstance(actor, task.instanceId);
    const latest = new Map<string, TaskRecord>();
    for (const t of all.reverse()) {
      if (t.taskKind !== TASK_KIND.task || t.taskState !== TASK_STATE.completed) continue;
      if (t.elementId === task.elementId || t.assignee === null || latest.has(t.elementId)) continue;
      latest.set(t.elementId, t);
    }
    return [...latest.values()];
  }

  /**
   * return-task: the task waits (returned) while the person of the target step, or the initiator,
   * has a return task with the reason; their resubmission reopens it.
   */
  async returnTask(actor: Actor, input: FlowReturnInput): Promise<void> {
    const store = await this.stores.storeFor(actor);
    const comment = input.comment?.trim() || null;
    const task = await inTransaction(store, async (tx) => {
      const task = await this.ownTask(tx, actor, input.taskId);
      if (task.taskKind === TASK_KIND.return) throw badRequest('flow.return.returnTask');
      if (task.owner !== null) throw badRequest('flow.task.delegated');
      const instance = await this.runningInstance(tx, actor, task.instanceId);
      const passed = await this.passedTasks(tx, actor, task);
      const target =
        input.target === 'initiator' || (input.target === 'previous' && passed.length === 0)
          ? null
          : input.target === 'previous'
            ? passed[0]!
            : passed.find((t) => t.elementId === input.target);
      if (target === undefined) throw badRequest('flow.return.badTarget', { target: input.target });
      const history = new FlowHistoryRepository(tx);
      const startElement =
        (await history.ofInstance(actor, instance.id)).find((h) => h.activityType === 'bpmn:StartEvent')
          ?.elementId ?? 'start';
      // A countersign's node goes back whole: its other signers' open tasks wait with this one.
      const held = (await new FlowTaskRepository(tx).ofInstance(actor, instance.id)).filter(
        (t) =>
          t.id === task.id ||
          (t.elementId === task.elementId &&
            t.taskState === TASK_STATE.open &&
            t.taskKind === TASK_KIND.task),
      );
      await this.holdFor(tx, actor, instance, held, {
        elementId: target?.elementId ?? startElement,
        name: target?.name ?? translate('zh', 'flow.return.initiatorTask'),
        assignee: target?.assignee ?? instance.startUser,
        comment,
        action: 'return',
        actedOn: task,
      });
      return task;
    });
    this.record(actor, {
      logId: 'flow.return',
      message: { key: 'flow.log.return', args: { task: task.name, instance: task.instanceId } },
      params: { comment, target: input.target },
    });
  }

  /**
   * Holds `held` (state returned) for a new return task of `to.assignee`, writes the history (the
   * action, and the return task as an open activity) and tells the assignee.
   */
  private async holdFor(
    tx: Store,
    actor: Actor,
    instance: InstanceRecord,
    held: TaskRecord[],
    to: {
      elementId: string;
      name: string;
      assignee: string;
      comment: string | null;
      action: 'return' | 'recall';
      actedOn: TaskRecord;
    },
  ): Promise<void> {
    const tasks = new FlowTaskRepository(tx);
    const returnTaskId = await tasks.insertTask(actor, {
      instanceId: instance.id,
      definitionId: instance.definitionId,
      elementId: to.elementId,
      name: to.name,
      assignee: to.assignee,
      taskKind: TASK_KIND.return,
      fromUser: actor.userId ?? null,
      fromComment: to.comment,
    });
    for (const task of held)
      if (!(await tasks.handOver(actor, task, { taskState: TASK_STATE.returned, heldBy: returnTaskId })))
        throw badRequest('flow.instance.moved');
    const history = new FlowHistoryRepository(tx);
    await history.action(actor, {
      instanceId: instance.id,
      elementId: to.actedOn.elementId,
      name: to.actedOn.name,
      action: to.action,
      taskId: to.actedOn.id,
      comment: to.comment,
    });
    await history.insert(actor, {
      instanceId: instance.id,
      elementId: to.elementId,
      name: to.name,
      activityType: 'bpmn:UserTask',
      taskId: returnTaskId,
      assignee: to.assignee,
      comment: null,
      startTime: new Date().toISOString(),
      endTime: null,
      action: null,
    });
    const processName = await this.processName(tx, actor, instance.definitionId);
    await this.tell(
      tx,
      actor,
      { assignee: to.assignee },
      'returned',
      { process: processName, task: to.name },
      to.comment,
      LINK.todo,
    );
  }

  // ---- transfer, delegate, reassign

  /**
   * transfer-task (the assignee), delegate-task (the assignee: the task comes back to them) and
   * reassign (a process administrator: any open task of the tenant, claimed or not).
   */
  async handOver(actor: Actor, input: FlowHandOverInput, how: 'transfer' | 'delegate' | 'reassign') {
    const store = await this.stores.storeFor(actor);
    const comment = input.comment?.trim() || null;
    const task = await inTransaction(store, async (tx) => {
      const task =
        how === 'reassign'
          ? found(await new FlowTaskRepository(tx).findById(actor, input.taskId))
          : await this.ownTask(tx, actor, input.taskId);
      if (task.taskState !== TASK_STATE.open) throw badRequest('flow.task.done');
      if (task.taskKind === TASK_KIND.return && how !== 'reassign')
        throw badRequest('flow.return.returnTask');
      if (task.owner !== null && how !== 'reassign') throw badRequest('flow.task.delegated');
      if (input.userId === actor.userId || input.userId === task.assignee) throw badRequest('flow.user.self');
      await this.activeUser(tx, actor, input.userId);
      const instance = await this.runningInstance(tx, actor, task.instanceId);
      // A countersign's votes are its signers': another person joins by 加签, not by taking a vote.
      if (await this.runtime.isCountersign(tx, actor, instance, task.elementId))
        throw badRequest('flow.countersign.handOver');
      const moved = await new FlowTaskRepository(tx).handOver(actor, task, {
        assignee: input.userId,
        // A delegation keeps its owner; a transfer or reassignment makes the task wholly the user's.
        owner: how === 'delegate' ? actor.userId! : null,
        fromUser: actor.userId!,
        fromComment: comment,
      });
      if (!moved) throw badRequest('flow.instance.moved');
      await new FlowHistoryRepository(tx).action(actor, {
        instanceId: instance.id,
        elementId: task.elementId,
        name: task.name,
        action: how,
        taskId: task.id,
        comment,
      });
      const processName = await this.processName(tx, actor, instance.definitionId);
      await this.tell(
        tx,
        actor,
        { assignee: input.userId },
        how === 'delegate' ? 'delegated' : 'transferred',
        { process: processName, task: task.name },
        comment,
        LINK.todo,
      );
      return task;
    });
    const names = await userNames(store, actor.tenantId, [input.userId]);
    this.record(actor, {
      logId: `flow.${how}`,
      message: {
        key: how === 'delegate' ? 'flow.log.delegate' : 'flow.log.transfer',
        args: { task: task.name, instance: task.instanceId, user: names.get(input.userId) ?? input.userId },
      },
      params: { comment },
    });
  }

  /** follow/open-tasks: the open tasks of an instance of the tenant (an administrator reassigns one). */
  async openTasks(actor: Actor, instanceId: string): Promise<FlowOpenTask[]> {
    const store = await this.stores.storeFor(actor);
    const instance = found(await new FlowInstanceRepository(store).findById(actor, instanceId));
    const open = (await new FlowTaskRepository(store).ofInstance(actor, instance.id)).filter(
      (t) => t.taskState === TASK_STATE.open,
    );
    const names = await userNames(
      store,
      actor.tenantId,
      open.map((t) => t.assignee),
    );
    return open.map((t) => ({
      taskId: t.id,
      taskName: t.name,
      assignee: t.assignee,
      assigneeName: t.assignee ? (names.get(t.assignee) ?? null) : null,
      createTime: t.createTime ?? '',
    }));
  }

  // ---- the initiator's actions

  private async ownInstance(tx: Store, actor: Actor, instanceId: string): Promise<InstanceRecord> {
    const instance = found(await new FlowInstanceRepository(tx).findById(actor, instanceId));
    if (instance.startUser !== actor.userId) throw new ApiError(403, 'flow.instance.notInitiator');
    if (instance.runState !== RUN_STATE.running) throw badRequest('flow.instance.ended');
    return instance;
  }

  /**
   * recall: the initiator takes the request back while nobody has acted on it (no task completed,
   * returned, delegated or transferred): its open tasks wait for the initiator's resubmission.
   */
  async recall(actor: Actor, instanceId: string, comment: string | null): Promise<void> {
    const store = await this.stores.storeFor(actor);
    await inTransaction(store, async (tx) => {
      const instance = await this.ownInstance(tx, actor, instanceId);
      const tasks = await new FlowTaskRepository(tx).ofInstance(actor, instance.id);
      if (tasks.some((t) => t.taskKind === TASK_KIND.return && t.taskState === TASK_STATE.open))
        throw badRequest('flow.recall.returned');
      // Acted on: a step of the model completed, or a task returned, handed over or delegated (a
      // recall resubmitted before does not count: nobody but the initiator has done anything).
      const handled = new Set(['return', 'transfer', 'reassign', 'delegate', 'resolve']);
      const acted =
        tasks.some((t) => t.taskKind === TASK_KIND.task && t.taskState === TASK_STATE.completed) ||
        (await new FlowHistoryRepository(tx).ofInstance(actor, instance.id)).some(
          (h) => h.action !== null && handled.has(h.action),
        );
      if (acted) throw badRequest('flow.recall.acted');
      const open = tasks.filter((t) => t.taskState === TASK_STATE.open);
      if (open.length === 0) throw badRequest('flow.recall.acted');
      const history = new FlowHistoryRepository(tx);
      const startElement =
        (await history.ofInstance(actor, instance.id)).find((h) => h.activityType === 'bpmn:StartEvent')
          ?.elementId ?? 'start';
      await this.holdFor(tx, actor, instance, open, {
        elementId: startElement,
        name: translate('zh', 'flow.return.initiatorTask'),
        assignee: actor.userId!,
        comment,
        action: 'recall',
        actedOn: open[0]!,
      });
    });
    this.record(actor, {
      logId: 'flow.recall',
      message: { key: 'flow.log.recall', args: { instance: instanceId } },
      params: { comment },
    });
  }

  /** withdraw: the initiator ends the whole request before its end; it ends as withdrawn. */
  async withdraw(actor: Actor, instanceId: string, comment: string | null): Promise<void> {
    const reason = comment ?? translate('zh', 'flow.withdrawn');
    await this.runtime.deleteInstance(actor, instanceId, reason, {
      withdrawn: true,
      within: async (tx, { instance, processName }) => {
        const tasks = (await new FlowTaskRepository(tx).ofInstance(actor, instance.id)).filter(
          (t) => t.taskState === TASK_STATE.open,
        );
        await new FlowHistoryRepository(tx).action(actor, {
          instanceId: instance.id,
          elementId: tasks[0]?.elementId ?? 'start',
          name: tasks[0]?.name ?? processName,
          action: 'withdraw',
          taskId: null,
          comment,
        });
        for (const task of tasks)
          if (task.assignee !== actor.userId)
            await this.tell(
              tx,
              actor,
              {
                assignee: task.assignee,
                candidates: await new FlowTaskRepository(tx).candidatesOfTask(actor, task.id),
              },
              'withdrawn',
              { process: processName, task: task.name },
              comment,
              LINK.todo,
            );
      },
    });
    this.record(actor, {
      logId: 'flow.withdraw',
      message: { key: 'flow.log.withdraw', args: { instance: instanceId, reason } },
    });
  }

  /**
   * nudge: the initiator reminds whoever holds the request's open tasks (their assignees, or the
   * candidates of one nobody claimed), at most once an hour per task.
   */
  async nudge(actor: Actor, instanceId: string, comment: string | null): Promise<void> {
    const store = await this.stores.storeFor(actor);
    await inTransaction(store, async (tx) => {
      const instance = await this.ownInstance(tx, actor, instanceId);
      const taskRepo = new FlowTaskRepository(tx);
      const open = (await taskRepo.ofInstance(actor, instance.id)).filter(
        (t) => t.taskState === TASK_STATE.open && t.assignee !== actor.userId,
      );
      if (open.length === 0) throw badRequest('flow.nudge.nobody');
      const now = Date.now();
      const since = new Date(now - FLOW_NUDGE_INTERVAL_MS);
      const nudged = (t: TaskRecord) =>
        t.nudgeTime ? (parseDateTime(t.nudgeTime, tx.timeZone)?.instant.getTime() ?? 0) : 0;
      const last = Math.max(...open.map(nudged));
      for (const task of open)
        if (!(await taskRepo.nudge(actor, task.id, since))) {
          const wait =
            Number.isFinite(last) && last > 0 ? last + FLOW_NUDGE_INTERVAL_MS - now : FLOW_NUDGE_INTERVAL_MS;
          throw badRequest('flow.nudge.tooSoon', { minutes: Math.max(1, Math.ceil(wait / 60_000)) });
        }
      const history = new FlowHistoryRepository(tx);
      const processName = await this.processName(tx, actor, instance.definitionId);
      for (const task of open) {
        await history.action(actor, {
          instanceId: instance.id,
          elementId: task.elementId,
          name: task.name,
          action: 'nudge',
          taskId: task.id,
          comment,
        });
        await this.tell(
          tx,
          actor,
          { assignee: task.assignee, candidates: await taskRepo.candidatesOfTask(actor, task.id) },
          'nudged',
          { process: processName, task: task.name },
          comment,
          task.assignee ? LINK.todo : '/work/claim/index',
        );
      }
    });
    this.record(actor, {
      logId: 'flow.nudge',
      message: { key: 'flow.log.nudge', args: { instance: instanceId } },
    });
  }

  // ---- copies

  /** copy-list: the caller's copies, unread first (`order` unread, the default) or newest first. */
  async copyList(actor: Actor, raw: Record<string, unknown>): Promise<Page<FlowCopy>> {
    const store = await this.stores.storeFor(actor);
    const byTime = raw.order === 'time';
    const query = parseListQuery(
      { current: raw.current, size: raw.size, ...(byTime ? {} : { ascs: 'read_flag' }) },
      flowCopyTable,
      store.timeZone,
    );
    const page = await new FlowCopyRepository(store).pageOf(actor, query);
    const instances = await new FlowInstanceRepository(store).findByIds(actor, [
      ...new Set(page.records.map((c) => c.instanceId)),
    ]);
    const byId = new Map(instances.map((i) => [i.id, i]));
    const definitions = new Map(
      (
        await new FlowDefinitionRepository(store).findAnyByIds(actor, [
          ...new Set(instances.map((i) => i.definitionId)),
        ])
      ).map((d) => [d.id, d]),
    );
    const names = await userNames(store, actor.tenantId, [
      ...page.records.map((c) => c.fromUser),
      ...instances.map((i) => i.startUser),
    ]);
    const records = page.records.flatMap((copy): FlowCopy[] => {
      const instance = byId.get(copy.instanceId);
      const definition = instance && definitions.get(instance.definitionId);
      if (!instance || !definition) return [];
      return [
        {
          id: copy.id,
          processInstanceId: instance.id,
          processDefinitionId: definition.id,
          processDefinitionKey: definition.processKey,
          processDefinitionName: definition.name,
          processDefinitionVersion: definition.version,
          category: definition.category,
          businessTable: instance.businessTable,
          businessId: instance.businessId,
          startUser: instance.startUser,
          startUserName: names.get(instance.startUser) ?? null,
          taskName: copy.taskName,
          fromUser: copy.fromUser,
          fromUserName: names.get(copy.fromUser) ?? null,
          createTime: copy.createTime ?? '',
          readFlag: copy.readFlag,
          readTime: copy.readTime,
          status: instance.runState,
          processIsFinished: instance.runState !== RUN_STATE.running,
        },
      ];
    });
    return { ...page, records };
  }

  /** read-copy: marks the caller's copies read (others' ids change nothing); answers how many. */
  async readCopies(actor: Actor, ids: string[]): Promise<number> {
    return new FlowCopyRepository(await this.stores.storeFor(actor)).markRead(actor, ids);
  }
}
