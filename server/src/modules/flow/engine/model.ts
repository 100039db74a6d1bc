// Reading and vetting a BPMN 2.0 model before it is stored or run. Only a small, safe subset runs
// (user tasks, plain tasks, gateways, plain start/end events): anything the engine would execute by
// itself (scripts, services, timers, messages, sub-processes) is refused here, so a model that passed
// can only wait for people and evaluate FEEL.
import { createHash } from 'node:crypto';
import BpmnModdle from 'bpmn-moddle';
import type { ModdleContext, ModdleElement } from 'bpmn-moddle';
import { checkExpression, checkIdentityExpression } from './expressions.js';
import { LEAVE_MODEL_UNDECLARED_SHA256, LEAVE_MODEL_XML } from '../../../db/seed/leave-model.js';

export interface UserTaskDefinition {
  id: string;
  name: string;
  /** Raw texts as modelled: a literal id or a `${FEEL}` expression. */
  assignee: string | null;
  candidateUsers: string[];
  candidateGroups: string[];
  /** The variables its completion may set: its form fields (see formFieldVariables). */
  writable: string[];
  /** The designed form it shows (flowable:formKey), with each field's access; null: none. */
  form: FormBinding | null;
  /** A countersign (会签): one task per signer; null for a task of one person. */
  multiInstance: MultiInstanceDefinition | null;
  /**
   * What a resubmission of a return to this task does (issue 51): `direct` (the default) reopens
   * the task that returned it, straight back; `flow` runs the model again from this task on. Set as
   * `flowable:returnMode` on the task, else on the process.
   */
  returnMode: ReturnMode;
}

export type ReturnMode = 'direct' | 'flow';

/**
 * A user task's `<multiInstanceLoopCharacteristics>` (a countersign). The signers are the
 * collection's value (`flowable:collection`: a variable name or a `${FEEL}` expression giving user
 * ids), else the task's candidate users. The completion condition is FEEL over the process variables
 * and nrOfInstances, nrOfCompletedInstances, nrOfActiveInstances, nrOfAgreed and nrOfRejected: the
 * node passes once it holds, and fails once it could no longer hold even if every undecided signer
 * agreed (runtime.ts, decideCountersign). Without one, all must agree.
 */
export interface MultiInstanceDefinition {
  sequential: boolean;
  /** A `${FEEL}` expression (a bare variable name is read as one); null: the candidate users. */
  collection: string | null;
  completionCondition: string;
}

/** The condition of "all must agree", what a countersign without one means. */
export const ALL_AGREE_CONDITION = 'nrOfAgreed = nrOfInstances';

/** How an element shows a field of its form: hidden (not sent), read-only (shown) or editable (set). */
export type FieldAccess = 'hidden' | 'readonly' | 'editable';

/**
 * A start event's or user task's designed form (issue 51): `flowable:formKey` names it, and each
 * `<flowable:formProperty id="field">` says how the element shows that field: readable="false" is
 * hidden, writable="false" read-only, else editable (what its step may set). A field of the form
 * without a property is read-only.
 */
export interface FormBinding {
  formKey: string;
  fields: Record<string, FieldAccess>;
}

export interface ParsedModel {
  processKey: string;
  processName: string;
  userTasks: UserTaskDefinition[];
  elements: { id: string; type: string; name: string }[];
  /** The start event's `initiator` attribute (flowable/activiti/camunda): the variable to set to the starter. */
  initiator: string | null;
  /** The variables a start may be given: the start event's form fields (see formFieldVariables). */
  startVariables: string[];
  /** The start event's designed form (see FormBinding); null: none. */
  startForm: FormBinding | null;
}

export type ModelErrorCode =
  | 'malformed'
  | 'tooLarge'
  | 'noProcess'
  | 'manyProcesses'
  | 'noKey'
  | 'badKey'
  | 'unsupportedElement'
  | 'noAssignee'
  | 'badExpression'
  | 'missingCondition'
  | 'noStartEvent'
  | 'manyStartEvents'
  | 'loopWithoutTask'
  | 'badReturnMode';

/** A model that cannot be stored or run; `code` and `params` are for the caller's translations. */
export class ModelError extends Error {
  constructor(
    readonly code: ModelErrorCode,
    readonly params: Record<string, string> = {},
  ) {
    super(describe(code, params));
    this.name = 'ModelError';
  }
}

export const MAX_MODEL_BYTES = 1024 * 1024;

// The extension namespaces whose assignment attributes we read, in order of preference.
const EXTENSION_NAMESPACES = [
  'http://flowable.org/bpmn',
  'http://activiti.org/bpmn',
  'http://camunda.org/schema/1.0/bpmn',
];

// Non-executable content that may sit in a process (drawn or documented, never run).
const ARTIFACT_TYPES = new Set(['bpmn:TextAnnotation', 'bpmn:Association', 'bpmn:Group']);
const FLOW_NODE_TYPES = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:Task',
  'bpmn:ManualTask',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:InclusiveGateway',
  'bpmn:SequenceFlow',
]);

// Condition languages that mean "an expression" to Flowable/Camunda designers; a script language
// (javascript, groovy…) is refused rather than silently read as FEEL.
const CONDITION_LANGUAGE = /^(feel|juel|https?:\/\/www\.omg\.org\/spec\/feel\/\d+)$/i;

// XML NCName (without the rarely used extenders), the BPMN id syntax Flowable requires of a key.
const NCNAME = /^[\p{L}_][\p{L}\p{M}\p{N}_.\-\u00B7]*$/u;
const MAX_KEY_LENGTH = 64;

// One parser for all calls: building its type registry costs more than parsing a model, and
// fromXML keeps no state between documents.
const moddle = new BpmnModdle();

/** bpmn-moddle's parsed document, as the runtime sees it (bpmn-moddle's types stay in this folder). */
export interface ModdleDocument {
  readonly rootElement: { readonly id?: string };
}

/** A vetted model: what callers see, plus what the runtime hands to bpmn-engine. */
export interface LoadedModel {
  parsed: ParsedModel;
  /** The parsed document, the chosen process marked executable (bpmn-js saves isExecutable="false"). */
  context: ModdleDocument;
}

/** Parses and vets a model; throws ModelError when it cannot be stored or run. */
export async function parseModel(xml: string): Promise<ParsedModel> {
  return (await loadModel(xml)).parsed;
}

// Models this project shipped before their tasks declared form fields (security.md S15), by the
// SHA-256 of their text: a copy stored then (seeded, or deployed from the seeded model) is read as
// its successor, which only adds the declarations (same ids, same diagram), so running instances go
// on and their steps are checked like new ones. A copy edited since declares what its editor drew.
const DECLARED_SUCCESSORS = new Map([[LEAVE_MODEL_UNDECLARED_SHA256, LEAVE_MODEL_XML]]);

const declaredSuccessor = (xml: string): string =>
  DECLARED_SUCCESSORS.get(createHash('sha256').update(xml, 'utf8').digest('hex')) ?? xml;

/** parseModel, plus the parsed document the runtime runs (see LoadedModel). */
export async function loadModel(xml: string): Promise<LoadedModel> {
  if (typeof xml !== 'string') throw new ModelError('malformed', { detail: 'the model is not text' });
  if (Buffer.byteLength(xml, 'utf8') > MAX_MODEL_BYTES) {
    throw new ModelError('tooLarge', { limit: String(MAX_MODEL_BYTES) });
  }
  // The parser resolves no entity, but a DTD has no use in BPMN: refuse it rather than rely on that.
  if (/<!(DOCTYPE|ENTITY)/i.test(xml)) {
    throw new ModelError('malformed', { detail: 'DOCTYPE and ENTITY declarations are not allowed' });
  }

  let context: ModdleContext;
  try {
    context = await moddle.fromXML(declaredSuccessor(xml).trim());
  } catch (err) {
    throw new ModelError('malformed', { detail: firstLine(err) });
  }
  const definitions = context.rootElement;
  if (definitions?.$type !== 'bpmn:Definitions') {
    throw new ModelError('malformed', { detail: 'the document is not BPMN 2.0 definitions' });
  }
  // Unknown plain attributes are harmless; unparsable content or dangling references are not.
  const problem = context.warnings.find((w) => !w.message.startsWith('unknown attribute'));
  if (problem) {
    // The parser drops a process whose id is not an XML name: that is a bad key, not bad XML.
    const badId = /^unparsable content <(?:[\w.-]+:)?process>[\s\S]*illegal ID <([^>]*)>/.exec(
      problem.message,
    );
    if (badId) throw new ModelError('badKey', { key: badId[1] ?? '' });
    throw new ModelError('malformed', { detail: firstLine(problem.message) });
  }

  const bpmnProcess = chooseProcess(list(definitions.rootElements));
  const processKey = bpmnProcess.id;
  if (typeof processKey !== 'string' || processKey === '') throw new ModelError('noKey');
  if (processKey.length > MAX_KEY_LENGTH || !NCNAME.test(processKey)) {
    throw new ModelError('badKey', { key: processKey });
  }
  bpmnProcess.isExecutable = true;
  // The runtime matches a stored state to this document by the definitions' id: it must not vary.
  if (typeof definitions.id !== 'string' || definitions.id === '') {
    definitions.id = `${processKey}_definitions`;
  }

  const parsed = vetProcess(bpmnProcess, processKey);
  return { parsed, context };
}

function chooseProcess(rootElements: ModdleElement[]): ModdleElement & { id?: string } {
  const processes: ModdleElement[] = [];
  for (const root of rootElements) {
    if (root.$type === 'bpmn:Process') processes.push(root);
    else if (root.$type === 'bpmn:Collaboration') {
      // Pools only: message flows between them would need messages, which do not run here.
      const messageFlow = list(root.messageFlows)[0];
      if (messageFlow) throw unsupported(messageFlow);
    } else {
      throw unsupported(root);
    }
  }
  if (processes.length === 0) throw new ModelError('noProcess');
  const executable = processes.filter((p) => p.isExecutable === true);
  if (executable.length > 1) throw new ModelError('manyProcesses', { count: String(executable.length) });
  const chosen = executable[0] ?? (processes.length === 1 ? processes[0] : undefined);
  if (!chosen) throw new ModelError('noProcess');
  return chosen;
}

function vetProcess(bpmnProcess: ModdleElement, processKey: string): ParsedModel {
  const flowElements = list(bpmnProcess.flowElements);
  const elements: ParsedModel['elements'] = [];
  const userTasks: UserTaskDefinition[] = [];
  const startEvents: ModdleElement[] = [];
  let initiator: string | null = null;
  let startVariables: string[] = [];
  let startForm: FormBinding | null = null;
  const processReturnMode = returnModeOf(bpmnProcess, 'direct');

  for (const artifact of list(bpmnProcess.artifacts)) {
    if (!ARTIFACT_TYPES.has(artifact.$type)) throw unsupported(artifact);
  }
  for (const element of flowElements) {
    if (typeof element.id !== 'string' || element.id === '') {
      throw new ModelError('malformed', { detail: `a ${localName(element.$type)} has no id` });
    }
    if (!FLOW_NODE_TYPES.has(element.$type)) throw unsupported(element);
    // Plain events only: an event definition (timer, message, signal, error, terminate…) is behaviour.
    const definition = list(element.eventDefinitions)[0];
    if (definition) throw unsupported(element, definition.$type);
    const loop = element.loopCharacteristics as ModdleElement | undefined;
    // A countersign runs in the runtime's book (runtime.ts), not in bpmn-engine: the engine sees one
    // user task waiting, so the loop is read here and taken out of what the engine is given.
    if (loop && (element.$type !== 'bpmn:UserTask' || loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics'))
      throw unsupported(element, loop.$type);
    elements.push({ id: element.id, type: element.$type, name: element.name ?? '' });

    if (element.$type === 'bpmn:StartEvent') {
      startEvents.push(element);
      initiator ??= extensionAttribute(element, 'initiator');
      startVariables = formFieldVariables(element);
      startForm = formBinding(element);
    }
    if (element.$type === 'bpmn:UserTask') {
      userTasks.push(vetUserTask(element, element.id, processReturnMode));
      if (loop) element.loopCharacteristics = undefined;
    }
    if (element.$type === 'bpmn:SequenceFlow') vetCondition(element, element.id);
  }
  if (startEvents.length === 0) throw new ModelError('noStartEvent');
  if (startEvents.length > 1) throw new ModelError('manyStartEvents', { count: String(startEvents.length) });

  const loop = findLoopWithoutTask(flowElements);
  if (loop) throw new ModelError('loopWithoutTask', { element: loop });

  for (const gateway of flowElements.filter((e) => e.$type === 'bpmn:ExclusiveGateway')) {
    const outgoing = flowElements.filter((e) => e.$type === 'bpmn:SequenceFlow' && e.sourceRef === gateway);
    if (outgoing.length < 2) continue;
    const defaultFlow = gateway.default;
    const unconditioned = outgoing.find((flow) => !flow.conditionExpression && flow !== defaultFlow);
    if (unconditioned) {
      throw new ModelError('missingCondition', { element: gateway.id ?? '', flow: unconditioned.id ?? '' });
    }
  }

  return {
    processKey,
    processName:
      typeof bpmnProcess.name === 'string' && bpmnProcess.name !== '' ? bpmnProcess.name : processKey,
    userTasks,
    elements,
    initiator,
    startVariables,
    startForm,
  };
}

/**
 * A cycle of sequence flows that passes no user task. Variables change only when a user task
 * completes, so such a cycle is either never taken or taken forever: the engine would spin until
 * its stack overflows. Returns the id of an element on the cycle.
 */
function findLoopWithoutTask(flowElements: ModdleElement[]): string | null {
  const next = new Map<ModdleElement, ModdleElement[]>();
  for (const flow of flowElements) {
    if (flow.$type !== 'bpmn:SequenceFlow') continue;
    const source = flow.sourceRef as ModdleElement | undefined;
    const target = flow.targetRef as ModdleElement | undefined;
    if (!source || !target || source.$type === 'bpmn:UserTask' || target.$type === 'bpmn:UserTask') continue;
    next.set(source, [...(next.get(source) ?? []), target]);
  }
  // Iterative depth-first search (a 1 MB model can nest deeper than the call stack).
  const state = new Map<ModdleElement, 'open' | 'done'>();
  for (const root of next.keys()) {
    if (state.has(root)) continue;
    const stack: { node: ModdleElement; index: number }[] = [{ node: root, index: 0 }];
    state.set(root, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const targets = next.get(top.node) ?? [];
      if (top.index >= targets.length) {
        state.set(top.node, 'done');
        stack.pop();
        continue;
      }
      const target = targets[top.index++]!;
      const seen = state.get(target);
      if (seen === 'open') return target.id ?? '';
      if (!seen) {
        state.set(target, 'open');
        stack.push({ node: target, index: 0 });
      }
    }
  }
  return null;
}

function returnModeOf(element: ModdleElement, otherwise: ReturnMode): ReturnMode {
  const text = extensionAttribute(element, 'returnMode')?.trim();
  if (!text) return otherwise;
  if (text === 'direct' || text === 'flow') return text;
  throw new ModelError('badReturnMode', { element: element.id ?? '', value: text });
}

/** The countersign of a user task (see MultiInstanceDefinition), or null; refuses what cannot run. */
function multiInstanceOf(task: ModdleElement, id: string): MultiInstanceDefinition | null {
  const loop = task.loopCharacteristics as ModdleElement | undefined;
  if (!loop) return null;
  if (loop.loopCardinality) throw unsupported(task, 'loopCardinality');
  const collectionText = extensionAttribute(loop, 'collection')?.trim() || null;
  // A bare name (Flowable's `flowable:collection="assigneeList"`) is the variable of that name.
  const collection =
    collectionText === null
      ? null
      : /^[A-Za-z_][A-Za-z0-9_]*$/.test(collectionText)
        ? `\${${collectionText}}`
        : collectionText;
  if (collection !== null) {
    const reason = checkIdentityExpression(collection);
    if (reason || !collection.startsWith('${'))
      throw new ModelError('badExpression', {
        element: id,
        expression: collectionText ?? '',
        reason: reason ?? 'the collection must be a variable name or a ${FEEL} expression',
      });
  }
  const condition = loop.completionCondition as ModdleElement | undefined;
  const body = typeof condition?.body === 'string' ? condition.body.trim() : '';
  if (body !== '') {
    const reason = checkExpression(body);
    if (reason) throw new ModelError('badExpression', { element: id, expression: body, reason });
  }
  return {
    sequential: loop.isSequential === true,
    collection,
    completionCondition: body === '' ? ALL_AGREE_CONDITION : body,
  };
}

function vetUserTask(task: ModdleElement, id: string, processReturnMode: ReturnMode): UserTaskDefinition {
  const assigneeText = extensionAttribute(task, 'assignee');
  const multiInstance = multiInstanceOf(task, id);
  const definition: UserTaskDefinition = {
    id,
    name: task.name ?? '',
    assignee: assigneeText === null || assigneeText.trim() === '' ? null : assigneeText.trim(),
    candidateUsers: splitList(extensionAttribute(task, 'candidateUsers')),
    candidateGroups: splitList(extensionAttribute(task, 'candidateGroups')),
    writable: formFieldVariables(task),
    form: formBinding(task),
    multiInstance,
    returnMode: returnModeOf(task, processReturnMode),
  };
  if (multiInstance) {
    // Each signer's task is theirs: the signers are the collection, else the candidate users.
    if (!multiInstance.collection && !definition.candidateUsers.length)
      throw new ModelError('noAssignee', { element: id });
  } else if (
    !definition.assignee &&
    !definition.candidateUsers.length &&
    !definition.candidateGroups.length
  ) {
    throw new ModelError('noAssignee', { element: id });
  }
  for (const text of [definition.assignee, ...definition.candidateUsers, ...definition.candidateGroups]) {
    if (text === null) continue;
    const reason = checkIdentityExpression(text);
    if (reason) throw new ModelError('badExpression', { element: id, expression: text, reason });
  }
  return definition;
}

function vetCondition(flow: ModdleElement, id: string): void {
  const condition = flow.conditionExpression as ModdleElement | undefined;
  if (!condition) return;
  const body = typeof condition.body === 'string' ? condition.body.trim() : '';
  const language = typeof condition.language === 'string' ? condition.language.trim() : '';
  if (language !== '' && !CONDITION_LANGUAGE.test(language)) {
    throw new ModelError('badExpression', {
      element: id,
      expression: body,
      reason: `condition language "${language}" is not supported (FEEL only)`,
    });
  }
  const reason = checkExpression(body);
  if (reason) throw new ModelError('badExpression', { element: id, expression: body, reason });
}

/**
 * An extension attribute by local name in the flowable, activiti or camunda namespace, whatever
 * prefix the document binds to it (declared on the element or any ancestor).
 */
function extensionAttribute(element: ModdleElement, localAttribute: string): string | null {
  const attrs = element.$attrs ?? {};
  const prefixes = namespacePrefixes(element);
  for (const uri of EXTENSION_NAMESPACES) {
    for (const [prefix, boundUri] of prefixes) {
      if (boundUri !== uri) continue;
      const value = attrs[`${prefix}:${localAttribute}`];
      if (typeof value === 'string') return value;
    }
  }
  return null;
}

/**
 * The variables an element's form sets (security.md S15): Flowable's and Activiti's
 * `<flowable:formProperty id="…" variable="…" writable="…"/>` (the variable, else the id; a property
 * with writable="false" is shown, not set) and Camunda's `<camunda:formData><camunda:formField id="…"/>`,
 * in the element's extensionElements. A start event's are what a start may be given, a user task's
 * what its completion may set; an element without any declares nothing.
 */
function formFieldVariables(element: ModdleElement): string[] {
  const prefixes = namespacePrefixes(element);
  // Extensions outside the BPMN schema are parsed as generic elements typed `<prefix>:<localName>`.
  const isExtension = (node: ModdleElement, local: string) => {
    const [prefix = '', name] = node.$type.split(':');
    return name === local && EXTENSION_NAMESPACES.includes(prefixes.get(prefix) ?? '');
  };
  const variables: string[] = [];
  const add = (node: ModdleElement, variable: unknown) => {
    if (typeof variable !== 'string' || variable.trim() === '') {
      const detail = `a ${localName(node.$type)} of "${element.id ?? ''}" has no id`;
      throw new ModelError('malformed', { detail });
    }
    if (!variables.includes(variable.trim())) variables.push(variable.trim());
  };
  for (const node of list((element.extensionElements as ModdleElement | undefined)?.values)) {
    if (isExtension(node, 'formProperty') && node.writable !== 'false') add(node, node.variable ?? node.id);
    if (!isExtension(node, 'formData')) continue;
    for (const field of list(node.$children)) if (isExtension(field, 'formField')) add(field, field.id);
  }
  return variables;
}

/** The element's designed form and its fields' access (see FormBinding), or null. */
function formBinding(element: ModdleElement): FormBinding | null {
  const formKey = extensionAttribute(element, 'formKey')?.trim();
  if (!formKey) return null;
  const prefixes = namespacePrefixes(element);
  const fields: Record<string, FieldAccess> = {};
  for (const node of list((element.extensionElements as ModdleElement | undefined)?.values)) {
    const [prefix = '', name] = node.$type.split(':');
    if (name !== 'formProperty' || !EXTENSION_NAMESPACES.includes(prefixes.get(prefix) ?? '')) continue;
    const field = typeof node.variable === 'string' ? node.variable.trim() : String(node.id ?? '').trim();
    if (field === '' || field === '__proto__') continue;
    fields[field] =
      node.readable === 'false' ? 'hidden' : node.writable === 'false' ? 'readonly' : 'editable';
  }
  return { formKey, fields };
}

// Prefix → namespace URI in scope at the element, the nearest declaration winning.
function namespacePrefixes(element: ModdleElement): Map<string, string> {
  const prefixes = new Map<string, string>();
  for (let node: ModdleElement | undefined = element; node; node = node.$parent) {
    for (const [name, value] of Object.entries(node.$attrs ?? {})) {
      if (!name.startsWith('xmlns:')) continue;
      const prefix = name.slice('xmlns:'.length);
      if (!prefixes.has(prefix)) prefixes.set(prefix, value);
    }
  }
  return prefixes;
}

/** Splits a candidate list on commas outside `${ … }`, trimming and dropping empty entries. */
export function splitList(text: string | null): string[] {
  if (text === null) return [];
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '$' && text[i + 1] === '{' && depth === 0) {
      depth = 1;
      current += '${';
      i++;
      continue;
    }
    if (depth > 0 && char === '{') depth++;
    if (depth > 0 && char === '}') depth--;
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

function unsupported(element: ModdleElement, type: string = element.$type): ModelError {
  return new ModelError('unsupportedElement', { element: element.id ?? '', type });
}

function list(value: unknown): ModdleElement[] {
  return Array.isArray(value) ? (value as ModdleElement[]) : [];
}

function localName(type: string): string {
  return type.slice(type.indexOf(':') + 1);
}

function firstLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text.split('\n')[0] ?? '').slice(0, 200);
}

function describe(code: ModelErrorCode, params: Record<string, string>): string {
  switch (code) {
    case 'malformed':
      return `The model is not well-formed BPMN 2.0 XML: ${params.detail ?? 'unreadable'}`;
    case 'tooLarge':
      return `The model is larger than ${params.limit ?? MAX_MODEL_BYTES} bytes`;
    case 'noProcess':
      return 'The model has no executable process';
    case 'manyProcesses':
      return `The model has ${params.count ?? 'several'} executable processes; one is supported`;
    case 'noKey':
      return 'The process has no id (process key)';
    case 'badKey':
      return `The process key "${params.key ?? ''}" must be an XML name of at most ${MAX_KEY_LENGTH} characters`;
    case 'unsupportedElement':
      return `Element "${params.element ?? ''}" of type ${params.type ?? '?'} is not supported`;
    case 'noAssignee':
      return `User task "${params.element ?? ''}" has neither an assignee nor candidates`;
    case 'badExpression':
      return `Invalid expression "${params.expression ?? ''}" on "${params.element ?? ''}": ${params.reason ?? 'does not parse'}`;
    case 'missingCondition':
      return `Exclusive gateway "${params.element ?? ''}": flow "${params.flow ?? ''}" has no condition and is not the default`;
    case 'noStartEvent':
      return 'The process has no start event';
    case 'manyStartEvents':
      return `The process has ${params.count ?? 'several'} start events; one is supported`;
    case 'loopWithoutTask':
      return `The flows through "${params.element ?? ''}" loop back without passing a user task`;
    case 'badReturnMode':
      return `The return mode "${params.value ?? ''}" of "${params.element ?? ''}" is neither direct nor flow`;
  }
}
