import { create } from 'zustand';
import { website } from '../../config/website';
import { readStore, writeStore } from '../storage';
import {
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  openTab,
  tabKey,
  type CloseOptions,
  type Tab,
} from './tab-rules';

export type { Tab } from './tab-rules';

/** The fixed first tab. */
export const HOME_TAB: Readonly<Tab> = {
  label: 'home.title',
  path: website.homePath,
  params: {},
  query: {},
  meta: {},
  group: [],
};

export const HOME_KEY = tabKey(HOME_TAB);

export const CLOSE_OPTIONS: CloseOptions = { homeKey: HOME_KEY, firstPageClosable: website.isFirstPage };

// The open tabs outlive a reload (Saber's `tagList`); the pages behind them start afresh.
const TABS_STORE = 'tagList';

interface TabsState {
  tabs: readonly Tab[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isTab(value: unknown): value is Tab {
  return (
    isRecord(value) &&
    typeof value.label === 'string' &&
    typeof value.path === 'string' &&
    isRecord(value.query) &&
    isRecord(value.params) &&
    isRecord(value.meta) &&
    Array.isArray(value.group)
  );
}

function readTabs(): readonly Tab[] {
  const stored = readStore(TABS_STORE);
  const tabs = Array.isArray(stored) ? stored.filter(isTab) : [];
  return tabs.some((tab) => tabKey(tab) === HOME_KEY) ? tabs : [HOME_TAB, ...tabs];
}

export const useTabs = create<TabsState>()(() => ({ tabs: readTabs() }));

function setTabs(tabs: readonly Tab[]): void {
  writeStore(TABS_STORE, tabs);
  useTabs.setState({ tabs });
}

/** Back to the home tab alone: on sign-in and sign-out (spec §4) and "close all". */
export function resetTabs(): void {
  setTabs(closeAllTabs(HOME_TAB));
}

/** Opens a tab for a visit, or updates the open one; past the limit the oldest one closes. */
export function showTab(tab: Tab): void {
  const tabs = openTab(useTabs.getState().tabs, tab, { max: website.tabLimit, homeKey: HOME_KEY });
  // Unchanged tabs are not written again (every navigation calls this).
  if (JSON.stringify(tabs) !== JSON.stringify(useTabs.getState().tabs)) setTabs(tabs);
}

/** Closes a tab; answers the tab to open when the active one closed. */
export function removeTab(key: string, activeKey: string | undefined): Tab | undefined {
  const { tabs, next } = closeTab(useTabs.getState().tabs, key, activeKey, CLOSE_OPTIONS);
  if (tabs !== useTabs.getState().tabs) setTabs(tabs);
  return next;
}

/** "Close others": keeps the given tab and home. */
export function keepOnlyTab(key: string): void {
  setTabs(closeOtherTabs(useTabs.getState().tabs, key, HOME_TAB));
}
