// The work pages' list names: the CRUD kit's query keys start with them (`[name, 'list', …]`), so a
// page that changes another's rows (a claim fills 待办, a decision fills 办结) invalidates that list.
export const WORK_LIST = {
  start: 'work-start',
  claim: 'work-claim',
  todo: 'work-todo',
  send: 'work-send',
  done: 'work-done',
} as const;

/** The work pages' addresses: a menu page is its menu path plus `/index` (app/menu/routes.ts). */
export const WORK_PAGE = {
  start: '/work/start/index',
  claim: '/work/claim/index',
  todo: '/work/todo/index',
  send: '/work/send/index',
  done: '/work/done/index',
} as const;

/**
 * A business page opened from a work page: the `menu` query makes the work page's menu item the
 * tab's group (app/tabs/tab-rules.ts), so the sidebar keeps it marked while the page is open.
 */
export const openedFrom = (path: string, menuPage: string): string =>
  `${path}?${new URLSearchParams({ menu: menuPage }).toString()}`;
