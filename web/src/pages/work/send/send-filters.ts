import type { QueryParams } from '../../../api/request';

/**
 * The search's filters under the server's names: the rows say `processDefinitionKey` and `status`,
 * the instance table filters `processKey` and `runState`.
 */
export function sendFilters(filters: QueryParams): QueryParams {
  const renamed: QueryParams = {};
  for (const [key, value] of Object.entries(filters)) {
    const name = key
      .replace(/^processDefinitionKey(?=_|$)/, 'processKey')
      .replace(/^status(?=_|$)/, 'runState');
    renamed[name] = value;
  }
  return renamed;
}
