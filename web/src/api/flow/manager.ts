import type { FlowDefinition, Page } from '@console/contract';
import { get, post, type QueryParams } from '../request';

const BASE = '/api/blade-flow/manager';

/** Process definitions (流程管理), paged, each version on its own row. */
export function list(
  current: number,
  size: number,
  filters: QueryParams = {},
): Promise<Page<FlowDefinition>> {
  return get<Page<FlowDefinition>>(`${BASE}/list`, { ...filters, current, size });
}

/** Suspends a definition (it starts nothing more) or makes it active again. */
export function changeState(processId: string, state: 'active' | 'suspend'): Promise<boolean> {
  return post<boolean>(`${BASE}/change-state`, undefined, { params: { processId, state } });
}

/** Deletes deployments; refused while one has running instances, unless `cascade` deletes those too. */
export function removeDeployments(deploymentIds: readonly string[], cascade = false): Promise<boolean> {
  return post<boolean>(`${BASE}/delete-deployment`, undefined, {
    params: { deploymentIds: deploymentIds.join(','), cascade: cascade || undefined },
  });
}

/** 流程部署: one or more .bpmn/.xml files, with a category and (platform administrator) tenants. */
export function deployUpload(
  files: readonly File[],
  category: string,
  tenantIds?: readonly string[],
): Promise<FlowDefinition[]> {
  const form = new FormData();
  form.append('category', category);
  if (tenantIds && tenantIds.length > 0) form.append('tenantIds', tenantIds.join(','));
  for (const file of files) form.append('files', file, file.name);
  return post<FlowDefinition[]>(`${BASE}/deploy-upload`, form);
}
