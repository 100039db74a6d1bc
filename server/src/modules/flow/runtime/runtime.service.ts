import type {
  FlowBoundForm,
  FlowCompleteInput,
  FlowCountersign,
  FlowHistory,
  FlowInstance,
  FlowModelView,
  FlowSignerInput,
  FlowTask,
  Page,
} from '@console/contract';
import { found } from '../../../core/entity-service.js';
import { ApiError, badRequest, notFound } from '../../../core/errors.js';
import { parseListQuery, type Filter, type ListQuery } from '../../../core/list-query.js';
import { inTransaction, whenCommitted, type Actor, type Store } from '../../../core/repository/store.js';
import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import { flowModel, flowRuntime, type FlowRuntime } from '../engine/load.js';
import type { ParsedModel } from '../engine/model.js';
import {
  FormBindings,
  bindingOf,
  boundElements,
  boundFormView,
  parseFormData,
  parsePins,
  searchableValues,
  type PinnedForm,
} from '../form/form-binding.js';
import { FlowFormValueRepository } from '../form/form-value.repository.js';
import type { EngineState, StepResult } from '../engine/runtime.js';
import type { RecordEvent } from '../../log/usual-events.js';
import {
  FlowDefinitionRepository,
  flowDefinitionTable,
  type DefinitionRecord,
} from '../manager/definition.repository.js';
import {
  FlowCopyRepository,
  FlowHistoryRepository,
  FlowInstanceRepository,
  FlowTaskRepository,
  RUN_STATE,
  TASK_KIND,
  TASK_STATE,
  candidateUserIds,
  flowInstanceTable,
  flowTaskTable,
  userNames,
  type Candidate,
  type FormValueFilter,
  type HistoryRecord,
  type InstanceRecord,
  type TaskRecord,
} from './runtime.repository.js';
import type { TaskMessages } from './task-messages.js';

// Running processes (spec §7 "Workflow": work/*, follow/*, process/*). Each step reads the instance's
// stored engine state, runs the engine to its next wait in a new engine object, and writes the
// state back under the revision it read, in one transaction with the tasks and history it changed:
// any server process can take the next step, and of two concurrent steps one wins.

/** What a business module passes to start a process (the leave form, for one). */
export interface StartRequest {
  definitionId: string;
  variables: Record<string, unknown>;
  businessTable?: string;
  businessId?: string;
}

/**
 * One step in the engine; a step it refuses (the model cannot go on with what it was given) is a 400.
 * The engine is loaded by the caller before its transaction opens (`await flowRuntime()`): loading
 * code while holding a write transaction would keep every other writer waiting for it.
 */
async function engineStep(engine: FlowRuntime, step: () => Promise<StepResult>): Promise<StepResult> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof engine.TaskNotWaitingError) throw badRequest('flow.task.done');
    if (error instanceof engine.StepError) throw badRequest('flow.step.failed', { reason: error.message });
    if (error instanceof engine.VariableNotDeclaredError) {
      const params = { name: error.variable, element: error.element };
      throw badRequest(error.step === 'start' ? 'flow.start.variable' : 'flow.task.variable', params);
    }
    throw error;
  }
}

/** A stored model, parsed (it was vetted when deployed). */
async function parsedModel(xml: string): Promise<ParsedModel> {
  const { parseModel } = await flowModel();
  return parseModel(xml);
}

/**
 * The work lists' filter on a searchable form field (issue 51): `formField` (a field key) and
 * `formValue` (text the field's value contains, in any case); null when either is missing.
 */
function formFilterOf(raw: Record<string, unknown>): FormValueFilter | null {
  const field = typeof raw.formField === 'string' ? raw.formField.trim() : '';
  const value = typeof raw.formValue === 'string' ? raw.formValue.trim() : '';
  if (field === '' || value === '') return null;
  if (field.length > 64 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw badRequest('flow.form.filter');
  return { field, value: value.slice(0, 500) };
}

/** An engine candidate group: `role:<id or alias>`, `dept:<id>`; anything else names a role id. */
function groupCandidate(group: string): Candidate | undefined {
  const [kind, value] = group.includes(':') ? group.split(':', 2) : ['role', group];
  if (!value || !/^\d{1,19}$/.test(value)) return undefined;
  return kind === 'dept'
    ? { kind: 'dept', id: value }
    : kind === 'role'
      ? { kind: 'role', id: value }
      : undefined;
}

const idOrNull = (value: string | null): string | null => (value && /^\d{1,19}$/.test(value) ? value : null);

/**
 * A business record that follows its process (the leave request): told of every step of an instance
 * whose business table it owns, inside the step's transaction. `step` is null when the instance was
 * deleted.
 */
export type BusinessListener = (
  tx: Store,
  actor: Actor,
  instance: InstanceRecord,
  step: StepResult | null,
) => Promise<void>;

/**
 * A business form that owns a process (the leave form): its records follow the process's steps, and
 * its process starts only through its own call, so the form's rules apply however a start is sent
 * (security.md S15).
 */
export interface BusinessForm {
  /** The table of its records: the instances it starts carry it as their businessTable. */
  table: string;
  /** The key of the process it starts. */
  processKey: string;
  /** Its start call, named when a process of its key is started any other way. */
  startPath: string;
  /**
   * Whether 发起事务 lists the process (the leave: a person starts it there, the page opening its
   * form); false for one only a business step starts (a refund's second approval, by the review).
   */
  listed: boolean;
  follow: BusinessListener;
}

/**
 * What an action adds to a step, inside its transaction (the copies of a completion, the history of
 * a withdrawal): `task` is the task completed, null when the instance ended.
 */
export type StepHook = (
  tx: Store,
  step: { instance: InstanceRecord; task: TaskRecord | null; processName: string },
) => Promise<void>;

/** What a step sets of an instance's form: its values, beside the data as it was. */
interface FormStep {
  form: PinnedForm;
  existing: Record<string, unknown>;
  values: Record<string, unknown>;
}

export class FlowRuntimeService {
  /** The business forms by their table. */
  private readonly forms = new Map<string, BusinessForm>();

  constructor(
    /** Where each tenant's workflow records are (decision 0020). */
    private readonly stores: TenantStores,
    private readonly record: RecordEvent = () => undefined,
    /** Who hears of new tasks and decisions (the message center); nobody without it. */
    private readonly messages?: TaskMessages,
  ) {}

  /** Registers a business form: the module that owns a business table's records and its process. */
  register(form: BusinessForm): void {
    this.forms.set(form.table, form);
  }

  /**
   * A process owned by a business form starts only through that form's call, and a form starts only
   * its own process: the form's rules (who approves, how many days) then hold for every start.
   */
  private checkStartedByItsForm(definition: DefinitionRecord, request: StartRequest): void {
    const owner = [...this.forms.values()].find((form) => form.processKey === definition.processKey);
    if (owner && owner.table !== request.businessTable)
      throw badRequest('flow.start.formOnly', { name: definition.name, path: owner.startPath });
    if (!owner && request.businessTable !== undefined)
      throw badRequest('flow.start.notTheForms', { name: definition.name });
  }

  private async tell(
    tx: Store,
    actor: Actor,
    instance: InstanceRecord,
    step: StepResult | null,
  ): Promise<void> {
    const form = instance.businessTable ? this.forms.get(instance.businessTable) : undefined;
    await form?.follow(tx, actor, instance, step);
  }

  /**
   * Writes the tasks a step left waiting and the activities it entered or left; once committed, each
   * new task's assignee or candidates hear of it.
   */
  private async recordStep(
    tx: Store,
    actor: Actor,
    instance: { id: string; definitionId: string },
    processName: string,
    step: StepResult,
  ) {
    const tasks = new FlowTaskRepository(tx);
    const history = new FlowHistoryRepository(tx);
    const open = (await history.ofInstance(actor, instance.id)).filter((h) => h.endTime === null);
    for (const activity of step.activities) {
      const existing = open.find((h) => h.elementId === activity.elementId);
      if (existing) {
        // Entered in an earlier step: closed now if it ended.
        if (activity.endedAt) {
          await history.close(actor, instance.id, activity.elementId, { endTime: activity.endedAt });
          open.splice(open.indexOf(existing), 1);
        }
        continue;
      }
      await history.insert(actor, {
        instanceId: instance.id,
        elementId: activity.elementId,
        name: activity.name || null,
        activityType: activity.type,
        startTime: activity.startedAt.toISOString(),
        endTime: activity.endedAt ? activity.endedAt.toISOString() : null,
      });
    }
    for (const waiting of step.waiting) {
      // A countersign's node has a task per signer; any other node one task.
      const already = waiting.countersign
        ? await tasks.openOfAssignee(actor, instance.id, waiting.elementId, waiting.assignee ?? '0')
        : await tasks.openOf(actor, instance.id, waiting.elementId);
      if (already) continue;
      const assignee = idOrNull(waiting.assignee);
      const taskId = await tasks.insert(actor, {
        instanceId: instance.id,
        definitionId: instance.definitionId,
        elementId: waiting.elementId,
        name: waiting.name || waiting.elementId,
        assignee,
        taskState: TASK_STATE.open,
      });
      const candidates: Candidate[] = [
        ...waiting.candidateUsers.flatMap((u) => (idOrNull(u) ? [{ kind: 'user' as const, id: u }] : [])),
        ...waiting.candidateGroups.flatMap((g) => {
          const c = groupCandidate(g);
          return c ? [c] : [];
        }),
      ];
      await tasks.addCandidates(actor, taskId, candidates);
      const messages = this.messages;
      if (messages) {
        const task = { name: waiting.name || waiting.elementId, assignee, candidates };
        await whenCommitted(tx, () => messages.waiting(actor, processName, task));
      }
    }
  }

  /**
   * The signers' tasks of a countersign node after a vote or a change of signers: those the step no
   * longer waits for (the node was decided, or a signer was removed) are cancelled; recordStep then
   * opens those of new signers (the next one of a sequential countersign).
   */
  async settleSigners(
    tx: Store,
    actor: Actor,
    instanceId: string,
    elementId: string,
    step: StepResult,
  ): Promise<void> {
    const waiting = step.waiting
      .filter((w) => w.countersign && w.elementId === elementId)
      .map((w) => w.assignee ?? '');
    await new FlowTaskRepository(tx).cancelOpenOfElement(actor, instanceId, elementId, waiting);
  }

  private async resolveRoleAliases(store: Store, actor: Actor, step: StepResult): Promise<StepResult> {
    // `role:manager` names a role by alias as BladeX models do: the tenant's role ids replace it.
    const aliases = new Set(
      step.waiting.flatMap((w) =>
        w.candidateGroups.filter((g) => /^role:[A-Za-z_][\w-]*$/.test(g)).map((g) => g.slice(5)),
      ),
    );
    if (aliases.size === 0) return step;
    const ids = await new FlowTaskRepository(store).roleIdsByAlias(actor.tenantId, [...aliases]);
    return {
      ...step,
      waiting: step.waiting.map((w) => ({
        ...w,
        candidateGroups: w.candidateGroups.flatMap((g) => {
          if (!/^role:[A-Za-z_][\w-]*$/.test(g)) return [g];
          return (ids.get(g.slice(5)) ?? []).map((id) => `role:${id}`);
        }),
      })),
    };
  }

  /** Starts an instance of an active definition; answers the instance id. */
  async start(actor: Actor, request: StartRequest, tx?: Store): Promise<string> {
    // Loaded before our transaction; a caller that passes its own has loaded it first too.
    const engine = await flowRuntime();
    const run = async (store: Store) => {
      const definitions = new FlowDefinitionRepository(store);
      const definition = found(await definitions.findById(actor, request.definitionId));
      if (definition.suspensionState !== 1)
        throw badRequest('flow.definition.suspended', { name: definition.name });
      this.checkStartedByItsForm(definition, request);
      const xml = found(await definitions.xmlOf(actor, definition.id));
      // A start form (issue 51): what the start sends is its data, checked against the pinned form.
      const parsed = await parsedModel(xml);
      const startForm = parsed.startForm
        ? await (async (binding) => {
            const bindings = new FormBindings(store, actor);
            const pins = parsePins(await definitions.formPinsOf(actor, definition.id));
            const form = await bindings.pinned(binding.formKey, pins);
            return { form, data: await bindings.checkedStep(form, binding, request.variables, {}, true) };
          })(parsed.startForm)
        : null;
      const step = await this.resolveRoleAliases(
        store,
        actor,
        await engineStep(engine, () => engine.startProcess(xml, request.variables, actor.userId)),
      );
      const instances = new FlowInstanceRepository(store);
      const id = await instances.insert(actor, {
        definitionId: definition.id,
        processKey: definition.processKey,
        businessTable: request.businessTable ?? null,
        businessId: request.businessId ?? null,
        startUser: actor.userId ?? '0',
        startTime: new Date().toISOString(),
        endTime: step.ended ? new Date().toISOString() : null,
        runState: step.ended ? RUN_STATE.finished : RUN_STATE.running,
        endActivity: step.ended ? lastEnd(step) : null,
        currentNodes: nodesOf(step),
        revision: 0,
        ...({
          engineState: JSON.stringify(step.state),
          formData: startForm ? JSON.stringify(startForm.data) : null,
        } as Partial<InstanceRecord>),
      });
      if (startForm)
        await new FlowFormValueRepository(store).replace(
          actor,
          id,
          [],
          searchableValues(startForm.form.definition, startForm.data),
        );
      await this.recordStep(store, actor, { id, definitionId: definition.id }, definition.name, step);
      this.record(actor, {
        logId: 'flow.start',
        message: {
          key: 'flow.log.start',
          args: { process: definition.processKey, version: definition.version, instance: id },
        },
      });
      return id;
    };
    return tx ? run(tx) : inTransaction(await this.stores.storeFor(actor), run);
  }

  /**
   * A business form's start by process key (issue 51: the refund's second approval): the newest
   * active version in the caller's tenant; answers the instance id, or null when the tenant has
   * none deployed (nothing is started).
   */
  async startLatest(
    actor: Actor,
    processKey: string,
    request: Omit<StartRequest, 'definitionId'>,
    tx?: Store,
  ): Promise<string | null> {
    const store = tx ?? (await this.stores.storeFor(actor));
    const definition = await new FlowDefinitionRepository(store).latestActive(actor, processKey);
    if (!definition) return null;
    return this.start(actor, { ...request, definitionId: definition.id }, tx);
  }

  /** Whether a business record's process is running (its form waits for it). */
  async runningFor(actor: Actor, businessTable: string, businessId: string, tx?: Store): Promise<boolean> {
    const store = tx ?? (await this.stores.storeFor(actor));
    return new FlowInstanceRepository(store).runningFor(actor, businessTable, businessId);
  }

  /** claim-task: a candidate takes an open, unclaimed task; of two at once, one wins. */
  async claim(actor: Actor, taskId: string): Promise<void> {
    const tasks = new FlowTaskRepository(await this.stores.storeFor(actor));
    const task = found(await tasks.findById(actor, taskId));
    if (task.taskState !== TASK_STATE.open || task.assignee !== null) throw badRequest('flow.task.claimed');
    if (!(await tasks.isCandidate(actor, taskId))) throw new ApiError(403, 'flow.task.notCandidate');
    if (!(await tasks.claim(actor, taskId, actor.userId!))) throw badRequest('flow.task.claimed');
    this.record(actor, {
      logId: 'flow.claim',
      message: { key: 'flow.log.claim', args: { task: task.name, taskId: task.id } },
    });
  }

  /**
   * complete-task: the assignee's decision moves the instance on. The task's completion, the engine
   * step, the new tasks and the history are one transaction; a second completion of the same task
   * (or a concurrent step of the same instance) loses and changes nothing.
   */
  async complete(actor: Actor, input: FlowCompleteInput, within?: StepHook): Promise<void> {
    const store = await this.stores.storeFor(actor);
    const tasks = new FlowTaskRepository(store);
    const task = found(await tasks.findById(actor, input.taskId));
    if (task.instanceId !== input.processInstanceId) throw notFound();
    if (task.taskState !== TASK_STATE.open) throw badRequest('flow.task.done');
    if (task.assignee !== actor.userId) throw new ApiError(403, 'flow.task.notAssignee');
    // A return task or a delegated one does not move the engine: the actions service handles them.
    if (task.taskKind !== TASK_KIND.task || task.owner !== null) throw badRequest('flow.task.done');
    const pass = input.flag !== 'reject';
    const comment = input.comment?.trim() || null;
    const engine = await flowRuntime();
    await inTransaction(store, async (tx) => {
      const txTasks = new FlowTaskRepository(tx);
      if (!(await txTasks.complete(actor, task.id, actor.userId!, pass ? 'pass' : 'reject', comment)))
        throw badRequest('flow.task.done');
      const instances = new FlowInstanceRepository(tx);
      const instance = found(await instances.findById(actor, task.instanceId));
      if (instance.runState !== RUN_STATE.running) throw badRequest('flow.instance.ended');
      const state = JSON.parse(found(await instances.engineStateOf(actor, instance.id))) as EngineState;
      const xml = found(await new FlowDefinitionRepository(tx).xmlOf(actor, instance.definitionId));
      // A task with a form (issue 51) sets only its editable fields, checked against the pinned form.
      const formStep = await this.formStep(tx, actor, instance, xml, task.elementId, input.variables, pass);
      // The task's declared variables as given; the decision and comment from the flag and comment.
      const output = { ...input.variables, pass, comment: comment ?? '' };
      const step = await this.resolveRoleAliases(
        tx,
        actor,
        await engineStep(engine, () => engine.completeTask(xml, state, task.elementId, output, actor.userId)),
      );
      await advanceTo(instances, actor, instance, step);
      if (formStep) await this.storeFormStep(tx, actor, instance.id, formStep);
      const history = new FlowHistoryRepository(tx);
      const countersign = bindingCountersign(await parsedModel(xml), task.elementId);
      if (countersign) {
        // A signer's vote is an action of its own; the node's record closes when the votes decide it.
        await history.action(actor, {
          instanceId: instance.id,
          elementId: task.elementId,
          name: task.name,
          action: pass ? 'agree' : 'disagree',
          taskId: task.id,
          comment,
        });
        await this.settleSigners(tx, actor, instance.id, task.elementId, step);
      }
      if (!step.waiting.some((w) => w.countersign && w.elementId === task.elementId))
        await history.close(actor, instance.id, task.elementId, {
          endTime: new Date(),
          ...(countersign ? {} : { assignee: actor.userId, comment }),
        });
      const definition = found(await new FlowDefinitionRepository(tx).findById(actor, instance.definitionId));
      await this.recordStep(tx, actor, instance, definition.name, {
        ...step,
        activities: step.activities.filter((a) => a.elementId !== task.elementId),
      });
      await this.tell(tx, actor, instance, step);
      await within?.(tx, { instance, task, processName: definition.name });
      const messages = this.messages;
      if (messages)
        await whenCommitted(tx, () =>
          messages.decided(actor, definition.name, task.name, instance.startUser, pass, comment),
        );
    });
    this.record(actor, {
      logId: 'flow.complete',
      message: {
        key: pass ? 'flow.log.pass' : 'flow.log.reject',
        args: { task: task.name, instance: task.instanceId },
      },
      params: { comment },
    });
  }

  /**
   * Whether resubmitting a return that holds tasks of these elements goes through the flow again
   * (any of them modelled with returnMode "flow"), rather than straight back to them.
   */
  async returnsThroughFlow(tx: Store, actor: Actor, instance: InstanceRecord, heldElementIds: string[]) {
    const xml = found(await new FlowDefinitionRepository(tx).xmlOf(actor, instance.definitionId));
    const parsed = await parsedModel(xml);
    return parsed.userTasks.some((t) => heldElementIds.includes(t.id) && t.returnMode === 'flow');
  }

  /** Whether a node of the instance's model is a countersign (会签). */
  async isCountersign(tx: Store, actor: Actor, instance: InstanceRecord, elementId: string) {
    const xml = found(await new FlowDefinitionRepository(tx).xmlOf(actor, instance.definitionId));
    return bindingCountersign(await parsedModel(xml), elementId) !== null;
  }

  /**
   * What a step sets of the instance's form (issue 51): the editable fields of the element's binding,
   * given (the decision and comment left out: DECISION_VARIABLES, not fields) or kept, checked
   * against the form the definition pinned; null when the element has no form. `complete`: its
   * required fields must be filled.
   */
  private async formStep(
    tx: Store,
    actor: Actor,
    instance: InstanceRecord,
    xml: string,
    elementId: string,
    variables: Record<string, unknown> | undefined,
    complete: boolean,
  ): Promise<FormStep | null> {
    const binding = bindingOf(await parsedModel(xml), elementId);
    if (!binding) return null;
    const bindings = new FormBindings(tx, actor);
    const pins = parsePins(await new FlowDefinitionRepository(tx).formPinsOf(actor, instance.definitionId));
    const form = await bindings.pinned(binding.formKey, pins);
    const existing = parseFormData(await new FlowInstanceRepository(tx).formDataOf(actor, instance.id));
    const given = Object.fromEntries(
      Object.entries(variables ?? {}).filter(([key]) => key !== 'pass' && key !== 'comment'),
    );
    const values = await bindings.checkedStep(form, binding, given, existing, complete);
    return { form, existing, values };
  }

  /** Stores a step's form data with the instance, and its searchable values. */
  private async storeFormStep(tx: Store, actor: Actor, instanceId: string, step: FormStep): Promise<void> {
    const { form, existing, values } = step;
    await new FlowInstanceRepository(tx).setFormData(
      actor,
      instanceId,
      JSON.stringify({ ...existing, ...values }),
    );
    await new FlowFormValueRepository(tx).replace(
      actor,
      instanceId,
      Object.keys(values),
      searchableValues(form.definition, values),
    );
  }

  /**
   * A resubmission's form data (issue 51): whoever a request was returned to changes what their
   * step may change (the initiator the start form's editable fields, a task's assignee that task's),
   * stored with the instance and, straight back, merged into the waiting engine's variables (through
   * the flow the caller hands them to resubmitThroughFlow). {} when the step has no form.
   */
  async resubmitForm(
    tx: Store,
    actor: Actor,
    instance: InstanceRecord,
    elementId: string,
    variables: Record<string, unknown> | undefined,
    straightBack: boolean,
  ): Promise<Record<string, unknown>> {
    const xml = found(await new FlowDefinitionRepository(tx).xmlOf(actor, instance.definitionId));
    const formStep = await this.formStep(tx, actor, instance, xml, elementId, variables, true);
    if (!formStep) return {};
    await this.storeFormStep(tx, actor, instance.id, formStep);
    if (straightBack) {
      const engine = await flowRuntime();
      const instances = new FlowInstanceRepository(tx);
      const state = JSON.parse(found(await instances.engineStateOf(actor, instance.id))) as EngineState;
      const moved = await instances.advance(actor, instance.id, instance.revision, {
        engineState: JSON.stringify(engine.withVariables(state, formStep.values)),
        currentNodes: instance.currentNodes,
        runState: instance.runState,
      });
      if (!moved) throw badRequest('flow.instance.moved');
    }
    return formStep.values;
  }

  /**
   * A return resubmitted through the flow again: the engine discards the held tasks and runs on from
   * `fromElementId` (the task returned to, or the start event), under the instance's revision
   * check; the steps after it get new tasks, and the business record hears of the step. The caller
   * (in its transaction, the engine loaded before it) has ended the held tasks' rows.
   */
  async resubmitThroughFlow(
    tx: Store,
    actor: Actor,
    instance: InstanceRecord,
    heldElementIds: string[],
    fromElementId: string,
    comment: string | null,
    variables: Record<string, unknown> = {},
  ): Promise<void> {
    const engine = await flowRuntime();
    const instances = new FlowInstanceRepository(tx);
    const state = JSON.parse(found(await instances.engineStateOf(actor, instance.id))) as EngineState;
    const xml = found(await new FlowDefinitionRepository(tx).xmlOf(actor, instance.definitionId));
    const step = await this.resolveRoleAliases(
      tx,
      actor,
      await engineStep(engine, () =>
        engine.resubmitThroughFlow(xml, state, heldElementIds, fromElementId, {
          ...variables,
          pass: true,
          comment: comment ?? '',
        }),
      ),
    );
    await advanceTo(instances, actor, instance, step);
    const history = new FlowHistoryRepository(tx);
    for (const elementId of heldElementIds) {
      await history.close(actor, instance.id, elementId, { endTime: new Date() });
      // A countersign's other signers' tasks end with their node too (the held one already has).
      await this.settleSigners(tx, actor, instance.id, elementId, step);
    }
    const definition = found(await new FlowDefinitionRepository(tx).findById(actor, instance.definitionId));
    await this.recordStep(tx, actor, instance, definition.name, {
      ...step,
      // The held tasks' records were just closed; the one returned to is the return task's. A new
      // visit to a held task (open: the start led straight back to it) is recorded.
      activities: step.activities.filter(
        (a) => a.endedAt === null || (!heldElementIds.includes(a.elementId) && a.elementId !== fromElementId),
      ),
    });
    await this.tell(tx, actor, instance, step);
  }

  /**
   * work/signers: the countersign of the caller's task's node (its signers and their votes), for a
   * signer of it; null when the task is not a countersign's or its node no longer waits.
   */
  async signers(actor: Actor, taskId: string): Promise<FlowCountersign | null> {
    const store = await this.stores.storeFor(actor);
    const engine = await flowRuntime();
    const tasks = new FlowTaskRepository(store);
    const task = found(await tasks.findById(actor, taskId));
    const instance = found(await new FlowInstanceRepository(store).findById(actor, task.instanceId));
    const nodeTasks = (await tasks.ofInstance(actor, instance.id)).filter(
      (t) => t.elementId === task.elementId,
    );
    const countersign =
      instance.runState === RUN_STATE.running &&
      (await this.isCountersign(store, actor, instance, task.elementId))
        ? engine.countersignIn(
            JSON.parse(
              found(await new FlowInstanceRepository(store).engineStateOf(actor, instance.id)),
            ) as EngineState,
            task.elementId,
          )
        : null;
    // While the node waits, its signers now; once it no longer does, anyone who had a task of it.
    const signer = countersign
      ? signsNow(countersign, nodeTasks, actor.userId)
      : nodeTasks.some((t) => t.assignee === actor.userId);
    if (!signer) throw new ApiError(403, 'flow.countersign.notSigner');
    if (!countersign) return null;
    const names = await userNames(
      store,
      actor.tenantId,
      countersign.signers.map((s) => s.userId),
    );
    return {
      sequential: countersign.sequential,
      signers: countersign.signers.map((s) => ({
        userId: s.userId,
        name: names.get(s.userId) ?? null,
        vote: s.vote === null ? null : s.vote ? 'agree' : 'disagree',
      })),
    };
  }

  /**
   * 加签 / 减签 (work/add-signer, work/remove-signer; follow/… for a process administrator): signers
   * added to or removed from the countersign waiting in `taskId`'s node. Only a signer of that
   * countersign may, unless `administrator`; an added user is a live user of the tenant. A removal
   * that leaves nobody undecided is refused; one that lets the votes decide the node ends it, and the
   * instance moves on as after a vote. One transaction, under the instance's revision check.
   */
  async changeSigners(
    actor: Actor,
    input: FlowSignerInput,
    how: 'add' | 'remove',
    administrator: boolean,
  ): Promise<void> {
    const store = await this.stores.storeFor(actor);
    const engine = await flowRuntime();
    const comment = input.comment?.trim() || null;
    const userIds = [...new Set(input.userIds)];
    const task = await inTransaction(store, async (tx) => {
      const tasks = new FlowTaskRepository(tx);
      const task = found(await tasks.findById(actor, input.taskId));
      if (task.taskState !== TASK_STATE.open || task.taskKind !== TASK_KIND.task)
        throw badRequest('flow.task.done');
      const instances = new FlowInstanceRepository(tx);
      const instance = found(await instances.findById(actor, task.instanceId));
      if (instance.runState !== RUN_STATE.running) throw badRequest('flow.instance.ended');
      const xml = found(await new FlowDefinitionRepository(tx).xmlOf(actor, instance.definitionId));
      if (!bindingCountersign(await parsedModel(xml), task.elementId))
        throw badRequest('flow.countersign.not');
      const state = JSON.parse(found(await instances.engineStateOf(actor, instance.id))) as EngineState;
      const countersign = engine.countersignIn(state, task.elementId);
      if (!countersign) throw badRequest('flow.task.done');
      const nodeTasks = (await tasks.ofInstance(actor, instance.id)).filter(
        (t) => t.elementId === task.elementId,
      );
      const signer = signsNow(countersign, nodeTasks, actor.userId);
      if (!signer && !administrator) throw new ApiError(403, 'flow.countersign.notSigner');
      if (how === 'add') {
        const live = await candidateUserIds(
          tx,
          actor.tenantId,
          userIds.map((id) => ({ kind: 'user' as const, id })),
          userIds.length,
        );
        if (userIds.some((id) => !live.includes(id))) throw badRequest('flow.user.invalid');
      }
      const names = await userNames(tx, actor.tenantId, userIds);
      const change = how === 'add' ? { add: userIds } : { remove: userIds };
      const step = await this.resolveRoleAliases(
        tx,
        actor,
        await engineStep(engine, async () => {
          try {
            return await engine.changeSigners(xml, state, task.elementId, change);
          } catch (error) {
            if (!(error instanceof engine.CountersignChangeError)) throw error;
            const name = error.userId ? (names.get(error.userId) ?? error.userId) : '';
            if (error.code === 'alreadySigner') throw badRequest('flow.countersign.alreadySigner', { name });
            if (error.code === 'notSigner') throw badRequest('flow.countersign.undecided', { name });
            throw badRequest('flow.countersign.lastSigner');
          }
        }),
      );
      await advanceTo(instances, actor, instance, step);
      const history = new FlowHistoryRepository(tx);
      await history.action(actor, {
        instanceId: instance.id,
        elementId: task.elementId,
        name: task.name,
        action: how === 'add' ? 'addSigner' : 'removeSigner',
        taskId: task.id,
        comment: [userIds.map((id) => names.get(id) ?? id).join('、'), comment].filter(Boolean).join('：'),
      });
      await this.settleSigners(tx, actor, instance.id, task.elementId, step);
      const decided = !step.waiting.some((w) => w.countersign && w.elementId === task.elementId);
      if (decided) await history.close(actor, instance.id, task.elementId, { endTime: new Date() });
      const definition = found(await new FlowDefinitionRepository(tx).findById(actor, instance.definitionId));
      await this.recordStep(tx, actor, instance, definition.name, {
        ...step,
        activities: step.activities.filter((a) => a.elementId !== task.elementId),
      });
      if (decided) await this.tell(tx, actor, instance, step);
      return { ...task, names: userIds.map((id) => names.get(id) ?? id).join(', ') };
    });
    this.record(actor, {
      logId: how === 'add' ? 'flow.addSigner' : 'flow.removeSigner',
      message: {
        key: how === 'add' ? 'flow.log.addSigner' : 'flow.log.removeSigner',
        args: { task: task.name, instance: task.instanceId, users: task.names },
      },
      params: { comment },
    });
  }

  /**
   * follow/delete-process-instance: ends a running instance with a reason. With `withdrawn` (work/
   * withdraw), only its initiator may, and it ends as withdrawn; `within` runs in its transaction.
   */
  async deleteInstance(
    actor: Actor,
    instanceId: string,
    reason: string,
    options: { withdrawn?: boolean; within?: StepHook } = {},
  ): Promise<void> {
    const engine = await flowRuntime();
    await inTransaction(await this.stores.storeFor(actor), async (tx) => {
      const instances = new FlowInstanceRepository(tx);
      const instance = found(await instances.findById(actor, instanceId));
      if (options.withdrawn && instance.startUser !== actor.userId)
        throw new ApiError(403, 'flow.instance.notInitiator');
      if (instance.runState !== RUN_STATE.running) throw badRequest('flow.instance.ended');
      const state = JSON.parse(found(await instances.engineStateOf(actor, instance.id))) as EngineState;
      const xml = found(await new FlowDefinitionRepository(tx).xmlOf(actor, instance.definitionId));
      const step = await engineStep(engine, () => engine.cancelProcess(xml, state));
      const advanced = await instances.advance(actor, instance.id, instance.revision, {
        engineState: JSON.stringify(step.state),
        currentNodes: null,
        runState: options.withdrawn ? RUN_STATE.withdrawn : RUN_STATE.deleted,
        endTime: new Date(),
        deleteReason: reason,
      });
      if (!advanced) throw badRequest('flow.instance.moved');
      const definition = found(await new FlowDefinitionRepository(tx).findById(actor, instance.definitionId));
      await options.within?.(tx, { instance, task: null, processName: definition.name });
      await new FlowTaskRepository(tx).cancelOpen(actor, instance.id);
      await this.tell(tx, actor, instance, null);
    });
    if (options.withdrawn) return;
    this.record(actor, {
      logId: 'flow.instance.delete',
      message: { key: 'flow.log.instanceDelete', args: { instance: instanceId, reason } },
    });
  }

  // ---- lists

  private async definitionsOf(
    store: Store,
    actor: Actor,
    ids: string[],
  ): Promise<Map<string, DefinitionRecord>> {
    const rows = await new FlowDefinitionRepository(store).findAnyByIds(actor, ids);
    return new Map(rows.map((d) => [d.id, d]));
  }

  private async tasksOnWire(store: Store, actor: Actor, tasks: TaskRecord[]): Promise<FlowTask[]> {
    const instances = await new FlowInstanceRepository(store).findByIds(actor, [
      ...new Set(tasks.map((t) => t.instanceId)),
    ]);
    const byInstance = new Map(instances.map((i) => [i.id, i]));
    const definitions = await this.definitionsOf(store, actor, [
      ...new Set(tasks.map((t) => t.definitionId)),
    ]);
    const names = await userNames(store, actor.tenantId, [
      ...tasks.map((t) => t.assignee),
      ...tasks.map((t) => t.fromUser),
      ...instances.map((i) => i.startUser),
    ]);
    return tasks.flatMap((task) => {
      const instance = byInstance.get(task.instanceId);
      const definition = definitions.get(task.definitionId);
      if (!instance || !definition) return [];
      return [
        {
          taskId: task.id,
          taskName: task.name,
          taskDefinitionKey: task.elementId,
          ...processFields(instance, definition, names),
          assignee: task.assignee,
          assigneeName: task.assignee ? (names.get(task.assignee) ?? null) : null,
          createTime: task.createTime ?? '',
          claimTime: task.claimTime,
          endTime: task.endTime,
          outcome: task.outcome,
          comment: task.comment,
          processIsFinished: instance.runState !== RUN_STATE.running,
          kind:
            task.taskKind === TASK_KIND.return
              ? ('returned' as const)
              : task.owner !== null
                ? ('delegated' as const)
                : ('task' as const),
          fromUser: task.fromUser,
          fromUserName: task.fromUser ? (names.get(task.fromUser) ?? null) : null,
          fromComment: task.fromComment,
        },
      ];
    });
  }

  private async instancesOnWire(
    store: Store,
    actor: Actor,
    instances: InstanceRecord[],
  ): Promise<FlowInstance[]> {
    const definitions = await this.definitionsOf(store, actor, [
      ...new Set(instances.map((i) => i.definitionId)),
    ]);
    const names = await userNames(
      store,
      actor.tenantId,
      instances.map((i) => i.startUser),
    );
    return instances.flatMap((instance) => {
      const definition = definitions.get(instance.definitionId);
      if (!definition) return [];
      return [
        {
          ...processFields(instance, definition, names),
          startTime: instance.startTime,
          endTime: instance.endTime,
          status: instance.runState,
          currentNodes: instance.currentNodes,
          endActivity: instance.endActivity,
          deleteReason: instance.deleteReason,
        },
      ];
    });
  }

  /** todo-list: a page of the caller's open tasks. */
  async todoList(actor: Actor, raw: Record<string, unknown>): Promise<Page<FlowTask>> {
    return this.taskPage(actor, raw, (tasks, query, byDefinition, byForm) =>
      tasks.assignedPage(actor, actor.userId!, TASK_STATE.open, query, byDefinition, byForm),
    );
  }

  /** done-list: a page of the tasks the caller completed. */
  async doneList(actor: Actor, raw: Record<string, unknown>): Promise<Page<FlowTask>> {
    return this.taskPage(actor, raw, (tasks, query, byDefinition, byForm) =>
      tasks.assignedPage(actor, actor.userId!, TASK_STATE.completed, query, byDefinition, byForm),
    );
  }

  /** claim-list: a page of the open, unclaimed tasks the caller may claim. */
  async claimList(actor: Actor, raw: Record<string, unknown>): Promise<Page<FlowTask>> {
    return this.taskPage(actor, raw, (tasks, query, byDefinition, byForm) =>
      tasks.claimablePage(actor, query, byDefinition, byForm),
    );
  }

  /** A page of tasks, read in the database under the list's query (taskListQuery), on the wire. */
  private async taskPage(
    actor: Actor,
    raw: Record<string, unknown>,
    page: (
      tasks: FlowTaskRepository,
      query: ListQuery,
      byDefinition: Filter[],
      byForm: FormValueFilter | null,
    ) => Promise<Page<TaskRecord>>,
  ): Promise<Page<FlowTask>> {
    const store = await this.stores.storeFor(actor);
    const { query, byDefinition } = taskListQuery(raw, store.timeZone);
    const tasks = await page(new FlowTaskRepository(store), query, byDefinition, formFilterOf(raw));
    return { ...tasks, records: await this.tasksOnWire(store, actor, tasks.records) };
  }

  /** send-list: the instances the caller started. */
  async sendList(actor: Actor, raw: Record<string, unknown>): Promise<Page<FlowInstance>> {
    return this.instancePage(actor, { ...raw, startUser: actor.userId ?? '0' });
  }

  /** follow/list: every instance of the tenant. */
  async followList(actor: Actor, raw: Record<string, unknown>): Promise<Page<FlowInstance>> {
    return this.instancePage(actor, raw);
  }

  private async instancePage(actor: Actor, raw: Record<string, unknown>): Promise<Page<FlowInstance>> {
    const store = await this.stores.storeFor(actor);
    const query = parseListQuery({ descs: 'start_time', ...raw }, flowInstanceTable, store.timeZone);
    const page = await new FlowInstanceRepository(store).pageMatching(actor, query, formFilterOf(raw));
    return { ...page, records: await this.instancesOnWire(store, actor, page.records) };
  }

  /** work/start-form: a definition's start form (issue 51) as the starter fills it; null: none. */
  async startForm(actor: Actor, definitionId: string): Promise<FlowBoundForm | null> {
    const store = await this.stores.storeFor(actor);
    const definitions = new FlowDefinitionRepository(store);
    const definition = found(await definitions.findById(actor, definitionId));
    const parsed = await parsedModel(found(await definitions.xmlOf(actor, definition.id)));
    if (!parsed.startForm) return null;
    const pins = parsePins(await definitions.formPinsOf(actor, definition.id));
    const form = await new FormBindings(store, actor).pinned(parsed.startForm.formKey, pins);
    // Nothing is filled in yet: only what the start sets is shown.
    const view = boundFormView(form, parsed.startForm, {}, { editable: true, taskId: null });
    const fields = view.definition.fields.filter((f) => view.access[f.key] === 'editable');
    return {
      ...view,
      definition: { ...view.definition, fields },
      access: Object.fromEntries(fields.map((f) => [f.key, 'editable' as const])),
    };
  }

  /**
   * process/form-data: an instance's form data as the reader sees it (issue 51). A reader with an
   * open task of the instance sees it through that task's form (its hidden fields left out),
   * editable when `taskId` names that task (the handling dialog); any other reader (the initiator,
   * a copied user, the process administrator) through the start event's form, read-only. Null when
   * the process has no form.
   */
  async formData(
    actor: Actor,
    instanceId: string,
    taskId: string | undefined,
    ownOnly = false,
  ): Promise<FlowBoundForm | null> {
    const store = await this.stores.storeFor(actor);
    const instance = await this.readableInstance(store, actor, instanceId, ownOnly);
    const definitions = new FlowDefinitionRepository(store);
    const parsed = await parsedModel(found(await definitions.xmlOf(actor, instance.definitionId)));
    const bound = boundElements(parsed);
    if (bound.length === 0) return null;
    const own = (await new FlowTaskRepository(store).ofInstance(actor, instance.id)).filter(
      (t) =>
        t.taskState === TASK_STATE.open &&
        t.assignee === actor.userId &&
        // A task of the model, or one returned to the reader (its step's form, editable again).
        (t.taskKind === TASK_KIND.task || t.taskKind === TASK_KIND.return) &&
        bindingOf(parsed, t.elementId) !== null,
    );
    const task = (taskId ? own.find((t) => t.id === taskId) : undefined) ?? own[0];
    const binding = task ? bindingOf(parsed, task.elementId)! : (parsed.startForm ?? bound[0]!.binding);
    const editable = task !== undefined && task.id === taskId && task.owner === null;
    const pins = parsePins(await definitions.formPinsOf(actor, instance.definitionId));
    const form = await new FormBindings(store, actor).pinned(binding.formKey, pins);
    const data = parseFormData(await new FlowInstanceRepository(store).formDataOf(actor, instance.id));
    return boundFormView(form, binding, data, { editable, taskId: editable ? task.id : null });
  }

  /** start-list: a page of the newest active version of each process of the tenant, by key. */
  async startList(actor: Actor, raw: Record<string, unknown>): Promise<Page<DefinitionRecord>> {
    const store = await this.stores.storeFor(actor);
    const query = parseListQuery({ ascs: 'process_key', ...raw }, flowDefinitionTable, store.timeZone);
    const unlisted = [...this.forms.values()].filter((form) => !form.listed).map((form) => form.processKey);
    return new FlowDefinitionRepository(store).latestActivePage(actor, query, unlisted);
  }

  /**
   * An instance the caller may read: any of the tenant's, or with `ownOnly` (a reader without the
   * process tracking menu: security S16) only one they started or take part in; else 404.
   */
  private async readableInstance(
    store: Store,
    actor: Actor,
    instanceId: string,
    ownOnly: boolean,
  ): Promise<InstanceRecord> {
    const instance = found(await new FlowInstanceRepository(store).findById(actor, instanceId));
    if (!ownOnly || instance.startUser === actor.userId) return instance;
    if (await new FlowTaskRepository(store).involves(actor, instance.id)) return instance;
    // Copied to them (抄送): they may read the request and its diagram.
    if (await new FlowCopyRepository(store).isCopied(actor, instance.id)) return instance;
    throw notFound();
  }

  async history(actor: Actor, instanceId: string, ownOnly = false): Promise<FlowHistory[]> {
    const store = await this.stores.storeFor(actor);
    await this.readableInstance(store, actor, instanceId, ownOnly);
    const rows = await new FlowHistoryRepository(store).ofInstance(actor, instanceId);
    const names = await userNames(
      store,
      actor.tenantId,
      rows.map((r) => r.assignee),
    );
    return rows.map((row) => historyOnWire(row, names));
  }

  /** model-view: by instance (its diagram and history) or by definition (the diagram alone). */
  async modelView(
    actor: Actor,
    query: { processInstanceId?: string; processDefinitionId?: string },
    ownOnly = false,
  ): Promise<FlowModelView> {
    const store = await this.stores.storeFor(actor);
    const definitions = new FlowDefinitionRepository(store);
    if (query.processInstanceId) {
      const instance = await this.readableInstance(store, actor, query.processInstanceId, ownOnly);
      const xml = found(await definitions.xmlOf(actor, instance.definitionId));
      const flow = await this.history(actor, instance.id);
      return { xml, flow, takenFlows: takenFlowsOf(flow, xml) };
    }
    if (!query.processDefinitionId) throw notFound();
    // A definition's diagram belongs to the pages that manage processes, not to one's own items.
    if (ownOnly) throw new ApiError(403, 'error.noMenu');
    return {
      xml: found(await definitions.xmlOf(actor, query.processDefinitionId)),
      flow: [],
      takenFlows: [],
    };
  }
}

/** The process part of a work-list or instance-list row. */
/** The task lists' searches over a task's process definition: the wire's name → the definition's field. */
const TASK_DEFINITION_SEARCH: Readonly<Record<string, string>> = {
  processDefinitionName: 'name',
  category: 'category',
};

/**
 * A task list's query: its page, its order over the task's own fields (newest first by default),
 * the task by id (`taskId`), and its search over the task's process definition by name and category
 * (with the contract's suffixes, `category_equal`…), which the repository applies as a subquery.
 */
function taskListQuery(
  raw: Record<string, unknown>,
  timeZone: string,
): { query: ListQuery; byDefinition: Filter[] } {
  const ownKeys = new Set(['current', 'size', 'ascs', 'descs']);
  const own: Record<string, unknown> = {};
  const definition: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const name = key.split('_')[0]!;
    if (ownKeys.has(key)) own[key] = value;
    else if (name === 'taskId') own[`id${key.slice(name.length)}`] = value;
    else if (TASK_DEFINITION_SEARCH[name])
      definition[TASK_DEFINITION_SEARCH[name] + key.slice(name.length)] = value;
  }
  return {
    query: parseListQuery(own, flowTaskTable, timeZone),
    byDefinition: parseListQuery(definition, flowDefinitionTable, timeZone).filters,
  };
}

function processFields(instance: InstanceRecord, definition: DefinitionRecord, names: Map<string, string>) {
  return {
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
  };
}

/** The countersign of a model's user task, or null (a task of one person). */
function bindingCountersign(parsed: ParsedModel, elementId: string) {
  return parsed.userTasks.find((t) => t.id === elementId)?.multiInstance ?? null;
}

/**
 * The instance moved on to the engine's step (running, or finished at its end), if nobody moved it
 * since it was read (its revision); else 400 flow.instance.moved and the transaction rolls back.
 */
async function advanceTo(
  instances: FlowInstanceRepository,
  actor: Actor,
  instance: InstanceRecord,
  step: StepResult,
): Promise<void> {
  const advanced = await instances.advance(actor, instance.id, instance.revision, {
    engineState: JSON.stringify(step.state),
    currentNodes: nodesOf(step),
    runState: step.ended ? RUN_STATE.finished : RUN_STATE.running,
    ...(step.ended ? { endTime: new Date(), endActivity: lastEnd(step) } : {}),
  });
  if (!advanced) throw badRequest('flow.instance.moved');
}

function nodesOf(step: StepResult): string | null {
  const names = [...new Set(step.waiting.map((w) => w.name || w.elementId))];
  return names.length > 0 ? names.join(',').slice(0, 255) : null;
}

function lastEnd(step: StepResult): string | null {
  const ends = step.activities.filter((a) => a.type === 'bpmn:EndEvent' || /EndEvent$/.test(a.type));
  return ends.at(-1)?.elementId ?? null;
}

function historyOnWire(row: HistoryRecord, names: Map<string, string>): FlowHistory {
  const start = Date.parse(row.startTime);
  const end = row.endTime ? Date.parse(row.endTime) : NaN;
  return {
    historyActivityId: row.elementId,
    historyActivityName: row.name,
    historyActivityType: row.activityType,
    taskId: row.taskId,
    assignee: row.assignee,
    assigneeName: row.assignee ? (names.get(row.assignee) ?? null) : null,
    comment: row.comment,
    startTime: row.startTime,
    endTime: row.endTime,
    durationInMillis: Number.isFinite(end) && Number.isFinite(start) ? Math.max(0, end - start) : null,
    action: row.action,
  };
}

/** The sequence flows between two visited activities, from the XML's sourceRef/targetRef pairs. */
function takenFlowsOf(flow: FlowHistory[], xml: string): string[] {
  const visited = new Set(flow.map((f) => f.historyActivityId));
  const taken: string[] = [];
  const pattern = /<(?:\w+:)?sequenceFlow\b[^>]*>/g;
  for (const match of xml.matchAll(pattern)) {
    const tag = match[0];
    const id = /\bid="([^"]+)"/.exec(tag)?.[1];
    const source = /\bsourceRef="([^"]+)"/.exec(tag)?.[1];
    const target = /\btargetRef="([^"]+)"/.exec(tag)?.[1];
    if (id && source && target && visited.has(source) && visited.has(target)) taken.push(id);
  }
  return taken;
}

/**
 * Whether a user signs the countersign now waiting in a node: a signer of it who has voted in it or
 * holds an open task of it. A task of an earlier visit to the node (a process that looped back to
 * it) does not count, nor does a sequential signer whose turn has not come.
 */
function signsNow(
  countersign: { signers: { userId: string; vote: boolean | null }[] },
  nodeTasks: readonly TaskRecord[],
  userId: string | null,
): boolean {
  const own = countersign.signers.find((s) => s.userId === userId);
  if (!own) return false;
  return (
    own.vote !== null ||
    nodeTasks.some(
      (t) => t.assignee === userId && t.taskState === TASK_STATE.open && t.taskKind === TASK_KIND.task,
    )
  );
}
