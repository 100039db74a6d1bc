import type { FlowBoundForm, FlowHistory, FlowModelView } from '@console/contract';
import { get } from '../request';

const BASE = '/api/blade-flow/process';

/** Where the diagram comes from: a running or finished instance, or a definition (no history). */
export type DiagramSource = { processInstanceId: string } | { processDefinitionId: string };

/** The diagram's XML and what the viewer colours: the activities so far and the flows taken. */
export function modelView(source: DiagramSource): Promise<FlowModelView> {
  return get<FlowModelView>(`${BASE}/model-view`, source);
}

/** An instance's activities: type, assignee, comment, start and end, duration. */
export function historyFlowList(processInstanceId: string): Promise<FlowHistory[]> {
  return get<FlowHistory[]>(`${BASE}/history-flow-list`, { processInstanceId });
}

/**
 * An instance's form data as the user sees it (issue 51): through their open task's form (editable
 * when `taskId` names it), else the start form read-only; null when the process has no form.
 */
export function formData(processInstanceId: string, taskId?: string): Promise<FlowBoundForm | null> {
  return get<FlowBoundForm | null>(`${BASE}/form-data`, { processInstanceId, ...(taskId ? { taskId } : {}) });
}
