import type { TreeNode } from '@console/contract';

// The checks of a grant tree (role grant, top menu grant). The tree shows exactly what is granted:
// a checked node is a granted id. Checking a node grants it, everything below it and everything
// above it (a page is no use without its menu); unchecking one takes it and everything below it
// away, and leaves its ancestors granted (a page may be granted without any of its buttons).

interface TreeIndex {
  parentOf: ReadonlyMap<string, string>;
  childrenOf: ReadonlyMap<string, readonly string[]>;
}

const keyOf = (node: TreeNode) => node.key || node.id;

export function indexTree(nodes: readonly TreeNode[]): TreeIndex {
  const parentOf = new Map<string, string>();
  const childrenOf = new Map<string, string[]>();
  const walk = (list: readonly TreeNode[], parent: string | undefined) => {
    for (const node of list) {
      const key = keyOf(node);
      if (parent !== undefined) parentOf.set(key, parent);
      const children = node.children ?? [];
      childrenOf.set(
        key,
        children.map((child) => keyOf(child)),
      );
      walk(children, key);
    }
  };
  walk(nodes, undefined);
  return { parentOf, childrenOf };
}

function descendants(index: TreeIndex, key: string): string[] {
  return (index.childrenOf.get(key) ?? []).flatMap((child) => [child, ...descendants(index, child)]);
}

function ancestors(index: TreeIndex, key: string): string[] {
  const found: string[] = [];
  for (let at = index.parentOf.get(key); at !== undefined && !found.includes(at); at = index.parentOf.get(at))
    found.push(at);
  return found;
}

/** The granted ids the tree offers: ids it does not hold (no longer grantable) are left out. */
export function presetChecks(index: TreeIndex, granted: readonly string[]): string[] {
  return granted.filter((key) => index.childrenOf.has(key));
}

/** The checks after the user (un)checked `key`. */
export function toggleCheck(index: TreeIndex, checked: readonly string[], key: string, on = true): string[] {
  const next = new Set(checked);
  if (on) for (const one of [key, ...descendants(index, key), ...ancestors(index, key)]) next.add(one);
  else for (const one of [key, ...descendants(index, key)]) next.delete(one);
  return [...next];
}

/** Nodes not granted with something granted below them: shown half checked. */
export function halfChecks(index: TreeIndex, checked: readonly string[]): string[] {
  const granted = new Set(checked);
  const half = new Set<string>();
  for (const key of granted)
    for (const above of ancestors(index, key)) if (!granted.has(above)) half.add(above);
  return [...half];
}
