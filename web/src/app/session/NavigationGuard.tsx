import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useMatches, type UIMatch } from 'react-router';
import type { RouteHandle } from '../document-title';
import { decideNavigation } from './guard';
import { useLockState } from './lock-store';
import { hasSessionCookie, logoutLocal, useSession } from './session-store';

/** Where a redirect came from: the lock page returns there once unlocked. */
export interface RedirectState {
  from?: { pathname: string; search: string };
}

/**
 * Applies the navigation guard (guard.ts) to every route. It re-runs on every navigation and whenever
 * the session or the lock changes, so signing out or locking anywhere leads to the right page.
 */
export function NavigationGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  // Every handle in router.tsx is a RouteHandle.
  const matches = useMatches() as UIMatch<unknown, RouteHandle | undefined>[];
  const token = useSession((state) => state.token);
  const locked = useLockState((state) => state.locked);
  const passwordChange = useSession((state) => state.userInfo?.password_change_required === true);
  const secondFactorSetup = useSession((state) => state.userInfo?.second_factor_setup_required === true);

  const decision = decideNavigation({
    path: location.pathname,
    search: location.search,
    signedIn: hasSessionCookie(),
    token,
    locked,
    passwordChange,
    secondFactorSetup,
    needsAuth: matches.every((match) => match.handle?.auth !== false),
  });
  const logout = decision.action === 'redirect' && decision.logout === true;

  useEffect(() => {
    if (logout) logoutLocal();
  }, [logout]);

  if (decision.action === 'redirect') {
    const state: RedirectState = { from: { pathname: location.pathname, search: location.search } };
    return <Navigate to={decision.to} replace state={state} />;
  }
  return children;
}
