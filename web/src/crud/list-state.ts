import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type Page } from '@console/contract';
import type { Key } from 'react';
import type { QueryParams } from '../api/request';
import { dropEmpty } from './search';

// What a table page asks the list call for: page, size, the search's filters and the sort. Every
// change that can move rows between pages (a search, a reset, a new sort, a new size) starts again
// at page 1 (spec §5).

export type SortDirection = 'ascend' | 'descend';

/** One sorted column: the server's field name and the direction. */
export interface SortItem {
  field: string;
  order: SortDirection;
}

export interface ListState {
  current: number;
  size: number;
  filters: QueryParams;
  sort: readonly SortItem[];
}

/** The page sizes offered (spec §9) in the form antd's size changer takes. */
export const PAGE_SIZE_OPTIONS: string[] = PAGE_SIZES.map(String);

export const INITIAL_LIST_STATE: ListState = { current: 1, size: DEFAULT_PAGE_SIZE, filters: {}, sort: [] };

/** A new search (or a reset, with no filters): page 1 with the filters the form gave. */
export function withSearch(state: ListState, filters: QueryParams): ListState {
  return { ...state, current: 1, filters: dropEmpty(filters) };
}

/** The pager moved: a new size starts at page 1, since the old page number means other rows. */
export function withPaging(state: ListState, current: number, size: number): ListState {
  return size !== state.size ? { ...state, current: 1, size } : { ...state, current };
}

export function withSort(state: ListState, sort: readonly SortItem[]): ListState {
  return { ...state, current: 1, sort };
}

/**
 * The page to show once `removed` rows of the current page are gone: the previous one when the
 * current page would be left empty and is not the first.
 */
export function pageAfterRemoval(state: ListState, total: number, removed: number): number {
  const remaining = Math.max(0, total - removed);
  const lastPage = Math.max(1, Math.ceil(remaining / state.size));
  return Math.min(state.current, lastPage);
}

/** `ascs` / `descs` as the contract takes them: comma-joined field names; absent when none. */
export function sortParams(sort: readonly SortItem[]): { ascs?: string; descs?: string } {
  const ascs = sort.filter((item) => item.order === 'ascend').map((item) => item.field);
  const descs = sort.filter((item) => item.order === 'descend').map((item) => item.field);
  return {
    ...(ascs.length > 0 ? { ascs: ascs.join(',') } : {}),
    ...(descs.length > 0 ? { descs: descs.join(',') } : {}),
  };
}

/** What antd's table reports about sorting (one sorter, or several with multiple sort). */
export interface TableSorter {
  columnKey?: Key;
  order?: SortDirection | null;
}

/**
 * The sort a table change asks for. `fieldOf` names the server field of a column key, or nothing
 * when the column may not be sorted.
 */
export function sortFromTable(
  sorter: TableSorter | readonly TableSorter[],
  fieldOf: (columnKey: string) => string | undefined,
): SortItem[] {
  const sorters: readonly TableSorter[] = Array.isArray(sorter) ? sorter : [sorter as TableSorter];
  const items: SortItem[] = [];
  for (const { columnKey, order } of sorters) {
    if (!order || columnKey === undefined) continue;
    const field = fieldOf(String(columnKey));
    if (field !== undefined) items.push({ field, order });
  }
  return items;
}

/** The filters of the list call: a page's fixed filters, the search's, then the sort. */
export function listFilters(state: ListState, fixed: Readonly<QueryParams> = {}): QueryParams {
  return { ...dropEmpty(fixed), ...state.filters, ...sortParams(state.sort) };
}

/** A list call's answer, paged or whole (tree and unpaged lists answer an array). */
export interface ListRows<T> {
  rows: T[];
  total: number;
  /** false: the server stopped counting at `total` (a large log): there are more ("10,000+"). */
  totalExact: boolean;
  /** false: the answer was the whole list, so the table shows no pager. */
  paged: boolean;
  /** How many rows come before these (row numbers go on across pages): from the answer, so they
   * change with the rows, not when a page turn starts. */
  offset: number;
}

export function toListRows<T>(answer: Page<T> | readonly T[] | undefined): ListRows<T> {
  if (answer === undefined) return { rows: [], total: 0, totalExact: true, paged: true, offset: 0 };
  if (isRowArray(answer))
    return { rows: [...answer], total: answer.length, totalExact: true, paged: false, offset: 0 };
  const offset = Math.max(0, (answer.current - 1) * answer.size);
  return {
    rows: answer.records,
    total: answer.total,
    totalExact: answer.totalExact !== false,
    paged: true,
    offset,
  };
}

function isRowArray<T>(answer: Page<T> | readonly T[]): answer is readonly T[] {
  return Array.isArray(answer);
}
