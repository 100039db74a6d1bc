import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_LIST_STATE, type ListState } from './list-state';
import type { TextKey } from './types';
import { useCrudRemove } from './useCrudRemove';

// The removal hook alone: no antd. The page's confirmation, messages and list are plain functions
// here; the confirmation keeps its OK handler for the test to run, as the user's OK would.

interface Row {
  id: string;
  name: string;
}

const rows: Row[] = [1, 2, 3].map((n) => ({ id: String(n), name: `row${n}` }));

function renderRemove(list: { state: ListState; total: number } = { state: INITIAL_LIST_STATE, total: 3 }) {
  const store = new Set(rows.map((row) => row.id));
  const remove = vi.fn((ids: readonly string[]) => {
    for (const id of ids) store.delete(id);
    return Promise.resolve(true);
  });
  let confirmed: (() => Promise<void>) | undefined;
  const confirm = vi.fn((_content: TextKey, onOk: () => Promise<void>) => {
    confirmed = onOk;
  });
  const calls = {
    success: vi.fn(),
    warn: vi.fn(),
    refresh: vi.fn(() => Promise.resolve()),
    showPage: vi.fn((_current: number) => Promise.resolve()),
  };
  const hook = renderHook(
    (props: { state: ListState; total: number }) =>
      useCrudRemove<Row>({
        keyOf: (row) => row.id,
        remove,
        list: { ...props, showPage: calls.showPage },
        refresh: calls.refresh,
        confirm,
        success: calls.success,
        warn: calls.warn,
      }),
    { initialProps: list },
  );
  /** The user's OK in the confirmation. */
  const ok = () => act(() => confirmed!());
  return { ...hook, ...calls, remove, confirm, ok, store };
}

afterEach(cleanup);

describe('useCrudRemove', () => {
  it('removing nothing warns and asks nothing', () => {
    const { result, warn, confirm, remove } = renderRemove();
    act(() => result.current.remove([]));
    expect(warn).toHaveBeenCalledWith('crud.message.selectOne');
    expect(confirm).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
  });

  it('asks first; once confirmed removes the selected ids, says so, clears the selection and refreshes', async () => {
    const { result, confirm, remove, ok, success, refresh, showPage, store } = renderRemove();
    act(() => result.current.select(['1', '3'], [rows[0]!, rows[2]!]));
    expect(result.current.selection.keys).toEqual(['1', '3']);

    act(() => result.current.remove(result.current.selection.rows));
    expect(confirm).toHaveBeenCalledWith('crud.confirm.delete', expect.any(Function));
    expect(remove).not.toHaveBeenCalled();

    await ok();
    expect(remove).toHaveBeenCalledWith(['1', '3']);
    expect([...store]).toEqual(['2']);
    expect(success).toHaveBeenCalledWith('crud.message.deleted');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(showPage).not.toHaveBeenCalled();
    expect(result.current.selection).toEqual({ keys: [], rows: [] });
  });

  it('a confirmation never confirmed removes nothing and keeps the selection', () => {
    const { result, remove, success } = renderRemove();
    act(() => result.current.select(['2'], [rows[1]!]));
    act(() => result.current.remove([rows[1]!]));
    expect(remove).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
    expect(result.current.selection.keys).toEqual(['2']);
  });

  it('a failed removal keeps the selection and adds no message (the request layer has spoken)', async () => {
    const { result, remove, ok, success, refresh } = renderRemove();
    remove.mockRejectedValueOnce(new Error('sealed'));
    act(() => result.current.select(['1', '2'], [rows[0]!, rows[1]!]));
    act(() => result.current.remove(result.current.selection.rows));
    await ok(); // settles: the confirmation closes
    expect(remove).toHaveBeenCalledWith(['1', '2']);
    expect(success).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
    expect(result.current.selection.keys).toEqual(['1', '2']);
  });

  it('shows the previous page when the last one is emptied', async () => {
    const { result, ok, refresh, showPage } = renderRemove({
      state: { ...INITIAL_LIST_STATE, current: 3 },
      total: 21,
    });
    act(() => result.current.remove([rows[0]!]));
    await ok();
    expect(showPage).toHaveBeenCalledWith(2);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('a selection holds while the list state does: a page turn, search or sort clears it', () => {
    const state = { ...INITIAL_LIST_STATE };
    const { result, rerender } = renderRemove({ state, total: 3 });
    act(() => result.current.select(['1'], [rows[0]!]));
    rerender({ state, total: 3 }); // a refresh: the same state
    expect(result.current.selection.rows).toEqual([rows[0]]);
    rerender({ state: { ...state, current: 2 }, total: 3 });
    expect(result.current.selection).toEqual({ keys: [], rows: [] });
  });

  it('answers the same functions on every render (the row buttons are memoised on them)', () => {
    const { result, rerender } = renderRemove();
    const { select, remove } = result.current;
    rerender({ state: { ...INITIAL_LIST_STATE, current: 2 }, total: 30 });
    expect(result.current.select).toBe(select);
    expect(result.current.remove).toBe(remove);
  });
});
