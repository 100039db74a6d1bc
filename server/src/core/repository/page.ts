import type { Page } from '@console/contract';
import { sql, type Kysely } from 'kysely';
import type { Filter, ListQuery } from '../list-query.js';
import { filterExpression, pageQueries, type AnySelect } from './apply-list-query.js';

/** The page envelope of a list call (contract.md, "Page"): written once for every list. */
export function pageResult<E>(
  records: E[],
  total: number,
  query: Pick<ListQuery, 'current' | 'size'>,
  totalExact = true,
): Page<E> {
  return {
    records,
    total,
    size: query.size,
    current: query.current,
    pages: Math.ceil(total / query.size),
    // Only a bounded count says so: an exact page keeps the envelope every client knows.
    ...(totalExact ? {} : { totalExact: false }),
  };
}

/** How a list counts its rows: exactly (every match), or at most `limit` (a large log). */
export interface PageOptions {
  /** The key that settles ties in the order (the id by default). */
  key?: string;
  /**
   * Counts at most this many matches, and one more to know there are more: beyond it the page
   * answers `total: limit` (or how far the pages read so far reach) with `totalExact: false`, so
   * that a list over a million rows never scans them all to count them (issue 21).
   */
  countLimit?: number;
  /**
   * With countLimit: when the filters hold a "contains" (which no b-tree serves), the count reads at
   * most this many rows under the other filters and counts the matches among them; if there were
   * more rows, the total is a lower bound (`totalExact: false`). The slice itself is exact.
   */
  scanLimit?: number;
  /** The database the bounded count runs on (with countLimit): the one of the scoped query. */
  db?: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * One page of a scoped query under the list's filters and order: the total, then the slice (not
 * fetched past the last page), each row turned into the wire entity by toEntity.
 */
export async function pageOf<E>(
  scoped: AnySelect,
  query: ListQuery,
  toEntity: (row: Record<string, unknown>) => E,
  options: PageOptions | string = {},
): Promise<Page<E>> {
  const { key = 'id', countLimit, scanLimit, db } = typeof options === 'string' ? { key: options } : options;
  const { count, filtered, page } = pageQueries(scoped, query, key);
  const offset = (query.current - 1) * query.size;
  if (countLimit === undefined || db === undefined)
    return countedPage(
      () => count.execute(),
      () => page.execute(),
      query,
      toEntity,
    );
  if (scanLimit !== undefined && query.filters.some(isContains))
    return scannedPage(scoped, query, toEntity, { key, countLimit, scanLimit, db });
  // select count(*) from (select 1 from … where … limit countLimit + 1): stops at the bound.
  const bounded = filtered
    .select(sql<number>`1`.as('one'))
    .limit(countLimit + 1)
    .as('bounded');
  const counted = Number(
    (
      await db
        .selectFrom(bounded)
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirst()
    )?.total ?? 0,
  );
  if (counted <= countLimit) {
    const rows = counted > offset ? await page.execute() : [];
    return pageResult(rows.map(toEntity), counted, query);
  }
  // More than the bound: the slice is read wherever the page is, and the total is at least the bound
  // and at least the rows up to this page's last (so a pager can go on past the bound).
  const rows = await page.execute();
  const end = endOfList(rows, query);
  if (end !== undefined && end > countLimit) return pageResult(rows.map(toEntity), end, query);
  return pageResult(rows.map(toEntity), atLeast(countLimit, rows, query), query, false);
}

type Rows = Record<string, unknown>[];

/** An exactly counted page: the total, then the slice unless the page is past the end. */
export async function countedPage<E>(
  countRows: () => Rows | Promise<Rows>,
  sliceRows: () => Rows | Promise<Rows>,
  query: ListQuery,
  toEntity: (row: Record<string, unknown>) => E,
): Promise<Page<E>> {
  const total = Number((await countRows())[0]?.total ?? 0);
  const rows = total > (query.current - 1) * query.size ? await sliceRows() : [];
  return pageResult(rows.map(toEntity), total, query);
}

const isContains = (filter: Filter) => filter.op === 'contains' || filter.op === 'notContains';

/**
 * A page whose count reads at most scanLimit rows: select count(*), sum(case when <contains> then 1
 * else 0 end) from (select <their columns> from … where <other filters> limit scanLimit + 1). Fewer rows than that:
 * the count is exact (up to countLimit); more: at least the matches found and the rows up to this
 * page's last.
 */
async function scannedPage<E>(
  scoped: AnySelect,
  query: ListQuery,
  toEntity: (row: Record<string, unknown>) => E,
  options: { key: string; countLimit: number; scanLimit: number; db: Kysely<any> }, // eslint-disable-line @typescript-eslint/no-explicit-any
): Promise<Page<E>> {
  const { key, countLimit, scanLimit, db } = options;
  const contains = query.filters.filter(isContains);
  const others = { ...query, filters: query.filters.filter((f) => !isContains(f)) };
  // Only the columns the "contains" filters read: a narrow row is cheaper to hand from the scan.
  const window = pageQueries(scoped, others, key)
    .filtered.select([...new Set(contains.map((f) => f.column.name))])
    .limit(scanLimit + 1)
    .as('scanned');
  const counted = await db
    .selectFrom(window)
    .select((eb) => [
      eb.fn.countAll().as('examined'),
      eb.fn
        .sum(
          eb
            .case()
            .when(eb.and(contains.map((f) => filterExpression(eb, f))))
            .then(1)
            .else(0)
            .end(),
        )
        .as('matched'),
    ])
    .executeTakeFirst();
  const examined = Number(counted?.examined ?? 0);
  const matched = Number(counted?.matched ?? 0);
  const offset = (query.current - 1) * query.size;
  const { page } = pageQueries(scoped, query, key);
  if (examined <= scanLimit && matched <= countLimit) {
    const rows = matched > offset ? await page.execute() : [];
    return pageResult(rows.map(toEntity), matched, query);
  }
  const rows = await page.execute();
  const end = endOfList(rows, query);
  if (end !== undefined) return pageResult(rows.map(toEntity), end, query);
  return pageResult(rows.map(toEntity), atLeast(Math.min(matched, countLimit), rows, query), query, false);
}

/** A short page (or an empty first one) shows where the list ends: then the total is exact. */
function endOfList<R>(rows: R[], query: ListQuery): number | undefined {
  if (rows.length > 0 && rows.length < query.size) return (query.current - 1) * query.size + rows.length;
  if (rows.length === 0 && query.current === 1) return 0;
  return undefined;
}

/** A lower bound of the total: what was counted, and the rows up to this page's last. */
function atLeast<R>(counted: number, rows: R[], query: ListQuery): number {
  return Math.max(counted, rows.length > 0 ? (query.current - 1) * query.size + rows.length : 0);
}
