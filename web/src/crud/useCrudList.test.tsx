import type { Page } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueryParams } from '../api/request';
import { useCrudList, type CrudListOptions } from './useCrudList';

// The list hook alone: no antd, a real list function over rows in memory.

interface Row {
  id: string;
  name: string;
}

function memoryList(count: number) {
  const rows: Row[] = Array.from({ length: count }, (_, at) => ({
    id: String(at + 1),
    name: `row${at + 1}`,
  }));
  const list = vi.fn((current: number, size: number, filters: QueryParams): Promise<Page<Row> | Row[]> => {
    const name = typeof filters.name === 'string' ? filters.name : '';
    const found = rows.filter((row) => row.name.includes(name));
    return Promise.resolve({
      records: found.slice((current - 1) * size, current * size).map((row) => ({ ...row })),
      total: found.length,
      size,
      current,
      pages: Math.ceil(found.length / size),
    });
  });
  return { rows, list };
}

function renderList(options: Omit<CrudListOptions<Row>, 'name'>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook((props: Omit<CrudListOptions<Row>, 'name'>) => useCrudList({ name: 'rows', ...props }), {
    wrapper,
    initialProps: options,
  });
}

const names = (rows: readonly Row[]) => rows.map((row) => row.name);

afterEach(cleanup);

describe('useCrudList', () => {
  it('lists page 1 of 10 rows with the default sort', async () => {
    const { list } = memoryList(25);
    const { result } = renderList({ list, defaultSort: [{ field: 'name', order: 'descend' }] });
    expect(result.current.pending).toBe(true);
    await waitFor(() => expect(result.current.rows).toHaveLength(10));
    expect(list).toHaveBeenCalledWith(1, 10, { descs: 'name' });
    expect(result.current).toMatchObject({
      total: 25,
      paged: true,
      offset: 0,
      pending: false,
      failed: false,
    });
  });

  it('keeps the rows on screen while the next page is on its way; a new size starts at page 1', async () => {
    const { list } = memoryList(25);
    const { result } = renderList({ list });
    await waitFor(() => expect(result.current.rows).toHaveLength(10));
    let answer: () => void = () => undefined;
    const next = list.getMockImplementation()!;
    list.mockImplementationOnce((current, size, filters) =>
      new Promise<void>((resolve) => (answer = resolve)).then(() => next(current, size, filters)),
    );

    act(() => result.current.turnPage(2, 10));
    expect(result.current.state.current).toBe(2);
    await waitFor(() => expect(result.current.fetching).toBe(true));
    expect(list).toHaveBeenLastCalledWith(2, 10, {});
    expect(result.current.rows[0]?.name).toBe('row1');
    act(() => answer());
    await waitFor(() => expect(result.current.rows[0]?.name).toBe('row11'));
    expect(result.current.offset).toBe(10);

    act(() => result.current.turnPage(2, 30));
    expect(result.current.state).toMatchObject({ current: 1, size: 30 });
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(1, 30, {}));
  });

  it('a search starts again at page 1 and drops empty values', async () => {
    const { list } = memoryList(25);
    const { result } = renderList({ list });
    act(() => result.current.turnPage(3, 10));
    await waitFor(() => expect(result.current.rows[0]?.name).toBe('row21'));

    act(() => result.current.search({ name: 'row1', code: '', remark: null }));
    expect(result.current.state).toMatchObject({ current: 1, filters: { name: 'row1' } });
    await waitFor(() => expect(result.current.total).toBe(11)); // row1, row10 … row19
    expect(list).toHaveBeenLastCalledWith(1, 10, { name: 'row1' });
  });

  it('a new sort starts again at page 1 and is sent as ascs', async () => {
    const { list } = memoryList(25);
    const { result } = renderList({ list });
    act(() => result.current.turnPage(2, 10));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(2, 10, {}));
    act(() => result.current.sortBy([{ field: 'name', order: 'ascend' }]));
    expect(result.current.state.current).toBe(1);
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(1, 10, { ascs: 'name' }));
  });

  it('carries the fixed filters, and starts again at page 1 only when they change', async () => {
    const { list } = memoryList(25);
    const { result, rerender } = renderList({ list, params: { deptId: 'a', empty: '' } });
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(1, 10, { deptId: 'a' }));
    act(() => result.current.turnPage(2, 10));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(2, 10, { deptId: 'a' }));

    rerender({ list, params: { deptId: 'a' } }); // the same filters in a new object
    expect(result.current.state.current).toBe(2);
    rerender({ list, params: { deptId: 'b' } });
    expect(result.current.state.current).toBe(1);
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(1, 10, { deptId: 'b' }));
  });

  it('refresh fetches the page on screen again', async () => {
    const { list, rows } = memoryList(3);
    const { result } = renderList({ list });
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    rows[0]!.name = 'renamed';
    await act(() => result.current.refresh());
    // TanStack Query tells React on its own schedule, after the call has settled.
    await waitFor(() => expect(names(result.current.rows)).toEqual(['renamed', 'row2', 'row3']));
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('showPage moves to another page, or fetches the one on screen again', async () => {
    const { list } = memoryList(25);
    const { result } = renderList({ list });
    act(() => result.current.turnPage(3, 10));
    await waitFor(() => expect(result.current.rows[0]?.name).toBe('row21'));

    await act(() => result.current.showPage(2));
    expect(result.current.state.current).toBe(2);
    await waitFor(() => expect(result.current.rows[0]?.name).toBe('row11'));
    const calls = list.mock.calls.length;
    await act(() => result.current.showPage(2));
    expect(list).toHaveBeenCalledTimes(calls + 1);
    expect(list).toHaveBeenLastCalledWith(2, 10, {});
  });

  it('says when the list did not load, and retry asks again', async () => {
    const { list } = memoryList(3);
    const down = new Error('down');
    list.mockRejectedValueOnce(down);
    const { result } = renderList({ list });
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.error).toBe(down);
    expect(result.current.rows).toEqual([]);

    act(() => result.current.retry());
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    expect(result.current.failed).toBe(false);
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('a whole list (an array) has no pager', async () => {
    const { list, rows } = memoryList(3);
    list.mockImplementation(() => Promise.resolve(rows));
    const { result } = renderList({ list });
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    expect(result.current).toMatchObject({ paged: false, total: 3 });
  });

  it('answers the same functions on every render (the table is memoised on them)', async () => {
    const { list } = memoryList(25);
    const { result } = renderList({ list });
    const first = result.current;
    act(() => result.current.turnPage(2, 10));
    await waitFor(() => expect(result.current.rows[0]?.name).toBe('row11'));
    for (const handler of ['search', 'turnPage', 'sortBy', 'refresh', 'showPage', 'retry'] as const)
      expect(result.current[handler], handler).toBe(first[handler]);
  });
});
