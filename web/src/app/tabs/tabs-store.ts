import type { ParseKeys } from 'i18next';
import { create } from 'zustand';
import { website } from '../../config/website';

/** An open page in the tab bar. The shell issue adds params, query, meta and group (spec §3). */
export interface Tab {
  /** i18n key of the tab's label. */
  label: ParseKeys;
  /** The tab's path. */
  value: string;
}

/** The fixed first tab. */
export const HOME_TAB: Readonly<Tab> = { label: 'home.title', value: website.homePath };

interface TabsState {
  tabs: readonly Tab[];
}

export const useTabs = create<TabsState>()(() => ({ tabs: [HOME_TAB] }));

/** Back to the home tab alone: on sign-in and sign-out (spec §4) and "close all". */
export function resetTabs(): void {
  useTabs.setState({ tabs: [HOME_TAB] });
}
