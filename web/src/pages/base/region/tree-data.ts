import type { TreeNode } from '@console/contract';

/** A node of the page's lazy tree: keyed by the region's code; children once loaded. */
export interface RegionTreeNode {
  key: string;
  title: string;
  isLeaf: boolean;
  children?: RegionTreeNode[];
}

/** One level of `lazy-tree` as tree nodes (a region without regions below it is a leaf). */
export const toTreeNodes = (nodes: readonly TreeNode[]): RegionTreeNode[] =>
  nodes.map((node) => ({ key: node.id, title: node.title, isLeaf: !node.hasChildren }));

/**
 * The tree with `key`'s children replaced (loaded again after a change below it); `key` undefined
 * replaces the top level. A node given children is no longer a leaf, nor one left with none.
 */
export function withChildren(
  nodes: readonly RegionTreeNode[],
  key: string | undefined,
  children: RegionTreeNode[],
): RegionTreeNode[] {
  if (key === undefined) return keepLoaded(nodes, children);
  return nodes.map((node) => {
    if (node.key === key)
      return { ...node, isLeaf: children.length === 0, children: keepLoaded(node.children ?? [], children) };
    return node.children ? { ...node, children: withChildren(node.children, key, children) } : node;
  });
}

/** Fresh nodes keep the children already loaded below the ones that were there before. */
function keepLoaded(before: readonly RegionTreeNode[], fresh: RegionTreeNode[]): RegionTreeNode[] {
  const loaded = new Map(before.map((node) => [node.key, node.children]));
  return fresh.map((node) => {
    const children = loaded.get(node.key);
    return children && !node.isLeaf ? { ...node, children } : node;
  });
}

/** The code prefix of a new region below `parentCode`: none below the country. */
export const codePrefix = (parentCode: string, rootCode: string): string =>
  parentCode === rootCode ? '' : parentCode;
