import type { FlowForm, FlowFormDetail, FlowFormInput, FlowFormValidation } from '@console/contract';
import { get, post } from '../request';
import { crudResource } from '../resource';

const BASE = '/api/blade-flow/form';

/** Forms (表单设计): lists without definitions; `detailAt` opens a version's definition. */
export const { list, submit, remove } = crudResource<FlowForm, FlowFormInput>(BASE);

/** A form with its latest version's definition (or the version named) and its versions. */
export function detailAt(id: string, version?: number): Promise<FlowFormDetail> {
  return get<FlowFormDetail>(`${BASE}/detail`, { id, version });
}

export const detail = (id: string): Promise<FlowFormDetail> => detailAt(id);

/** Form data checked by the server against a version of the form (the latest by default). */
export function validate(
  id: string,
  data: Record<string, unknown>,
  version?: number,
): Promise<FlowFormValidation> {
  return post<FlowFormValidation>(`${BASE}/validate`, { id, version, data });
}
