import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { QueryParams } from '../api/request';
import {
  INITIAL_LIST_STATE,
  listFilters,
  toListRows,
  withPaging,
  withSearch,
  withSort,
  type ListState,
  type SortItem,
} from './list-state';
import { dropEmpty } from './search';
import type { CrudApi } from './types';
import { useStableHandler } from './useStableHandler';

export interface CrudListOptions<T> {
  /** Names the list's queries: `[name, 'list', params, state]`. */
  name: string;
  list: CrudApi<T, unknown>['list'];
  /** Fixed filters every call carries besides the search's; new ones start again at page 1. */
  params?: QueryParams;
  /** The sort of the first load. */
  defaultSort?: readonly SortItem[];
  /** The search of the first load (an address's starting search). */
  initialSearch?: QueryParams;
}

/** A table page's list: what it asks for, what came, and the ways to ask for something else. */
export interface CrudList<T> {
  /** Page, size, filters and sort: a new object whenever the rows asked for change. */
  state: ListState;
  rows: T[];
  total: number;
  /** false: `total` is where the server stopped counting (a large log): the pager says "10,000+". */
  totalExact: boolean;
  /** false: the answer was the whole list (a tree, an unpaged list): no pager. */
  paged: boolean;
  /** How many rows come before these: row numbers go on across pages. */
  offset: number;
  /** A call is on its way; the rows are the previous answer's until it arrives. */
  fetching: boolean;
  /** Nothing has come yet: the first list is on its way. */
  pending: boolean;
  /** The last call failed; `error` says why. */
  failed: boolean;
  error: unknown;
  /** A search (or a reset, with no filters): page 1, empty filters dropped. */
  search: (filters: QueryParams) => void;
  /** The pager moved; a new size starts at page 1. */
  turnPage: (current: number, size: number) => void;
  /** A new sort: page 1. */
  sortBy: (sort: readonly SortItem[]) => void;
  /** Every cached page is out of date; the one on screen is fetched now. */
  refresh: () => Promise<void>;
  /** Every cached page is out of date; page `current` is fetched and shown (after a removal). */
  showPage: (current: number) => Promise<void>;
  /** The same call again (a list that did not load). */
  retry: () => void;
}

/**
 * The list of a table page (no antd): its state (page, size, search, sort), the call through
 * TanStack Query (the previous rows stay while the next arrive) and refreshing. Every function it
 * answers keeps its identity.
 */
export function useCrudList<T>({
  name,
  list,
  params,
  defaultSort,
  initialSearch,
}: CrudListOptions<T>): CrudList<T> {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ListState>(() =>
    withSearch({ ...INITIAL_LIST_STATE, sort: defaultSort ?? [] }, initialSearch ?? {}),
  );
  // New fixed filters (another department picked beside the table) mean other rows: page 1.
  const paramsKey = JSON.stringify(dropEmpty(params ?? {}));
  const [listedParams, setListedParams] = useState(paramsKey);
  if (listedParams !== paramsKey) {
    setListedParams(paramsKey);
    setState((previous) => ({ ...previous, current: 1 }));
  }
  const query = useQuery({
    queryKey: [name, 'list', params ?? {}, state],
    queryFn: () => list(state.current, state.size, listFilters(state, params)),
    placeholderData: keepPreviousData,
  });
  const { rows, total, totalExact, paged, offset } = useMemo(() => toListRows(query.data), [query.data]);

  const search = useCallback(
    (filters: QueryParams) => setState((previous) => withSearch(previous, filters)),
    [],
  );
  const turnPage = useCallback(
    (current: number, size: number) => setState((previous) => withPaging(previous, current, size)),
    [],
  );
  const sortBy = useCallback(
    (sort: readonly SortItem[]) => setState((previous) => withSort(previous, sort)),
    [],
  );
  const outdate = () => queryClient.invalidateQueries({ queryKey: [name, 'list'], refetchType: 'none' });
  const refresh = useStableHandler(async () => {
    await outdate();
    await query.refetch();
  });
  const showPage = useStableHandler(async (current: number) => {
    await outdate();
    if (current === state.current) await query.refetch();
    else setState((previous) => ({ ...previous, current }));
  });
  const retry = useStableHandler(() => void query.refetch());

  return {
    state,
    rows,
    total,
    totalExact,
    paged,
    offset,
    fetching: query.isFetching,
    pending: query.isPending,
    failed: query.isError,
    error: query.error,
    search,
    turnPage,
    sortBy,
    refresh,
    showPage,
    retry,
  };
}
