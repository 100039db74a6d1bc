import type { DeptNode } from '@console/contract';
import type { QueryParams } from '../../../api/request';

// How the department table reads the server's one-level list (`dept/lazy-list`): unsearched, the
// top departments, each expanding into its own children; searched, every matching department,
// shown flat.

/** List parameters that are not a search (the sort). */
const NOT_SEARCH = new Set(['ascs', 'descs']);

/** Whether the filters hold a search (a name typed, a type chosen) rather than only a sort. */
export function isSearch(filters: QueryParams): boolean {
  return Object.keys(filters).some((key) => !NOT_SEARCH.has(key));
}

/**
 * The rows of a search: every match at whatever depth, none expanding, since a match's children
 * may be matches too and would be listed twice.
 */
export function searchRows(nodes: readonly DeptNode[]): DeptNode[] {
  return nodes.map((node) => ({ ...node, hasChildren: false }));
}
