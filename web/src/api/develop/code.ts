import type { Code, CodeInput, DatasourceTable } from '@console/contract';
import { get, post } from '../request';
import { crudResource } from '../resource';

// Code generation records (研发工具 › 代码生成): which table of which data source becomes a module,
// under which names, and how each of its columns shows in the generated page.

const BASE = '/api/blade-develop/code';

export const { list, detail, submit, remove } = crudResource<Code, CodeInput>(BASE);

/** Copies a record (its name marked as a copy); answers the new record. */
export function copy(id: string): Promise<Code> {
  return post<Code>(`${BASE}/copy`, undefined, { params: { id } });
}

/** The tables of a data source, with their columns, as the generator reads them. */
export function tables(datasourceId: string): Promise<DatasourceTable[]> {
  return get<DatasourceTable[]>('/api/blade-develop/datasource/tables', { id: datasourceId });
}
