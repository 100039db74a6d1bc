import type { TreeNode } from '@console/contract';

// Trees of rows that name their parent (departments, roles, menus): assembled in memory from one
// query, as SpringBlade's ForestNodeMerger does.

export interface Treeable {
  id: string;
  parentId: string;
}

export type Tree<T> = T & { hasChildren: boolean; children: Array<Tree<T>> };

/**
 * The rows as a forest, each under its parent when the parent is among them, else a root (a
 * filtered list keeps the rows whose parents were filtered out). Siblings keep the rows' order.
 */
export function forest<T extends Treeable>(rows: readonly T[]): Array<Tree<T>> {
  const nodes = new Map<string, Tree<T>>(
    rows.map((row) => [row.id, { ...row, hasChildren: false, children: [] }]),
  );
  const roots: Array<Tree<T>> = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === node.id ? undefined : nodes.get(node.parentId);
    if (parent) {
      parent.children.push(node);
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
  return nodes.map((node) => ({
    id: node.id,
    parentId: node.parentId,
    title: title(node),
    key: node.id,
    value: node.id,
    hasChildren: node.children.length > 0,
    children: toTreeNodes(node.children, title),
  }));
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
