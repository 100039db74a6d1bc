// Running a process instance one step at a time. Every call builds a brand-new bpmn-engine Engine,
// recovers it from the state the caller stored, moves it forward and returns the new state: nothing
// is kept in memory between calls, so any server process can take the next step of any instance.
//
// The engine is given no way to run code: a `scripts` registry that knows no script (so its
// JavaScript runner, which uses node:vm, is never installed), an `expressions` resolver that only
// evaluates FEEL through feelin, and timers that refuse to be set. Models are also vetted by
// loadModel (model.ts), which refuses script tasks, services, timers and the like.
import { EventEmitter } from 'node:events';
import { Engine } from 'bpmn-engine';
import type { BpmnEngineOptions } from 'bpmn-engine';
import { Task } from 'bpmn-elements';
import { evaluateCondition, evaluateIdentities } from './expressions.js';
import { loadModel, ModelError } from './model.js';
import type { ModdleDocument, MultiInstanceDefinition, ParsedModel, UserTaskDefinition } from './model.js';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * The whole state of one process instance: bpmn-engine's getState() (without the serialized model,
 * which every step rebuilds from the XML it is given) plus our own `flowRuntime` member (process
 * variables, waiting tasks with their evaluated assignment). Plain JSON: callers store it with
 * JSON.stringify and pass back JSON.parse of it; no object is shared between calls. Every step of
 * an instance must be given the XML of the deployment that started it.
 */
export type EngineState = { [key: string]: JsonValue };

export interface WaitingTask {
  elementId: string;
  name: string;
  /** Evaluated when the task started: a literal as modelled, an expression's value as a string. */
  assignee: string | null;
  candidateUsers: string[];
  candidateGroups: string[];
  /**
   * The engine's id of this run of the element (a task visited twice gets two). The signers of a
   * countersign share their node's.
   */
  executionId: string;
  startedAt: Date;
  /** One signer's task of a countersign (its assignee is the signer). */
  countersign: boolean;
}

export interface ActivityRecord {
  elementId: string;
  name: string;
  /** The BPMN type, e.g. `bpmn:UserTask`. */
  type: string;
  startedAt: Date;
  endedAt: Date | null;
  /** Same as WaitingTask.executionId: ties the end of a task to its start in an earlier step. */
  executionId: string;
}

export interface StepResult {
  state: EngineState;
  variables: Record<string, unknown>;
  waiting: WaitingTask[];
  ended: boolean;
  /**
   * Activities entered or left during this step, in order of entry: first the tasks that started in
   * an earlier step and ended in this one, then what this step entered (endedAt null: still waiting).
   */
  activities: ActivityRecord[];
  /** Ids of the sequence flows taken during this step. */
  takenFlows: string[];
  /** True once cancelProcess stopped the instance. */
  cancelled: boolean;
}

/** completeTask was asked to complete an element that has no waiting user task. */
export class TaskNotWaitingError extends Error {
  constructor(readonly elementId: string) {
    super(`No user task "${elementId}" is waiting`);
    this.name = 'TaskNotWaitingError';
  }
}

/**
 * A step that could not be taken: `timeout` (it did not settle in STEP_TIMEOUT_MS), `failed` (the
 * engine raised an error, e.g. no outgoing flow of a gateway held), `badState` (the stored state is
 * not one of ours), `badVariables` (variables that are not JSON).
 */
export class StepError extends Error {
  constructor(
    readonly code: 'timeout' | 'failed' | 'badState' | 'badVariables',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StepError';
  }
}

/**
 * A start or a completion was given a variable its element does not declare (security.md S15): a
 * start event's form fields are what a start may set, a user task's what its completion may set.
 */
export class VariableNotDeclaredError extends Error {
  constructor(
    readonly variable: string,
    /** The start event or the user task, by name (its id when it has none). */
    readonly element: string,
    readonly step: 'start' | 'complete',
  ) {
    super(`"${element}" does not declare the variable "${variable}"`);
    this.name = 'VariableNotDeclaredError';
  }
}

/**
 * Who started the instance, set by startProcess to the starter (with the start event's `initiator`
 * variable): never given by a start nor set by a task, so no step can hand the applicant's later
 * steps to someone else.
 */
export const STARTER_VARIABLES = ['applyUser', 'initiator'] as const;

/**
 * What every completion sets, a task's declarations or not: the decision (`pass`) and the comment,
 * which the caller gives as the task's outcome.
 */
export const DECISION_VARIABLES = ['pass', 'comment'] as const;

export const STEP_TIMEOUT_MS = 5000;

const RUNTIME_KEY = 'flowRuntime';

interface RuntimeBook {
  variables: Record<string, JsonValue>;
  tasks: StoredTask[];
  ended: boolean;
  cancelled: boolean;
  /** The countersigns waiting (one per countersign node the engine waits in). */
  countersigns: CountersignBook[];
}

type StoredTask = Omit<WaitingTask, 'startedAt' | 'countersign'> & {
  startedAt: string;
  countersign?: boolean;
};

/**
 * A countersign node while it waits: the engine holds one user task; the signers, their order and
 * their votes are here. A parallel one has a task per undecided signer, a sequential one a task for
 * the first undecided signer in order.
 */
export interface CountersignBook {
  executionId: string;
  elementId: string;
  sequential: boolean;
  signers: string[];
  /** Each decided signer's vote: true agrees, false disagrees. */
  votes: Record<string, boolean>;
}

/** Who, of a countersign, has a task now. */
function activeSigners(countersign: CountersignBook): string[] {
  const undecided = countersign.signers.filter((s) => !Object.hasOwn(countersign.votes, s));
  return countersign.sequential ? undecided.slice(0, 1) : undecided;
}

/** The counts a completion condition reads, as Flowable names them, plus the votes. */
interface CountersignCounts extends Record<string, number> {
  nrOfInstances: number;
  nrOfCompletedInstances: number;
  nrOfActiveInstances: number;
  nrOfAgreed: number;
  nrOfRejected: number;
}

/** The counts once `agree` more of the undecided signers have agreed and `reject` more disagreed. */
function countersignCounts(countersign: CountersignBook, agree = 0, reject = 0): CountersignCounts {
  const signers = countersign.signers;
  const decided = signers.filter((s) => Object.hasOwn(countersign.votes, s));
  const undecided = signers.length - decided.length - agree - reject;
  const agreed = decided.filter((s) => countersign.votes[s] === true).length;
  return {
    nrOfInstances: signers.length,
    nrOfCompletedInstances: decided.length + agree + reject,
    nrOfActiveInstances: countersign.sequential ? Math.min(1, undecided) : undecided,
    nrOfAgreed: agreed + agree,
    nrOfRejected: decided.length - agreed + reject,
  };
}

/**
 * Undecided signers past which a failure is judged by the two ends alone (every undecided signer
 * agreeing, or none): the counts the votes still to come can reach are (n + 1)(n + 2) / 2, each
 * one condition to evaluate.
 */
const EXACT_UNDECIDED = 40;

/** The counts the votes still to come can reach (every split of agreements and disagreements). */
function* countsToCome(countersign: CountersignBook): Generator<CountersignCounts> {
  const undecided = countersign.signers.filter((s) => !Object.hasOwn(countersign.votes, s)).length;
  if (undecided > EXACT_UNDECIDED) {
    yield countersignCounts(countersign, undecided, 0);
    yield countersignCounts(countersign, 0, undecided);
    return;
  }
  for (let agree = 0; agree <= undecided; agree++)
    for (let reject = 0; agree + reject <= undecided; reject++)
      if (agree + reject > 0) yield countersignCounts(countersign, agree, reject);
}

/**
 * Whether a countersign is decided, and how: true once its completion condition holds (the node
 * passes), false once no votes still to come could make it hold (the node fails: "all must agree" at
 * the first disagreement, 2/3 of three at the second; `nrOfAgreed = 1` of three not while one
 * agreement could still come), null while it may still go either way.
 */
export function decideCountersign(
  definition: MultiInstanceDefinition,
  countersign: CountersignBook,
  variables: Record<string, unknown>,
): boolean | null {
  const holds = (counts: CountersignCounts) =>
    evaluateCondition(definition.completionCondition, { ...variables, ...counts });
  if (holds(countersignCounts(countersign))) return true;
  for (const counts of countsToCome(countersign)) if (holds(counts)) return null;
  return false;
}

/**
 * The countersign waiting in a node of a stored state: its order and each signer's vote (null: yet
 * to decide); null when none waits there. Reads the state only: no step is taken.
 */
export function countersignIn(
  state: EngineState,
  elementId: string,
): { sequential: boolean; signers: { userId: string; vote: boolean | null }[] } | null {
  const { book } = splitState(state);
  const countersign = book.countersigns.find((c) => c.elementId === elementId);
  if (!countersign) return null;
  return {
    sequential: countersign.sequential,
    signers: countersign.signers.map((userId) => ({
      userId,
      vote: Object.hasOwn(countersign.votes, userId) ? countersign.votes[userId] === true : null,
    })),
  };
}

/**
 * A countersign's signers cannot be changed as asked: `notSigner` (a removed user is not an
 * undecided signer), `alreadySigner` (an added one is a signer already), `lastSigner` (nobody
 * undecided would remain), `empty` (no user given).
 */
export class CountersignChangeError extends Error {
  constructor(
    readonly code: 'notSigner' | 'alreadySigner' | 'lastSigner' | 'empty',
    readonly userId: string | null = null,
  ) {
    super(`The countersign's signers cannot change: ${code}${userId ? ` (${userId})` : ''}`);
    this.name = 'CountersignChangeError';
  }
}

/**
 * Starts the model's process and runs it until every path waits in a user task or it ends.
 * `variables` may hold only what the start event declares; `starter` (the user starting it) goes
 * into STARTER_VARIABLES and the start event's `initiator` variable.
 */
export function startProcess(
  xml: string,
  variables: Record<string, unknown>,
  starter: string | null,
): Promise<StepResult> {
  return withDeadline(async (deadline) => {
    const { parsed, context } = await loadModel(xml);
    const start = parsed.elements.find((e) => e.type === 'bpmn:StartEvent');
    refuseUndeclared(variables, parsed.startVariables, parsed, start?.name || start?.id || '', 'start');
    const started = Object.fromEntries(starterVariables(parsed).map((name) => [name, starter]));
    const book: RuntimeBook = {
      variables: jsonObject({ ...variables, ...started }),
      tasks: [],
      ended: false,
      cancelled: false,
      countersigns: [],
    };
    const step = new Step(parsed, book);
    const engine = step.createEngine({ moddleContext: context });
    await engine.execute();
    await step.settle(engine, deadline);
    return step.finish(engine);
  });
}

/**
 * Recovers the instance from `state`, merges `output` into its variables (later conditions and
 * assignees see them), completes the waiting user task `elementId` and runs to the next waits or end.
 * `output` may hold only DECISION_VARIABLES and what the task declares writable.
 */
export function completeTask(
  xml: string,
  state: EngineState,
  elementId: string,
  output: Record<string, unknown>,
  /** Who completes it: for a countersign, the signer whose vote this is. */
  signer: string | null = null,
): Promise<StepResult> {
  return withDeadline(async (deadline) => {
    const { parsed, context } = await loadModel(xml);
    const declared = parsed.userTasks.find((t) => t.id === elementId);
    const writable = [...DECISION_VARIABLES, ...(declared?.writable ?? [])];
    refuseUndeclared(output, writable, parsed, declared?.name || elementId, 'complete');
    const { engineState, book } = splitState(state);
    if (book.ended) throw new TaskNotWaitingError(elementId);
    const step = new Step(parsed, book);
    const engine = step.createEngine({ moddleContext: context });
    recover(engine, engineState, context);
    const execution = await engine.resume();
    await step.settle(engine, deadline);

    const task = execution.getPostponed().find((api) => api.id === elementId && api.type === 'bpmn:UserTask');
    if (!task) throw new TaskNotWaitingError(elementId);
    if (declared?.multiInstance) {
      // One signer's vote: the node waits on until the votes decide it (decideCountersign).
      const countersign = book.countersigns.find((c) => c.executionId === task.executionId);
      if (!countersign || signer === null || !activeSigners(countersign).includes(signer))
        throw new TaskNotWaitingError(elementId);
      countersign.votes[signer] = output.pass !== false;
      return step.decideAndFinish(engine, deadline, declared.multiInstance, countersign, task);
    }
    // Spread, not Object.assign: an output key "__proto__" becomes a plain variable, not a prototype.
    book.variables = { ...book.variables, ...jsonObject(output) };
    task.signal();
    await step.settle(engine, deadline);
    return step.finish(engine);
  });
}

/**
 * 加签 / 减签: adds signers to (at the end of the order) or removes undecided signers from the
 * countersign waiting in `elementId`; the votes then decide it again (a removal may end it). A
 * change that would leave nobody undecided is refused: the votes cast so far are not the rule's.
 */
export function changeSigners(
  xml: string,
  state: EngineState,
  elementId: string,
  change: { add?: readonly string[]; remove?: readonly string[] },
): Promise<StepResult> {
  return withDeadline(async (deadline) => {
    const { parsed, context } = await loadModel(xml);
    const declared = parsed.userTasks.find((t) => t.id === elementId);
    const { engineState, book } = splitState(state);
    if (book.ended || !declared?.multiInstance) throw new TaskNotWaitingError(elementId);
    const step = new Step(parsed, book);
    const engine = step.createEngine({ moddleContext: context });
    recover(engine, engineState, context);
    const execution = await engine.resume();
    await step.settle(engine, deadline);
    const task = execution.getPostponed().find((api) => api.id === elementId && api.type === 'bpmn:UserTask');
    const countersign = task && book.countersigns.find((c) => c.executionId === task.executionId);
    if (!task || !countersign) throw new TaskNotWaitingError(elementId);

    const add = unique([...(change.add ?? [])]);
    const remove = unique([...(change.remove ?? [])]);
    if (add.length === 0 && remove.length === 0) throw new CountersignChangeError('empty');
    for (const user of add)
      if (countersign.signers.includes(user)) throw new CountersignChangeError('alreadySigner', user);
    for (const user of remove)
      if (!countersign.signers.includes(user) || Object.hasOwn(countersign.votes, user))
        throw new CountersignChangeError('notSigner', user);
    countersign.signers = [...countersign.signers.filter((s) => !remove.includes(s)), ...add];
    if (activeSigners(countersign).length === 0) throw new CountersignChangeError('lastSigner');
    return step.decideAndFinish(engine, deadline, declared.multiInstance, countersign, task);
  });
}

/**
 * A return resubmitted "through the flow again" (a task's or process's `returnMode="flow"`): the
 * tasks the return held (`heldElementIds`, still waiting in the engine) are discarded, and the model
 * runs again from `fromElementId`, the task returned to (done again with `output`, so its outgoing
 * flows are taken) or the start event (a return to the initiator): every step after it waits again.
 */
export function resubmitThroughFlow(
  xml: string,
  state: EngineState,
  heldElementIds: readonly string[],
  fromElementId: string,
  output: Record<string, unknown>,
): Promise<StepResult> {
  return withDeadline(async (deadline) => {
    const { parsed, context } = await loadModel(xml);
    const from = parsed.elements.find((e) => e.id === fromElementId);
    if (!from || (from.type !== 'bpmn:UserTask' && from.type !== 'bpmn:StartEvent'))
      throw new TaskNotWaitingError(fromElementId);
    const { engineState, book } = splitState(state);
    if (book.ended) throw new TaskNotWaitingError(fromElementId);
    const step = new Step(parsed, book);
    const engine = step.createEngine({ moddleContext: context });
    recover(engine, engineState, context);
    const execution = await engine.resume();
    await step.settle(engine, deadline);
    const held = execution
      .getPostponed()
      .filter((api) => api.type === 'bpmn:UserTask' && heldElementIds.includes(api.id));
    if (held.length === 0) throw new TaskNotWaitingError(heldElementIds[0] ?? fromElementId);
    book.variables = { ...book.variables, ...jsonObject(output) };
    if (from.type === 'bpmn:StartEvent' && held.length === waitingTasks(execution).length) {
      // Back to the start with nothing else waiting: the instance runs again from its beginning,
      // with its variables. Run on this engine, the start event would go straight on into the held
      // tasks while they still wait, and discarding them then discarded their new visit too.
      const again = new Step(parsed, { ...book, tasks: [], countersigns: [] });
      const fresh = again.createEngine({ moddleContext: context });
      await fresh.execute();
      await again.settle(fresh, deadline);
      return again.finish(fresh);
    }
    // The element returned to runs first: discarding the held tasks before would leave nothing
    // waiting, and the process would end there.
    const activity = (execution as unknown as ActivityLookup).getActivityById(fromElementId);
    if (!activity) throw new TaskNotWaitingError(fromElementId);
    activity.run();
    await step.settle(engine, deadline);
    for (const api of held) api.discard();
    await step.settle(engine, deadline);
    if (from.type === 'bpmn:UserTask') {
      const again = execution.getPostponed().find((api) => api.id === fromElementId);
      if (!again) throw new TaskNotWaitingError(fromElementId);
      again.signal();
      await step.settle(engine, deadline);
    }
    return step.finish(engine);
  });
}

/**
 * The state with `variables` merged into the process's, no step taken: a resubmission straight back
 * (issue 51) changes the form data its step may change, which later conditions and assignees read.
 */
export function withVariables(state: EngineState, variables: Record<string, unknown>): EngineState {
  const { engineState, book } = splitState(state);
  book.variables = { ...book.variables, ...jsonObject(variables) };
  return { ...engineState, [RUNTIME_KEY]: jsonCopy(book) as JsonValue };
}

/** The user tasks an execution waits in. */
function waitingTasks(execution: { getPostponed(): unknown[] }): ElementApi[] {
  return (execution.getPostponed() as ElementApi[]).filter((api) => api.type === 'bpmn:UserTask');
}

// bpmn-engine's execution finds an activity of its definitions by id (not in its typings).
interface ActivityLookup {
  getActivityById(id: string): { run(): void } | undefined;
}

/** Stops the instance for good: its waiting tasks are closed and later steps are refused. */
export function cancelProcess(xml: string, state: EngineState): Promise<StepResult> {
  return withDeadline(async (deadline) => {
    const { parsed, context } = await loadModel(xml);
    const { engineState, book } = splitState(state);
    const step = new Step(parsed, book);
    const engine = step.createEngine({ moddleContext: context });
    if (!book.ended) {
      recover(engine, engineState, context);
      await engine.resume();
      await step.settle(engine, deadline);
      await engine.stop();
      step.closeWaiting();
      book.ended = true;
      book.cancelled = true;
      return step.finish(engine);
    }
    return step.finish(engine, engineState as EngineState);
  });
}

// What one call sees happen, and the engine options that keep it from running any code.
class Step {
  private readonly activities: ActivityRecord[] = [];
  // Tasks that started in an earlier step and ended in this one: listed before what this step entered.
  private readonly resumed: ActivityRecord[] = [];
  private readonly takenFlows: string[] = [];
  private failure: Error | null = null;
  private ended = false;
  private readonly taskDefinitions: Map<string, UserTaskDefinition>;

  constructor(
    parsed: ParsedModel,
    private readonly book: RuntimeBook,
  ) {
    this.taskDefinitions = new Map(parsed.userTasks.map((t) => [t.id, t]));
  }

  createEngine(source: { moddleContext: ModdleDocument }): Engine {
    const listener = new EventEmitter();
    listener.on('activity.enter', (api: ElementApi) => this.onEnter(api));
    listener.on('activity.wait', (api: ElementApi) => this.onWait(api));
    listener.on('activity.leave', (api: ElementApi) => this.onLeave(api));
    listener.on('flow.take', (api: ElementApi) => this.takenFlows.push(api.id));

    const variables = () => this.book.variables;
    // Cast: bpmn-elements types getScript as always returning a script and omit isExpression.
    const options = {
      ...source,
      listener,
      // No script is ever registered nor found: bpmn-engine's vm-based JavaScript runner is replaced.
      scripts: { register: () => undefined, getScript: () => undefined },
      // Only sequence flow conditions reach the resolver in a vetted model (names, timers, services
      // and loops that would also use it are refused by loadModel).
      expressions: {
        resolveExpression: (text: string) => evaluateCondition(text, variables()),
        isExpression: () => false,
        hasExpression: () => false,
      },
      timers: refusingTimers(),
      // Flowable runs a manual task through without waiting; bpmn-elements would wait for a signal.
      elements: { ManualTask: Task },
      Logger: silentLogger,
    };
    const engine = new Engine(options as unknown as BpmnEngineOptions);
    engine.on('error', (err: unknown) => this.fail(err));
    engine.on('end', () => {
      this.ended = true;
    });
    return engine;
  }

  /** Waits until the engine ended or only waits for people; rejects on error or past the deadline. */
  async settle(engine: Engine, deadline: number): Promise<void> {
    for (let round = 0; ; round++) {
      if (this.failure) throw this.failure;
      if (this.ended || engine.state === 'idle' || engine.state === 'stopped') return;
      if (engine.activityStatus === 'wait') return;
      if (Date.now() > deadline) throw new StepError('timeout', 'The process did not settle in time');
      await new Promise<void>((resolve) => setTimeout(resolve, round < 20 ? 0 : 5));
    }
  }

  /** Records the end of every waiting task (cancellation). */
  closeWaiting(): void {
    const now = new Date();
    const closed = new Set<string>();
    for (const task of this.book.tasks) {
      // The signers of a countersign share their node's run: it ends once.
      if (closed.has(task.executionId)) continue;
      closed.add(task.executionId);
      const entered = this.activities.find((a) => a.executionId === task.executionId && a.endedAt === null);
      if (entered) entered.endedAt = now;
      else this.resumed.push(taskRecord(task, now));
    }
    this.book.tasks = [];
    this.book.countersigns = [];
  }

  /**
   * After a vote or a change of signers: a decided countersign sets `pass` (what a gateway after it
   * reads) and its counts, and the engine's task moves on; an undecided one waits on.
   */
  async decideAndFinish(
    engine: Engine,
    deadline: number,
    definition: MultiInstanceDefinition,
    countersign: CountersignBook,
    task: ElementApi,
  ): Promise<StepResult> {
    const outcome = decideCountersign(definition, countersign, this.book.variables);
    if (outcome === null) return this.finish(engine);
    this.book.variables = {
      ...this.book.variables,
      ...countersignCounts(countersign),
      pass: outcome,
      comment: '',
    };
    task.signal();
    await this.settle(engine, deadline);
    return this.finish(engine);
  }

  async finish(engine: Engine, knownState?: EngineState): Promise<StepResult> {
    if (this.failure) throw this.failure;
    const engineState = knownState ?? withoutSources(jsonCopy(await engine.getState()) as EngineState);
    const book = this.book;
    if (!book.ended) {
      // The engine's postponed list is the truth about what waits; the book keeps their assignment.
      const postponed = engine.execution?.getPostponed() ?? [];
      const tasks: StoredTask[] = [];
      for (const api of postponed as ElementApi[]) {
        if (api.type !== 'bpmn:UserTask') continue;
        const countersign = book.countersigns.find((c) => c.executionId === api.executionId);
        if (countersign) {
          tasks.push(...this.signerTasks(api, countersign));
          continue;
        }
        tasks.push(
          this.book.tasks.find((t) => t.executionId === api.executionId) ?? this.assign(api, new Date()),
        );
      }
      book.tasks = tasks;
      book.countersigns = book.countersigns.filter((c) => tasks.some((t) => t.executionId === c.executionId));
      book.ended = this.ended || (engine.state === 'idle' && postponed.length === 0);
    }
    const state: EngineState = { ...engineState, [RUNTIME_KEY]: jsonCopy(book) as JsonValue };
    return {
      state,
      variables: jsonCopy(book.variables) as Record<string, unknown>,
      waiting: book.tasks.map((t) => ({
        ...t,
        startedAt: new Date(t.startedAt),
        countersign: t.countersign === true,
      })),
      ended: book.ended,
      activities: [...this.resumed, ...this.activities].map((a) => ({ ...a })),
      takenFlows: [...this.takenFlows],
      cancelled: book.cancelled,
    };
  }

  private onEnter(api: ElementApi): void {
    this.activities.push({
      elementId: api.id,
      name: api.name ?? '',
      type: api.type,
      startedAt: new Date(),
      endedAt: null,
      executionId: api.executionId,
    });
  }

  private onWait(api: ElementApi): void {
    if (api.type !== 'bpmn:UserTask') return;
    // A recovered engine announces its waiting tasks again on resume: they are already booked.
    if (this.book.tasks.some((t) => t.executionId === api.executionId)) return;
    const entered = this.activities.find((a) => a.executionId === api.executionId);
    try {
      const definition = this.taskDefinitions.get(api.id);
      if (definition?.multiInstance) {
        const countersign = this.startCountersign(api, definition, definition.multiInstance);
        this.book.tasks.push(...this.signerTasks(api, countersign, entered?.startedAt));
      } else {
        this.book.tasks.push(this.assign(api, entered?.startedAt ?? new Date()));
      }
    } catch (err) {
      this.fail(err);
    }
  }

  /** A countersign node starts: its signers, evaluated now, each get a vote (see CountersignBook). */
  private startCountersign(
    api: ElementApi,
    definition: UserTaskDefinition,
    multiInstance: MultiInstanceDefinition,
  ): CountersignBook {
    const variables = this.book.variables;
    const texts = multiInstance.collection ? [multiInstance.collection] : definition.candidateUsers;
    const signers = unique(texts.flatMap((t) => evaluateIdentities(t, variables)));
    if (signers.length === 0)
      throw new StepError('failed', `The countersign "${definition.name || definition.id}" has no signers`);
    const countersign: CountersignBook = {
      executionId: api.executionId,
      elementId: api.id,
      sequential: multiInstance.sequential,
      signers,
      votes: {},
    };
    this.book.countersigns = [
      ...this.book.countersigns.filter((c) => c.executionId !== api.executionId),
      countersign,
    ];
    return countersign;
  }

  /** The tasks of a countersign's active signers (those already booked keep their start). */
  private signerTasks(api: ElementApi, countersign: CountersignBook, startedAt = new Date()): StoredTask[] {
    const definition = this.taskDefinitions.get(api.id);
    return activeSigners(countersign).map(
      (signer) =>
        this.book.tasks.find(
          (t) => t.executionId === api.executionId && t.countersign === true && t.assignee === signer,
        ) ?? {
          elementId: api.id,
          name: api.name ?? definition?.name ?? '',
          assignee: signer,
          candidateUsers: [],
          candidateGroups: [],
          executionId: api.executionId,
          startedAt: startedAt.toISOString(),
          countersign: true,
        },
    );
  }

  private onLeave(api: ElementApi): void {
    const now = new Date();
    const entered = this.activities.find((a) => a.executionId === api.executionId && a.endedAt === null);
    const booked = this.book.tasks.find((t) => t.executionId === api.executionId);
    if (entered) entered.endedAt = now;
    // A task that started in an earlier step; other leaves without an enter are discarded paths.
    else if (booked) this.resumed.push(taskRecord(booked, now));
    // Every signer's task of a countersign goes with its node.
    if (booked) this.book.tasks = this.book.tasks.filter((t) => t.executionId !== api.executionId);
    this.book.countersigns = this.book.countersigns.filter((c) => c.executionId !== api.executionId);
  }

  // Evaluates the task's assignment against the variables as they are now (when it starts).
  private assign(api: ElementApi, startedAt: Date): StoredTask {
    const definition = this.taskDefinitions.get(api.id);
    const variables = this.book.variables;
    const evaluateAll = (texts: string[]) => unique(texts.flatMap((t) => evaluateIdentities(t, variables)));
    const assignee = definition?.assignee
      ? (evaluateIdentities(definition.assignee, variables)[0] ?? null)
      : null;
    return {
      elementId: api.id,
      name: api.name ?? definition?.name ?? '',
      assignee,
      candidateUsers: evaluateAll(definition?.candidateUsers ?? []),
      candidateGroups: evaluateAll(definition?.candidateGroups ?? []),
      executionId: api.executionId,
      startedAt: startedAt.toISOString(),
    };
  }

  private fail(err: unknown): void {
    if (this.failure) return;
    this.failure =
      err instanceof StepError || err instanceof TaskNotWaitingError
        ? err
        : new StepError('failed', err instanceof Error ? err.message : String(err), { cause: err });
  }
}

/** The variables that say who started: STARTER_VARIABLES and the start event's `initiator`. */
function starterVariables(parsed: ParsedModel): string[] {
  return unique([...STARTER_VARIABLES, ...(parsed.initiator ? [parsed.initiator] : [])]);
}

/** Throws for the first variable not in `declared`, or naming who started (declared or not). */
function refuseUndeclared(
  variables: Record<string, unknown>,
  declared: readonly string[],
  parsed: ParsedModel,
  element: string,
  step: 'start' | 'complete',
): void {
  const starters = starterVariables(parsed);
  const refused = Object.keys(variables ?? {}).find(
    (name) => !declared.includes(name) || starters.includes(name),
  );
  if (refused !== undefined) throw new VariableNotDeclaredError(refused, element, step);
}

// The part of bpmn-elements' element API this file reads.
interface ElementApi {
  id: string;
  type: string;
  name?: string;
  executionId: string;
  signal(message?: unknown): void;
  discard(): void;
}

function taskRecord(task: StoredTask, endedAt: Date): ActivityRecord {
  return {
    elementId: task.elementId,
    name: task.name,
    type: 'bpmn:UserTask',
    startedAt: new Date(task.startedAt),
    endedAt,
    executionId: task.executionId,
  };
}

// bpmn-engine's default logger (the debug package) costs time on every element for nothing.
function silentLogger() {
  const ignore = () => undefined;
  return { debug: ignore, error: ignore, warn: ignore };
}

// Timers bpmn-elements can hold but never set: no timer can keep the process alive or fire later.
function refusingTimers() {
  const refuse = (): never => {
    throw new Error('timers are not supported');
  };
  return {
    executing: [] as unknown[],
    register: () => ({ setTimeout: refuse, clearTimeout: () => undefined }),
    setTimeout: refuse,
    clearTimeout: () => undefined,
  };
}

// A private copy of the caller's state (nothing of theirs is mutated or kept), split in two.
function splitState(state: EngineState): { engineState: Record<string, unknown>; book: RuntimeBook } {
  let copy: unknown;
  try {
    copy = jsonCopy(state);
  } catch (err) {
    throw new StepError('badState', 'The process state is not JSON', { cause: err });
  }
  if (!isObject(copy) || !isObject(copy[RUNTIME_KEY]) || !Array.isArray(copy.definitions)) {
    throw new StepError('badState', 'The process state was not produced by this engine');
  }
  const { [RUNTIME_KEY]: raw, ...rest } = copy;
  const engineState = withoutSources(rest as EngineState);
  const book = raw as Partial<RuntimeBook>;
  if (!isObject(book.variables) || !Array.isArray(book.tasks)) {
    throw new StepError('badState', 'The process state was not produced by this engine');
  }
  return {
    engineState,
    book: {
      variables: book.variables,
      tasks: book.tasks,
      ended: book.ended === true,
      cancelled: book.cancelled === true,
      // States stored before countersigns have none.
      countersigns: Array.isArray(book.countersigns) ? book.countersigns : [],
    },
  };
}

// The state must be one of this model's: bpmn-engine finds the model of a definition state by id.
function recover(engine: Engine, engineState: Record<string, unknown>, context: ModdleDocument): void {
  const definitions = engineState.definitions as { id?: unknown }[];
  if (!definitions.every((d) => isObject(d) && d.id === context.rootElement.id)) {
    throw new StepError('badState', 'The process state does not belong to this model');
  }
  try {
    engine.recover(engineState);
  } catch (err) {
    throw new StepError('badState', 'The process state cannot be recovered', { cause: err });
  }
}

// bpmn-engine stores the serialized model in each definition's state and, when present, recovers
// from it. Dropping it makes every step run the model just vetted from the deployment's XML (a
// state edited in the database cannot smuggle a script task in) and halves the stored size.
function withoutSources(state: EngineState): EngineState {
  const definitions = state.definitions;
  if (!Array.isArray(definitions)) return state;
  return {
    ...state,
    definitions: definitions.map((d) => {
      if (!d || typeof d !== 'object' || Array.isArray(d)) return d;
      const { source: _source, ...rest } = d;
      return rest;
    }),
  };
}

function withDeadline<T>(run: (deadline: number) => Promise<T>): Promise<T> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StepError('timeout', 'The process step took too long')),
      STEP_TIMEOUT_MS + 100,
    );
  });
  const step = run(deadline).catch((err: unknown) => {
    if (
      err instanceof StepError ||
      err instanceof TaskNotWaitingError ||
      err instanceof ModelError ||
      err instanceof VariableNotDeclaredError ||
      err instanceof CountersignChangeError
    )
      throw err;
    throw new StepError('failed', err instanceof Error ? err.message : String(err), { cause: err });
  });
  return Promise.race([step, timeout]).finally(() => clearTimeout(timer));
}

function jsonObject(value: Record<string, unknown>): Record<string, JsonValue> {
  let copy: unknown;
  try {
    copy = jsonCopy(value ?? {});
  } catch (err) {
    throw new StepError('badVariables', 'Variables must be JSON values', { cause: err });
  }
  if (!isObject(copy)) throw new StepError('badVariables', 'Variables must be an object');
  return copy as Record<string, JsonValue>;
}

function jsonCopy(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
