import { useCallback, useMemo, useRef, useState, type Key } from 'react';
import { pruneEmptyChildren, withLazyChildren } from './tree';
import type { CrudTreeSpec } from './types';

export interface CrudTreeOptions<T> {
  /** The rows as listed. */
  rows: readonly T[];
  keyOf: (row: T) => string;
  /** The page's `tree`; none: a flat table, the rows pass through. */
  tree: CrudTreeSpec<T> | undefined;
}

/** A tree table's rows and expanded rows. */
export interface CrudTree<T> {
  /** The rows as the table shows them: leaves without `children`, a lazy tree's loaded children. */
  rows: readonly T[];
  expanded: readonly Key[];
  setExpanded: (keys: readonly Key[]) => void;
  /** A row was expanded: a lazy tree loads its children, once (again after a failed load). */
  loadChildren: (row: T) => void;
  /** Forgets the loaded children and the expanded rows (the list is loaded again). */
  reset: () => void;
}

const hasChildrenFlag = (row: unknown) => (row as { hasChildren?: unknown }).hasChildren === true;

/** The tree of a table page (no antd): expanded rows, and a lazy tree's children loaded on expand. */
export function useCrudTree<T extends object>({ rows, keyOf, tree }: CrudTreeOptions<T>): CrudTree<T> {
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [loadedChildren, setLoadedChildren] = useState<ReadonlyMap<string, readonly T[]>>(new Map());
  const requestedChildren = useRef(new Set<string>());
  const shown = useMemo(() => {
    if (tree?.lazy)
      return withLazyChildren(rows, loadedChildren, keyOf, tree.lazy.hasChildren ?? hasChildrenFlag);
    return tree ? pruneEmptyChildren(rows) : rows;
  }, [rows, loadedChildren, keyOf, tree]);

  const loadChildren = useCallback(
    (row: T) => {
      const key = keyOf(row);
      if (!tree?.lazy || requestedChildren.current.has(key)) return;
      requestedChildren.current.add(key);
      tree.lazy.load(row).then(
        (found) => setLoadedChildren((loaded) => new Map(loaded).set(key, found)),
        () => requestedChildren.current.delete(key), // the request layer has said why; expand again to retry
      );
    },
    [keyOf, tree],
  );
  const reset = useCallback(() => {
    requestedChildren.current.clear();
    setLoadedChildren(new Map());
    setExpanded([]);
  }, []);

  return { rows: shown, expanded, setExpanded, loadChildren, reset };
}
