import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ColumnShape } from './types';
import { useCrudDetail, type CrudDetailOptions } from './useCrudDetail';

// The dialog hook alone: no antd, real detail and submit functions over records in memory.

interface Row {
  id: number;
  name: string;
  roles: string;
}

type RowInput = Partial<Row>;

const columns: readonly ColumnShape[] = [
  { prop: 'name', label: 'crud.toolbar.add' },
  { prop: 'roles', label: 'crud.toolbar.add', type: 'select', multiple: true },
];

/** The row as the list showed it; the server has it under another name by now. */
const listed: Row = { id: 2, name: 'as listed', roles: 'a' };

function memoryApi() {
  const records = new Map<string, Row>([['2', { id: 2, name: 'as loaded', roles: 'a,b' }]]);
  return {
    detail: vi.fn((id: string) => {
      const found = records.get(id);
      return found ? Promise.resolve({ ...found }) : Promise.reject(new Error('no such record'));
    }),
    submit: vi.fn((_input: RowInput): Promise<unknown> => Promise.resolve(true)),
  };
}

function renderDetail(extra: Partial<CrudDetailOptions<Row, RowInput>> = {}) {
  const api = memoryApi();
  const success = vi.fn();
  const refresh = vi.fn(() => Promise.resolve());
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () =>
      useCrudDetail<Row, RowInput>({ name: 'rows', api, rowKey: 'id', columns, success, refresh, ...extra }),
    { wrapper },
  );
  return { ...hook, api, success, refresh };
}

afterEach(cleanup);

describe('useCrudDetail', () => {
  it('opens closed; edit loads the record by id and shows it once loaded', async () => {
    const { result, api } = renderDetail();
    expect(result.current.open).toBe(false);
    act(() => result.current.openDialog('edit', listed));
    expect(result.current).toMatchObject({ open: true, mode: 'edit', loading: true, record: undefined });
    await waitFor(() => expect(result.current.record?.name).toBe('as loaded'));
    expect(result.current.loading).toBe(false);
    expect(api.detail).toHaveBeenCalledWith('2');
  });

  it('without a detail call, edit and view show the row as listed', () => {
    const { result } = renderDetail({ api: { submit: memoryApi().submit } });
    act(() => result.current.openDialog('view', listed));
    expect(result.current).toMatchObject({ mode: 'view', loading: false, record: listed });
  });

  it('add loads nothing and carries the values filled in', () => {
    const { result, api } = renderDetail();
    act(() => result.current.openAdd({ name: 'child of 2' }));
    expect(result.current).toMatchObject({ open: true, mode: 'add', record: undefined, loading: false });
    expect(result.current.values).toEqual({ name: 'child of 2' });
    expect(api.detail).not.toHaveBeenCalled();
  });

  it('a record that did not load says so', async () => {
    const { result } = renderDetail();
    act(() => result.current.openDialog('view', { ...listed, id: 9 }));
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.loading).toBe(false);
  });

  it('loads the record anew each time the dialog opens', async () => {
    const { result, api } = renderDetail();
    act(() => result.current.openDialog('view', listed));
    await waitFor(() => expect(result.current.record).toBeDefined());
    act(() => result.current.close());
    expect(result.current.open).toBe(false);
    act(() => result.current.openDialog('view', listed));
    await waitFor(() => expect(api.detail).toHaveBeenCalledTimes(2));
  });

  it('saving an edit sends the values with the key, joined fields joined; then says so, closes, refreshes', async () => {
    const { result, api, success, refresh } = renderDetail();
    act(() => result.current.openDialog('edit', listed));
    await waitFor(() => expect(result.current.record).toBeDefined());
    await act(() => result.current.save({ name: 'renamed', roles: ['a', 'c'] }));
    expect(api.submit).toHaveBeenCalledWith({ id: 2, name: 'renamed', roles: 'a,c' });
    expect(success).toHaveBeenCalledWith('crud.message.updated');
    expect(result.current.open).toBe(false);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('saving an add sends no key and says 新增成功', async () => {
    const { result, api, success } = renderDetail();
    act(() => result.current.openDialog('add'));
    await act(() => result.current.save({ name: 'new' }));
    expect(api.submit).toHaveBeenCalledWith({ name: 'new' });
    expect(success).toHaveBeenCalledWith('crud.message.added');
  });

  it('a page’s toInput makes the body from the values and the record as loaded', async () => {
    const toInput = vi.fn((values: Record<string, unknown>, row: Row | undefined) => ({
      id: row?.id,
      name: `${String(values.name)} (was ${row?.name})`,
    }));
    const { result, api } = renderDetail({ toInput });
    act(() => result.current.openDialog('edit', listed));
    await waitFor(() => expect(result.current.record).toBeDefined());
    await act(() => result.current.save({ name: 'renamed' }));
    expect(api.submit).toHaveBeenCalledWith({ id: 2, name: 'renamed (was as loaded)' });
  });

  it('a failed save rejects and leaves the dialog open, with no message and no refresh', async () => {
    const { result, api, success, refresh } = renderDetail();
    api.submit.mockRejectedValueOnce(new Error('duplicate'));
    act(() => result.current.openDialog('add'));
    await act(() => expect(result.current.save({ name: 'dup' })).rejects.toThrow('duplicate'));
    expect(result.current.open).toBe(true);
    expect(success).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });
});
