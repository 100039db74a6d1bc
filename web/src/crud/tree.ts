// Tree tables. antd shows an expand icon for every row whose `children` is an array, even an empty
// one: leaves lose theirs, and a lazy tree's unloaded parents get an empty one until expanded.

type Row = object;

function childrenOf<T extends Row>(row: T): T[] | undefined {
  const children = (row as { children?: unknown }).children;
  return Array.isArray(children) ? (children as T[]) : undefined;
}

/** The rows with empty `children` arrays removed, at every depth. */
export function pruneEmptyChildren<T extends Row>(rows: readonly T[]): T[] {
  return rows.map((row) => {
    const children = childrenOf(row);
    if (children === undefined) return row;
    if (children.length === 0) {
      const { children: _empty, ...rest } = row as T & { children: unknown };
      return rest as T;
    }
    return { ...row, children: pruneEmptyChildren(children) };
  });
}

/**
 * A lazy tree's rows: a row with children gets those loaded so far (`loaded`, by row key), or an
 * empty list that makes it expandable; a row without gets none.
 */
export function withLazyChildren<T extends Row>(
  rows: readonly T[],
  loaded: ReadonlyMap<string, readonly T[]>,
  keyOf: (row: T) => string,
  hasChildren: (row: T) => boolean,
): T[] {
  return rows.map((row) => {
    const { children: _own, ...rest } = row as T & { children?: unknown };
    if (!hasChildren(row)) return rest as T;
    const children = loaded.get(keyOf(row));
    return {
      ...rest,
      children: children ? withLazyChildren(children, loaded, keyOf, hasChildren) : [],
    } as T;
  });
}

/** Every row of a tree, depth first. */
export function flattenRows<T extends Row>(rows: readonly T[]): T[] {
  return rows.flatMap((row) => [row, ...flattenRows(childrenOf(row) ?? [])]);
}
