import { useQuery } from '@tanstack/react-query';
import { RIGHTS_TOPIC } from '@console/contract';
import { useMemo } from 'react';
import { create } from 'zustand';
import { buttons, routes, topMenus } from '../../api/system/menu';
import { useSession } from '../session/session-store';
import { menuOwnerOf, takePrefetched } from './menu-prefetch';
import { setPermissions } from './permission-store';
import { buildMenu, rolesOf, routeTable, type MenuItem } from './routes';

// The signed-in user's menus as server state. Keys carry the user, dept and role, so a switch of
// department and role (a refresh with new ones) loads their menus; sign-out clears the cache.
// Menus change rarely: they stay until "clear cache" or the next sign-in.

const MENU_STALE_TIME = Number.POSITIVE_INFINITY;

function useMenuOwner(): string | undefined {
  return useSession(menuOwnerOf);
}

/** The top menu chosen in the top bar; none: the whole menu. */
export const useTopMenuChoice = create<{ topMenuId: string | undefined }>()(() => ({ topMenuId: undefined }));

export function chooseTopMenu(topMenuId: string | undefined): void {
  useTopMenuChoice.setState({ topMenuId });
}

// A new session starts without a top menu chosen.
useSession.subscribe((state, previous) => {
  if (state.token !== previous.token && !state.token) chooseTopMenu(undefined);
});

export interface MenuState {
  /** The visible menu, built by routes.ts. */
  items: MenuItem[];
  /** Its pages by route path. */
  table: ReadonlyMap<string, MenuItem>;
  status: 'pending' | 'error' | 'success';
  refetch: () => void;
}

function useBuiltMenu(topMenuId: string | undefined): MenuState {
  const owner = useMenuOwner();
  const roleName = useSession((state) => state.userInfo?.role_name);
  const query = useQuery({
    queryKey: [RIGHTS_TOPIC, owner, 'routes', topMenuId ?? ''],
    queryFn: () => (topMenuId === undefined && takePrefetched(owner, 'routes')) || routes(topMenuId),
    enabled: owner !== undefined,
    staleTime: MENU_STALE_TIME,
  });
  const items = useMemo(() => buildMenu(query.data ?? [], rolesOf(roleName)), [query.data, roleName]);
  const table = useMemo(() => routeTable(items), [items]);
  const { refetch } = query;
  return { items, table, status: query.status, refetch: () => void refetch() };
}

/** The whole menu: which pages the user may open, whatever the top menu. */
export function useMenu(): MenuState {
  return useBuiltMenu(undefined);
}

/** The sidebar's menu: the chosen top menu's part, or the whole menu. */
export function useSidebarMenu(): MenuState {
  const topMenuId = useTopMenuChoice((state) => state.topMenuId);
  return useBuiltMenu(topMenuId);
}

/** The top menus of the top bar. */
export function useTopMenus() {
  const owner = useMenuOwner();
  return useQuery({
    queryKey: [RIGHTS_TOPIC, owner, 'top-menu'],
    queryFn: () => takePrefetched(owner, 'topMenus') ?? topMenus(),
    enabled: owner !== undefined,
    staleTime: MENU_STALE_TIME,
  });
}

/** Loads the button tree after sign-in and turns it into the permission flags (permission-store.ts). */
export function useButtonPermissions(): void {
  const owner = useMenuOwner();
  useQuery({
    queryKey: [RIGHTS_TOPIC, owner, 'buttons'],
    queryFn: async () => {
      const tree = await (takePrefetched(owner, 'buttons') ?? buttons());
      setPermissions(tree);
      return tree;
    },
    enabled: owner !== undefined,
    staleTime: MENU_STALE_TIME,
  });
}
