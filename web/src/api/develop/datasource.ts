import type {
  Datasource,
  DatasourceInput,
  DatasourceOption,
  DatasourceTestInput,
  DatasourceTestResult,
} from '@console/contract';
import { get, post } from '../request';
import { crudResource } from '../resource';

// Data sources (研发工具 › 数据源管理): the databases the platform administrator registers. The
// password is write-only: the list and the detail answer `hasPassword`, and an update without a
// password keeps the stored one.

const BASE = '/api/blade-develop/datasource';

export const { list, detail, submit, remove } = crudResource<Datasource, DatasourceInput>(BASE);

/** Every data source as a picker shows it (the tenant's 数据源配置, the code generator). */
export function select(): Promise<DatasourceOption[]> {
  return get<DatasourceOption[]>(`${BASE}/select`);
}

/**
 * Tries a connection with `input` (with the id of a stored source, an empty password means its
 * stored one). Reachable or not, the answer says how it went; a target the server refuses to try
 * (a host outside DATASOURCE_HOSTS, an SQLite path outside DATA_DIR) rejects with a RequestError.
 * `quiet`: the caller shows that refusal itself, instead of the request layer's message.
 */
export function test(
  input: DatasourceTestInput,
  options: { quiet?: boolean } = {},
): Promise<DatasourceTestResult> {
  return post<DatasourceTestResult>(`${BASE}/test`, input, { quiet: options.quiet });
}
