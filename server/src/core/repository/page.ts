import type { Page } from '@console/contract';
import type { ListQuery } from '../list-query.js';
import { pageQueries, type AnySelect } from './apply-list-query.js';

/** The page envelope of a list call (contract.md, "Page"): written once for every list. */
export function pageResult<E>(
  records: E[],
  total: number,
  query: Pick<ListQuery, 'current' | 'size'>,
): Page<E> {
  return {
    records,
    total,
    size: query.size,
    current: query.current,
    pages: Math.ceil(total / query.size),
  };
}

/**
 * One page of a scoped query under the list's filters and order: the total, then the slice (not
 * fetched past the last page), each row turned into the wire entity by toEntity.
 */
export async function pageOf<E>(
  scoped: AnySelect,
  query: ListQuery,
  toEntity: (row: Record<string, unknown>) => E,
  key = 'id',
): Promise<Page<E>> {
  const { count, page } = pageQueries(scoped, query, key);
  const total = Number((await count.executeTakeFirst())?.total ?? 0);
  const rows = total > (query.current - 1) * query.size ? await page.execute() : [];
  return pageResult(rows.map(toEntity), total, query);
}
