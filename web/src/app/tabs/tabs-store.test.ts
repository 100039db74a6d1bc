import { afterEach, describe, expect, it } from 'vitest';
import { website } from '../../config/website';
import { HOME_TAB, keepOnlyTab, removeTab, resetTabs, showTab, useTabs } from './tabs-store';
import type { Tab } from './tab-rules';

const tab = (path: string): Tab => ({ label: path, path, params: {}, query: {}, meta: {}, group: [] });
const paths = () => useTabs.getState().tabs.map((open) => open.path);
const stored = () => JSON.parse(localStorage.getItem('saber-tagList') ?? 'null') as { content: Tab[] } | null;

afterEach(() => {
  resetTabs();
  localStorage.clear();
});

describe('the tabs store', () => {
  it('starts with the home tab at /wel/index, labelled home.title', () => {
    expect(useTabs.getState().tabs).toEqual([HOME_TAB]);
    expect(HOME_TAB).toMatchObject({ label: 'home.title', path: '/wel/index' });
  });

  it('opens, closes and keeps tabs, and remembers them', () => {
    showTab(tab('/a'));
    showTab(tab('/b'));
    showTab(tab('/a'));
    expect(paths()).toEqual(['/wel/index', '/a', '/b']);
    expect(stored()?.content.map((open) => open.path)).toEqual(['/wel/index', '/a', '/b']);

    expect(removeTab('/b', '/b')?.path).toBe('/a');
    expect(removeTab('/wel/index', '/a')).toBeUndefined();
    expect(paths()).toEqual(['/wel/index', '/a']);

    showTab(tab('/c'));
    keepOnlyTab('/c');
    expect(paths()).toEqual(['/wel/index', '/c']);
  });

  it('resetTabs leaves the home tab alone', () => {
    showTab(tab('/x'));
    resetTabs();
    expect(useTabs.getState().tabs).toEqual([HOME_TAB]);
    expect(stored()?.content).toEqual([HOME_TAB]);
  });

  it('keeps at most website.tabLimit tabs: one more closes the oldest, never home (issue 45)', () => {
    expect(website.tabLimit).toBe(20);
    for (let n = 1; n <= 40; n += 1) showTab(tab(`/page/${n}`));
    expect(paths()).toHaveLength(20);
    // Home, then the newest 19: /page/22 … /page/40, in the order they opened.
    expect(paths()).toEqual(['/wel/index', ...Array.from({ length: 19 }, (_, at) => `/page/${at + 22}`)]);
    // Showing an open tab again closes nothing.
    showTab(tab('/page/30'));
    expect(paths()).toHaveLength(20);
    expect(paths()[1]).toBe('/page/22');
  });
});
