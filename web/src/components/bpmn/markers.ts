import type { FlowHistory } from '@console/contract';

/** How the diagram shows an element (spec §4): finished, where the instance waits, a flow taken. */
export type FlowState = 'done' | 'active' | 'taken';

/** The CSS class canvas.addMarker puts on an element's `<g data-element-id>` for each state. */
export const FLOW_MARKER_CLASS: Record<FlowState, string> = {
  done: 'flow-done',
  active: 'flow-active',
  taken: 'flow-taken',
};

export interface DiagramMarkers {
  /** The state of each coloured element, by BPMN element id. */
  states: Map<string, FlowState>;
  /** The names (or ids) of the finished and of the active activities, in the order first entered. */
  doneNames: string[];
  activeNames: string[];
}

const isSequenceFlow = (type: string) => /^(bpmn:)?sequenceFlow$/i.test(type);

/**
 * Which element gets which colour, from an instance's activities and the flows it took. An activity
 * entered more than once (a request sent back and resubmitted) counts as active while any of its
 * visits is open, as finished otherwise. A flow recorded as an activity counts as taken.
 */
export function diagramMarkers(flow: readonly FlowHistory[], takenFlows: readonly string[]): DiagramMarkers {
  const states = new Map<string, FlowState>();
  const names = new Map<string, string>();
  for (const activity of flow) {
    const id = activity.historyActivityId;
    if (!names.has(id)) names.set(id, activity.historyActivityName || id);
    if (isSequenceFlow(activity.historyActivityType)) {
      states.set(id, 'taken');
      continue;
    }
    if (activity.endTime === null) states.set(id, 'active');
    else if (states.get(id) !== 'active') states.set(id, 'done');
  }
  for (const id of takenFlows) if (!states.has(id)) states.set(id, 'taken');

  const namesIn = (state: FlowState) =>
    [...names].filter(([id]) => states.get(id) === state).map(([, name]) => name);
  return { states, doneNames: namesIn('done'), activeNames: namesIn('active') };
}
