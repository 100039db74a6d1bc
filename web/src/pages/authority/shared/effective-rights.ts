import type { EffectiveButton, EffectiveDataScope, EffectiveMenu, EffectiveRights } from '@console/contract';
import { useSession } from '../../../app/session/session-store';
import { rolesOf } from '../../../app/menu/routes';

// What the 查看权限 dialog (EffectiveRightsDialog) makes of `role/effective`'s answer, as pure
// functions: the roles' names, the buttons grouped by page, and what a resource's data scope means.

/** The role aliases of administrators: a tenant's (`admin`) and the platform's (`administrator`). */
const ADMINISTRATOR_ALIASES = ['admin', 'administrator'];

/**
 * Whether the signed-in user is an administrator (the platform's or a tenant's), from the token's
 * role aliases: who is offered 查看权限. The server decides for itself (`access: 'administrator'`).
 */
export function useIsAdministrator(): boolean {
  return useSession((state) =>
    rolesOf(state.userInfo?.role_name).some((alias) => ADMINISTRATOR_ALIASES.includes(alias)),
  );
}

/** Names roles by id (the answer's `roles`): an id not among them is shown as it is. */
export function roleNamer(rights: Pick<EffectiveRights, 'roles'>): (roleIds: readonly string[]) => string[] {
  const names = new Map(rights.roles.map((role) => [role.id, role.roleName]));
  return (roleIds) => roleIds.map((id) => names.get(id) ?? id);
}

/** A row of the buttons table: the page's cell spans its buttons (on the first; 0 on the others). */
export interface ButtonRow extends EffectiveButton {
  pageSpan: number;
}

/** The buttons grouped by page, pages in the order they first come (the server sorts by page). */
export function buttonRows(buttons: readonly EffectiveButton[]): ButtonRow[] {
  const pages = new Map<string, EffectiveButton[]>();
  for (const button of buttons) {
    const key = button.pageCode ?? '';
    pages.set(key, [...(pages.get(key) ?? []), button]);
  }
  return [...pages.values()].flatMap((group) =>
    group.map((button, at) => ({ ...button, pageSpan: at === 0 ? group.length : 0 })),
  );
}

/** How many menus a tree holds. */
export const menuCount = (menus: readonly EffectiveMenu[]): number =>
  menus.reduce((count, menu) => count + 1 + menuCount(menu.children ?? []), 0);

/**
 * What a resource's rules do: limit its rows to their union, or not — a rule "all" among them, or
 * the platform administrator, whom no data scope limits.
 */
export type DataScopeVerdict = 'limited' | 'allRule' | 'platform';

export function verdictOf(
  scope: Pick<EffectiveDataScope, 'limited'>,
  administrator: EffectiveRights['administrator'],
): DataScopeVerdict {
  if (scope.limited) return 'limited';
  return administrator === 'platform' ? 'platform' : 'allRule';
}

/** The data scope types (DATA_SCOPE_TYPE) the dialog names. */
const SCOPE_TYPES = ['1', '2', '3', '4', '5'] as const;

/** A data scope type as the key of its text; undefined for a type the console does not know. */
export const scopeTypeKey = (type: number): (typeof SCOPE_TYPES)[number] | undefined =>
  SCOPE_TYPES.find((key) => key === String(type));
