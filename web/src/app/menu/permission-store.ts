import type { MenuNode, PermissionCode } from '@console/contract';
import { create } from 'zustand';
import { readStore, removeStore, writeStore } from '../storage';

// Button permissions (spec §6): the server answers `menu/buttons` as a tree; its leaf codes become
// a locally stored set of flags the pages check before showing a button. The server enforces the
// same codes, so a flag only hides what would be refused anyway.
const PERMISSION_STORE = 'permission';

type PermissionFlags = Readonly<Record<string, true>>;

function readFlags(): PermissionFlags {
  const stored = readStore(PERMISSION_STORE);
  if (typeof stored !== 'object' || stored === null) return {};
  return Object.fromEntries(Object.keys(stored).map((code) => [code, true] as const));
}

export const usePermissions = create<{ flags: PermissionFlags }>()(() => ({ flags: readFlags() }));

/** The leaf codes of a button tree (a node with no children, or none at all, is a leaf). */
export function leafCodes(tree: readonly MenuNode[]): string[] {
  return tree.flatMap((node) =>
    node.children && node.children.length > 0 ? leafCodes(node.children) : [node.code],
  );
}

/** Replaces the flags with the leaves of `menu/buttons`' answer, and keeps them for reloads. */
export function setPermissions(tree: readonly MenuNode[]): void {
  const flags: Record<string, true> = {};
  for (const code of leafCodes(tree)) flags[code] = true;
  writeStore(PERMISSION_STORE, flags);
  usePermissions.setState({ flags });
}

export function clearPermissions(): void {
  removeStore(PERMISSION_STORE);
  usePermissions.setState({ flags: {} });
}

/** Whether the user holds the button `code`; no code means the action needs no permission. */
export function useHasPermission(code: PermissionCode | undefined): boolean {
  return usePermissions((state) => code === undefined || state.flags[code] === true);
}
