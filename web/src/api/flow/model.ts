import type { FlowDefinition, FlowModel, FlowModelDetail, FlowModelInput } from '@console/contract';
import { get, post } from '../request';
import { crudResource } from '../resource';

const BASE = '/api/blade-flow/model';

/** Models (模型管理): the list leaves the XML out; the designer opens one with `detailWithXml`. */
export const { list, detail, submit, remove } = crudResource<FlowModel, FlowModelInput>(BASE);

export function detailWithXml(id: string): Promise<FlowModelDetail> {
  return get<FlowModelDetail>(`${BASE}/detail-xml`, { id });
}

/**
 * Deploys a model as a new version of its process: in the caller's tenant, or in the tenants the
 * platform administrator names (comma-joined ids). Answers the definitions made.
 */
export function deploy(modelId: string, category?: string, tenantIds?: string): Promise<FlowDefinition[]> {
  return post<FlowDefinition[]>(`${BASE}/deploy`, undefined, { params: { modelId, category, tenantIds } });
}
