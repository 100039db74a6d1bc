// What the designer's properties panel reads from and writes to a BPMN element, on bpmn-js's moddle
// objects but without bpmn-js itself (tested with plain objects).
import type { DiagramElement } from './bpmn-types';
import { OTHER_EXTENSION_URIS, type FlowableAttribute } from './flowable-moddle';

/** The process key rule the server applies: an XML name (NCName) of at most 64 characters. */
export const PROCESS_KEY_MAX = 64;
const NCNAME = /^[\p{L}_][\p{L}\p{M}\p{N}_.\-\u00B7]*$/u;

export function isProcessKey(text: string): boolean {
  return text.length > 0 && text.length <= PROCESS_KEY_MAX && NCNAME.test(text);
}

/** Prefix → namespace URI in scope at an element, the nearest declaration winning. */
function namespacePrefixes(element: DiagramElement): Map<string, string> {
  const prefixes = new Map<string, string>();
  for (let node: DiagramElement | undefined = element; node; node = node.$parent) {
    for (const [name, value] of Object.entries(node.$attrs ?? {})) {
      if (name.startsWith('xmlns:') && value !== undefined && !prefixes.has(name.slice(6))) {
        prefixes.set(name.slice(6), value);
      }
    }
  }
  return prefixes;
}

/** The qualified names an attribute has on the element under the activiti or camunda namespace. */
function otherNamespaceNames(element: DiagramElement, attribute: FlowableAttribute): string[] {
  const prefixes = namespacePrefixes(element);
  return Object.keys(element.$attrs ?? {}).filter((name) => {
    const colon = name.indexOf(':');
    if (colon < 0 || name.slice(colon + 1) !== attribute) return false;
    const uri = prefixes.get(name.slice(0, colon));
    return uri !== undefined && OTHER_EXTENSION_URIS.includes(uri);
  });
}

/**
 * An assignment attribute as the server reads it: the flowable one, else the activiti or camunda
 * one of a model drawn elsewhere; '' when there is none.
 */
export function extensionValue(element: DiagramElement, attribute: FlowableAttribute): string {
  const flowable = element.get(`flowable:${attribute}`);
  if (typeof flowable === 'string') return flowable;
  for (const name of otherNamespaceNames(element, attribute)) {
    const value = element.$attrs[name];
    if (typeof value === 'string') return value;
  }
  return '';
}

/**
 * The properties for `modeling.updateProperties` that set an assignment attribute: written under
 * flowable (empty removes it), and its activiti or camunda twin removed, so that the server, which
 * falls back to those, never reads a value the panel no longer shows.
 */
export function extensionUpdate(
  element: DiagramElement,
  attribute: FlowableAttribute,
  value: string,
): Record<string, string | undefined> {
  const update: Record<string, string | undefined> = {
    [`flowable:${attribute}`]: value === '' ? undefined : value,
  };
  for (const name of otherNamespaceNames(element, attribute)) update[name] = undefined;
  return update;
}

/** What the panel offers for an element. */
export type PanelKind = 'process' | 'userTask' | 'startEvent' | 'sequenceFlow' | 'other';

export function panelKind(element: DiagramElement): PanelKind {
  if (element.$instanceOf('bpmn:Process')) return 'process';
  if (element.$instanceOf('bpmn:UserTask')) return 'userTask';
  if (element.$instanceOf('bpmn:StartEvent')) return 'startEvent';
  if (element.$instanceOf('bpmn:SequenceFlow')) return 'sequenceFlow';
  return 'other';
}

/**
 * Whether a flow's condition is editable: a flow out of an exclusive or inclusive gateway (where
 * the engine chooses by condition), or any flow that has one already (so it can be removed).
 */
export function hasConditionField(flow: DiagramElement): boolean {
  if (conditionBody(flow) !== '') return true;
  const source = flow.get('sourceRef') as DiagramElement | undefined;
  return (
    source !== undefined &&
    (source.$instanceOf('bpmn:ExclusiveGateway') || source.$instanceOf('bpmn:InclusiveGateway'))
  );
}

/** A flow's condition expression text; '' without one. */
export function conditionBody(flow: DiagramElement): string {
  const expression = flow.get('conditionExpression') as DiagramElement | undefined;
  const body = expression?.get('body');
  return typeof body === 'string' ? body : '';
}

/** How a user task's signers decide (会签, issue 51): not a countersign, all at once, or in turn. */
export type CountersignMode = 'none' | 'parallel' | 'sequential';

/**
 * The completion rule: all must agree, any one, a ratio of agreements (票签), or a condition written
 * by hand (shown as it is). The server reads the condition: the node passes once it holds, fails
 * once it no longer can.
 */
export type CountersignRule = 'all' | 'any' | 'ratio' | 'custom';

export interface CountersignValues {
  countersign: CountersignMode;
  rule: CountersignRule;
  /** A fraction such as 2/3 or a decimal such as 0.6 (rule ratio). */
  ratio: string;
  /** The condition as written (the rule's, or one written by hand). */
  completion: string;
  collection: string;
}

const ALL_CONDITION = '${nrOfAgreed = nrOfInstances}';
const ANY_CONDITION = '${nrOfAgreed >= 1}';
const RATIO_CONDITION = /^\$\{\s*nrOfAgreed\s*\/\s*nrOfInstances\s*>=\s*([0-9./\s]+?)\s*\}$/;

/** A ratio the rule accepts: p/q with 0 < p ≤ q, or a decimal in (0, 1]. */
export function isRatio(text: string): boolean {
  const trimmed = text.trim();
  const fraction = /^(\d+)\s*\/\s*(\d+)$/.exec(trimmed);
  if (fraction) {
    const [p, q] = [Number(fraction[1]), Number(fraction[2])];
    return p > 0 && q > 0 && p <= q;
  }
  if (!/^(0?\.\d+|1(\.0+)?)$/.test(trimmed)) return false;
  const value = Number(trimmed);
  return value > 0 && value <= 1;
}

/** The completion condition of a rule ('' for a custom one: it is written by hand). */
export function ruleCondition(rule: CountersignRule, ratio = ''): string {
  switch (rule) {
    case 'all':
      return ALL_CONDITION;
    case 'any':
      return ANY_CONDITION;
    case 'ratio':
      return isRatio(ratio) ? `\${nrOfAgreed / nrOfInstances >= ${ratio.trim().replace(/\s+/g, '')}}` : '';
    case 'custom':
      return '';
  }
}

/** The rule a condition was written by (no condition: all must agree, as the server reads it). */
export function ruleOfCondition(condition: string): { rule: CountersignRule; ratio: string } {
  const text = condition.trim();
  const compact = text.replace(/\s+/g, ' ');
  if (text === '' || compact === ALL_CONDITION || compact === '${nrOfAgreed == nrOfInstances}')
    return { rule: 'all', ratio: '' };
  if (compact === ANY_CONDITION || compact === '${nrOfAgreed > 0}') return { rule: 'any', ratio: '' };
  const ratio = RATIO_CONDITION.exec(text)?.[1]?.replace(/\s+/g, '');
  if (ratio && isRatio(ratio)) return { rule: 'ratio', ratio };
  return { rule: 'custom', ratio: '' };
}

/** A user task's countersign as the panel shows it. */
export function countersignOf(task: DiagramElement): CountersignValues {
  const loop = task.get('loopCharacteristics') as DiagramElement | undefined;
  if (!loop || !loop.$instanceOf('bpmn:MultiInstanceLoopCharacteristics'))
    return { countersign: 'none', rule: 'all', ratio: '', completion: '', collection: '' };
  const condition = loop.get('completionCondition') as DiagramElement | undefined;
  const body = condition?.get('body');
  const completion = typeof body === 'string' ? body : '';
  const collection = loop.get('flowable:collection');
  return {
    countersign: loop.get('isSequential') === true ? 'sequential' : 'parallel',
    ...ruleOfCondition(completion),
    completion,
    collection: typeof collection === 'string' ? collection : '',
  };
}
