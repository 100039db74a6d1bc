import type { MenuNode, TopMenu } from '@console/contract';
import { buttons, routes, topMenus } from '../../api/system/menu';
import type { SessionState } from '../session/session-store';

// The first signed-in page cannot draw its sidebar before the user's menus arrive, and its queries
// (menu-queries.ts) start only once the layout's code has loaded and rendered. Sign-in therefore asks
// for the three menu lists as soon as the token is there, alongside that work, and the queries take
// these answers instead of asking again. This module stays small: it is part of the sign-in page.

interface MenuAnswers {
  routes: Promise<MenuNode[]>;
  topMenus: Promise<TopMenu[]>;
  buttons: Promise<MenuNode[]>;
}

/** Whose menus the cache holds: the user, with their department and role. */
export function menuOwnerOf(state: Pick<SessionState, 'token' | 'userInfo'>): string | undefined {
  return state.token && state.userInfo
    ? `${state.userInfo.user_id}/${state.userInfo.dept_id}/${state.userInfo.role_id}`
    : undefined;
}

let prefetched: { owner: string; answers: Partial<MenuAnswers> } | undefined;

/** Starts loading the menus of the user who has just signed in. */
export function prefetchMenus(state: Pick<SessionState, 'token' | 'userInfo'>): void {
  const owner = menuOwnerOf(state);
  // A session that must change its password first is answered 403 for the menus until it has.
  if (!owner || state.userInfo?.password_change_required || state.userInfo?.second_factor_setup_required)
    return;
  const answers: MenuAnswers = { routes: routes(), topMenus: topMenus(), buttons: buttons() };
  // A failure is the query's to report when it takes the answer; until then it is not unhandled.
  for (const answer of Object.values(answers)) answer.catch(() => undefined);
  prefetched = { owner, answers };
}

/** The prefetched answer for `owner`, once: a later fetch (refetch, clear cache) asks the server. */
export function takePrefetched<K extends keyof MenuAnswers>(
  owner: string | undefined,
  kind: K,
): MenuAnswers[K] | undefined {
  if (!prefetched || prefetched.owner !== owner) return undefined;
  const answer = prefetched.answers[kind];
  delete prefetched.answers[kind];
  return answer;
}
