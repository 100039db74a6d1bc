import { useMemo } from 'react';
import { useHasPermission, usePermissions } from '../app/menu/permission-store';
import type { CrudConfig, CrudRowAction, Permission } from './types';

/** The permission code to check: none for a button offered to everyone. */
const codeOf = (permission: Permission | false | undefined) =>
  typeof permission === 'string' ? permission : undefined;
/** Whether the page offers the button at all. */
const offered = (permission: Permission | false | undefined) =>
  permission !== undefined && permission !== false;

export interface PageButtons<T> {
  canAdd: boolean;
  canEdit: boolean;
  canView: boolean;
  canDelete: boolean;
  canBulkDelete: boolean;
  /** The page's own row buttons the user holds the permission of. */
  rowActions: readonly CrudRowAction<T>[] | undefined;
}

/**
 * Which of the page's buttons this user gets: a button shows when the page offers it, the api can
 * do it and the user holds its permission.
 */
export function usePageButtons<T, I>({ api, permissions, rowActions }: CrudConfig<T, I>): PageButtons<T> {
  const bulkDelete = permissions.bulkDelete === undefined ? permissions.delete : permissions.bulkDelete;
  const canAdd = useHasPermission(codeOf(permissions.add)) && offered(permissions.add) && !!api.submit;
  const canEdit = useHasPermission(codeOf(permissions.edit)) && offered(permissions.edit) && !!api.submit;
  const canView = useHasPermission(codeOf(permissions.view)) && offered(permissions.view);
  const canDelete =
    useHasPermission(codeOf(permissions.delete)) && offered(permissions.delete) && !!api.remove;
  const canBulkDelete = useHasPermission(codeOf(bulkDelete)) && offered(bulkDelete) && !!api.remove;
  const flags = usePermissions((state) => state.flags);
  const held = useMemo(
    () => rowActions?.filter((action) => action.permission === undefined || flags[action.permission]),
    [rowActions, flags],
  );
  return { canAdd, canEdit, canView, canDelete, canBulkDelete, rowActions: held };
}
