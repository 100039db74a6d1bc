import type { Page } from '@console/contract';
import { get, post, type QueryParams } from './request';

/**
 * The four calls of a BladeX resource under `base` (contract.md, "Requests"), written once:
 * GET list (paged, `filters` in the contract's field-name grammar), GET detail?id=, POST submit
 * (creates without an id, updates with one) and POST remove?ids=. A module's api file spreads them
 * and adds its own calls (tree, select, grant…) beside them; the CRUD kit's `api` binding is this.
 */
export function crudResource<E, I>(base: string) {
  return {
    list: (current: number, size: number, filters: QueryParams = {}): Promise<Page<E>> =>
      get<Page<E>>(`${base}/list`, { ...filters, current, size }),
    detail: (id: string): Promise<E> => get<E>(`${base}/detail`, { id }),
    submit: (input: I): Promise<unknown> => post<unknown>(`${base}/submit`, input),
    remove: (ids: readonly string[]): Promise<unknown> =>
      post<unknown>(`${base}/remove`, undefined, { params: { ids: ids.join(',') } }),
  };
}
