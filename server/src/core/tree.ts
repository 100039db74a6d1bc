import type { TreeNode } from '@console/contract';

// Trees of rows that name their parent (departments, roles, menus): assembled in memory from one
// query, as SpringBlade's ForestNodeMerger does. Every tree of the API answers its nodes as BladeX
// serialises its TreeNode (`@JsonInclude(NON_EMPTY)` on `children`): a leaf has no `children` key
// at all and `hasChildren: false`; a branch has its non-empty `children` and `hasChildren: true`.
// BladeX's console (Saber) takes any `children` array, even an empty one, for a branch: it would
// collect no permission codes from the button tree's leaves and draw leaves as folders.

export interface Treeable {
  id: string;
  parentId: string;
}

/** A node of a forest: `children` only on a branch (never an empty array). */
export type Tree<T> = T & { hasChildren: boolean; children?: Array<Tree<T>> };

/**
 * A node with its children as the trees answer it: `children` (and `hasChildren: true`) only when
 * there are some; a leaf gets `hasChildren: false` and no `children` key.
 */
export function withChildren<N extends object, C>(
  node: N,
  children: readonly C[] | undefined,
): N & { hasChildren: boolean; children?: C[] } {
  const { children: _own, ...rest } = node as N & { children?: unknown };
  return children && children.length > 0
    ? { ...(rest as N), hasChildren: true, children: [...children] }
    : { ...(rest as N), hasChildren: false };
}

/**
 * The rows as a forest, each under its parent when the parent is among them, else a root (a
 * filtered list keeps the rows whose parents were filtered out). Siblings keep the rows' order.
 */
export function forest<T extends Treeable>(rows: readonly T[]): Array<Tree<T>> {
  const nodes = new Map<string, Tree<T>>(rows.map((row) => [row.id, { ...row, hasChildren: false }]));
  const roots: Array<Tree<T>> = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === node.id ? undefined : nodes.get(node.parentId);
    if (parent) {
      (parent.children ??= []).push(node);
      parent.hasChildren = true;
    } else roots.push(node);
  }
  return roots;
}

/** A forest as the tree calls answer it: the id is also the key and the value. */
export function toTreeNodes<T extends Treeable>(
  nodes: ReadonlyArray<Tree<T>>,
  title: (node: T) => string,
): TreeNode[] {
  return nodes.map((node) =>
    withChildren(
      { id: node.id, parentId: node.parentId, title: title(node), key: node.id, value: node.id },
      node.children && toTreeNodes(node.children, title),
    ),
  );
}

/** One level of a lazy tree: nodes without children, `hasChildren` from the database. */
export function lazyTreeNodes<T extends Treeable>(
  rows: readonly T[],
  withChildren: ReadonlySet<string>,
  title: (row: T) => string,
): TreeNode[] {
  return rows.map((row) => ({
    id: row.id,
    parentId: row.parentId,
    title: title(row),
    key: row.id,
    value: row.id,
    hasChildren: withChildren.has(row.id),
  }));
}

/** Whether `ancestors` (`0,1,2`) names `id` as one of its elements. */
export function ancestorsInclude(ancestors: string, id: string): boolean {
  return ancestors.split(',').includes(id);
}
