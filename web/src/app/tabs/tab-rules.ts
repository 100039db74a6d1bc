import type { MenuMeta } from '@console/contract';

// The tab rules of spec §2 and §4, as pure functions over the list of open tabs.

/** An open page in the tabs bar. */
export interface Tab {
  /** What the tab says: a key of the console's texts (`home.title`) or a menu's stored name. */
  label: string;
  /** The menu's text key (`menu.<code>`): shown instead of `label` when the current language has it. */
  i18n?: string;
  /** The page's path (with its parameters' values). */
  path: string;
  /** The route's parameters. */
  params: Readonly<Record<string, string>>;
  /** The address's query. */
  query: Readonly<Record<string, string>>;
  meta: MenuMeta;
  /** Menu addresses the page belongs to: the sidebar marks them while the tab is open. */
  group: readonly string[];
}

// Query keys with a meaning for tabs: `src` the address an iframe page shows (and part of the tab's
// identity), `name` and `i18n` the tab's label (stored text, text key), `menu` the menu address the
// page belongs to (its group), `target` a new window instead of a tab.

/** What the layout knows about a visit: the address, and what the route or menu says about it. */
export interface Visit {
  path: string;
  params?: Readonly<Record<string, string | undefined>>;
  query: Readonly<Record<string, string>>;
  /** The route's title key or the menu's stored name; none yet while the menu loads. */
  label: string | undefined;
  i18n?: string;
  meta?: MenuMeta;
  group?: readonly string[];
}

export type VisitOutcome =
  /** `target` in the query: open `url` in a new window and stay where the user was. */
  | { kind: 'window'; url: string }
  | { kind: 'tab'; tab: Tab }
  /** A page without a tab: meta.isTab false, or no path or label. */
  | { kind: 'none' };

/** A query as a string (URLSearchParams' encoding), `?` included when not empty. */
export function searchOf(query: Readonly<Record<string, string>>): string {
  const text = new URLSearchParams(query).toString();
  return text === '' ? '' : `?${text}`;
}

/** What a visit makes of the tabs bar. */
export function visitOutcome(visit: Visit): VisitOutcome {
  const { target, ...rest } = visit.query;
  if (target !== undefined) return { kind: 'window', url: rest.src || `${visit.path}${searchOf(rest)}` };
  const label = visit.query.name || visit.label;
  if (visit.meta?.isTab === false || !visit.path || !label) return { kind: 'none' };
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(visit.params ?? {}))
    if (value !== undefined) params[name] = value;
  const i18n = visit.query.i18n || (visit.query.name ? undefined : visit.i18n);
  const tab: Tab = {
    label,
    path: visit.path,
    params,
    query: { ...visit.query },
    meta: visit.meta ?? {},
    group: visit.query.menu ? [visit.query.menu] : (visit.group ?? []),
  };
  if (i18n) tab.i18n = i18n;
  return { kind: 'tab', tab };
}

/** A tab's identity: its path, or for an embedded page the address it shows. */
export function tabKey(tab: Pick<Tab, 'path' | 'query'>): string {
  const src = tab.query.src;
  return src ? `${tab.path}?src=${src}` : tab.path;
}

/** The address that opens a tab. */
export function tabUrl(tab: Pick<Tab, 'path' | 'query'>): string {
  return `${tab.path}${searchOf(tab.query)}`;
}

/**
 * Adds a tab, or updates the open one with the same identity in its place (a new query, say). With
 * `limit`, a new tab past it closes the oldest open tab that may close (never the home tab).
 */
export function openTab(tabs: readonly Tab[], tab: Tab, limit?: { max: number; homeKey: string }): Tab[] {
  const key = tabKey(tab);
  const index = tabs.findIndex((open) => tabKey(open) === key);
  if (index === -1) {
    const opened = [...tabs, tab];
    if (!limit || opened.length <= limit.max) return opened;
    const oldest = opened.findIndex((open) => tabKey(open) !== limit.homeKey);
    return opened.filter((_, at) => at !== oldest);
  }
  const next = [...tabs];
  next[index] = tab;
  return next;
}

export interface CloseOptions {
  /** The home tab's identity. */
  homeKey: string;
  /** The first-page option: true lets the home tab close (spec §4: off). */
  firstPageClosable: boolean;
}

/** Whether a tab may close: never the last one, and the home tab only with the first-page option. */
export function canCloseTab(tabs: readonly Tab[], key: string, options: CloseOptions): boolean {
  if (tabs.length <= 1 || !tabs.some((tab) => tabKey(tab) === key)) return false;
  return options.firstPageClosable || key !== options.homeKey;
}

/**
 * Closes a tab. When it was the active one, `next` is where to go: the tab before it, or the
 * first when it was the first. A tab that may not close leaves everything as it was.
 */
export function closeTab(
  tabs: readonly Tab[],
  key: string,
  activeKey: string | undefined,
  options: CloseOptions,
): { tabs: readonly Tab[]; next: Tab | undefined } {
  if (!canCloseTab(tabs, key, options)) return { tabs, next: undefined };
  const index = tabs.findIndex((tab) => tabKey(tab) === key);
  const remaining = tabs.filter((_, i) => i !== index);
  const next = key === activeKey ? (remaining[index - 1] ?? remaining[0]) : undefined;
  return { tabs: remaining, next };
}

/** "Close others": the home tab and the given one stay, in their order. */
export function closeOtherTabs(tabs: readonly Tab[], keepKey: string, home: Tab): Tab[] {
  const homeKey = tabKey(home);
  const kept = tabs.filter((tab) => [keepKey, homeKey].includes(tabKey(tab)));
  return kept.some((tab) => tabKey(tab) === homeKey) ? kept : [home, ...kept];
}

/** "Close all": the home tab alone. */
export function closeAllTabs(home: Tab): Tab[] {
  return [home];
}

/** The open tabs whose label (as shown) contains the text, ignoring case: the tabs menu's search. */
export function filterTabs(tabs: readonly Tab[], text: string, labelOf: (tab: Tab) => string): Tab[] {
  const wanted = text.trim().toLocaleLowerCase();
  if (wanted === '') return [...tabs];
  return tabs.filter((tab) => labelOf(tab).toLocaleLowerCase().includes(wanted));
}
