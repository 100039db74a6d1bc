import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CrudTreeSpec } from './types';
import { useCrudTree } from './useCrudTree';

// The tree hook alone: no antd, a real load function.

interface Node {
  id: string;
  name: string;
  hasChildren?: boolean;
  children?: Node[];
}

const keyOf = (node: Node) => node.id;
const parent: Node = { id: '1', name: 'parent', hasChildren: true };
const leaf: Node = { id: '2', name: 'leaf', hasChildren: false, children: [] };

function lazyTree() {
  const load = vi.fn((node: Node) => Promise.resolve([{ id: `${node.id}-1`, name: `${node.name}'s child` }]));
  return { load, tree: { lazy: { load } } satisfies CrudTreeSpec<Node> };
}

function renderTree(rows: readonly Node[], tree: CrudTreeSpec<Node> | undefined) {
  return renderHook(() => useCrudTree({ rows, keyOf, tree }));
}

afterEach(cleanup);

describe('useCrudTree', () => {
  it('passes a flat table’s rows through', () => {
    const rows = [parent, leaf];
    const { result } = renderTree(rows, undefined);
    expect(result.current.rows).toBe(rows);
  });

  it('drops empty children at every depth of a tree', () => {
    const rows: Node[] = [
      { id: '1', name: 'a', children: [{ id: '3', name: 'c', children: [] }] },
      { id: '2', name: 'b', children: [] },
    ];
    const { result } = renderTree(rows, {});
    expect(result.current.rows).toEqual([
      { id: '1', name: 'a', children: [{ id: '3', name: 'c' }] },
      { id: '2', name: 'b' },
    ]);
  });

  it('a lazy tree’s parent is expandable and loads its children once, when expanded', async () => {
    const { load, tree } = lazyTree();
    const { result } = renderTree([parent, leaf], tree);
    expect(result.current.rows.map((row) => row.children)).toEqual([[], undefined]);

    act(() => result.current.loadChildren(parent));
    await waitFor(() => expect(result.current.rows[0]?.children).toHaveLength(1));
    expect(result.current.rows[0]?.children?.[0]?.name).toBe("parent's child");
    act(() => result.current.loadChildren(parent));
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith(parent);
  });

  it('asks which rows have children when told how', () => {
    const { tree } = lazyTree();
    const { result } = renderTree([parent, leaf], {
      lazy: { ...tree.lazy, hasChildren: (node) => node.id === '2' },
    });
    expect(result.current.rows.map((row) => row.children)).toEqual([undefined, []]);
  });

  it('loads again on the next expand after a failed load', async () => {
    const { load, tree } = lazyTree();
    load.mockRejectedValueOnce(new Error('down'));
    const { result } = renderTree([parent], tree);
    await act(async () => result.current.loadChildren(parent));
    expect(result.current.rows[0]?.children).toEqual([]);

    act(() => result.current.loadChildren(parent));
    await waitFor(() => expect(result.current.rows[0]?.children).toHaveLength(1));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reset forgets the expanded rows and the loaded children, which load again', async () => {
    const { load, tree } = lazyTree();
    const { result } = renderTree([parent], tree);
    act(() => {
      result.current.setExpanded(['1']);
      result.current.loadChildren(parent);
    });
    await waitFor(() => expect(result.current.rows[0]?.children).toHaveLength(1));
    expect(result.current.expanded).toEqual(['1']);

    act(() => result.current.reset());
    expect(result.current.expanded).toEqual([]);
    expect(result.current.rows[0]?.children).toEqual([]);
    act(() => result.current.loadChildren(parent));
    await waitFor(() => expect(result.current.rows[0]?.children).toHaveLength(1));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
