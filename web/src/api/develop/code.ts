import type { Code, CodeInput, DatasourceTable } from '@console/contract';
import { download, type DownloadedFile } from '../files';
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

/** One file the generator writes: its path in the project and its text. */
export interface GeneratedFile {
  path: string;
  content: string;
}

/**
 * What generating a record would write, file by file, without downloading anything. `quiet`: the
 * caller shows the server's refusal itself (the preview dialog), instead of the request layer's toast.
 */
export function preview(id: string, options: { quiet?: boolean } = {}): Promise<GeneratedFile[]> {
  return get<GeneratedFile[]>(`${BASE}/preview`, { id }, { quiet: options.quiet });
}

/**
 * The generated modules of the records as one .zip. `system=saber` is what the BladeX console sends;
 * it means this console, as would no value.
 */
export function generate(ids: readonly string[]): Promise<DownloadedFile> {
  return download(`${BASE}/gen-code`, { ids: ids.join(','), system: 'saber' }, { method: 'POST' });
}
