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
