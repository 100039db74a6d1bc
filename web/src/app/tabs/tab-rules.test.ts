import { describe, expect, it } from 'vitest';
import {
  canCloseTab,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  filterTabs,
  openTab,
  tabKey,
  tabUrl,
  visitOutcome,
  type Tab,
} from './tab-rules';

const tab = (path: string, overrides: Partial<Tab> = {}): Tab => ({
  label: path,
  path,
  params: {},
  query: {},
  meta: {},
  group: [],
  ...overrides,
});

const home = tab('/wel/index', { label: 'home.title' });
const options = { homeKey: '/wel/index', firstPageClosable: false };
const keys = (tabs: readonly Tab[]) => tabs.map(tabKey);

describe('visits', () => {
  it('makes a tab of a visit with its label, params, query, meta and group', () => {
    expect(
      visitOutcome({
        path: '/system/param/index',
        params: { '*': 'system/param/index', none: undefined },
        query: { current: '2' },
        label: '参数管理',
        i18n: 'menu.param',
        meta: { keepAlive: true },
        group: ['/system/param/index'],
      }),
    ).toEqual({
      kind: 'tab',
      tab: {
        label: '参数管理',
        i18n: 'menu.param',
        path: '/system/param/index',
        params: { '*': 'system/param/index' },
        query: { current: '2' },
        meta: { keepAlive: true },
        group: ['/system/param/index'],
      },
    });
  });

  it('opens no tab for meta.isTab false, an empty path or no label', () => {
    expect(visitOutcome({ path: '/a', query: {}, label: 'A', meta: { isTab: false } })).toEqual({
      kind: 'none',
    });
    expect(visitOutcome({ path: '', query: {}, label: 'A' })).toEqual({ kind: 'none' });
    expect(visitOutcome({ path: '/a', query: {}, label: undefined })).toEqual({ kind: 'none' });
    expect(visitOutcome({ path: '/a', query: {}, label: '' })).toEqual({ kind: 'none' });
  });

  it('takes the label from the query’s name and i18n, and the group from its menu', () => {
    const outcome = visitOutcome({
      path: '/myiframe/urlPath',
      query: { src: 'https://x.test', name: 'X', i18n: 'menu.x', menu: '/work/todo/index' },
      label: 'shell.pages.iframe',
    });
    expect(outcome).toMatchObject({
      kind: 'tab',
      tab: { label: 'X', i18n: 'menu.x', group: ['/work/todo/index'] },
    });
    // A stored name in the query wins over the route's own text key.
    const named = visitOutcome({ path: '/a', query: { name: 'Mine' }, label: '参数', i18n: 'menu.param' });
    expect(named.kind === 'tab' && named.tab).toMatchObject({ label: 'Mine' });
    expect(named.kind === 'tab' && named.tab.i18n).toBeUndefined();
  });

  it('opens a new window for a query with target, without the target', () => {
    expect(visitOutcome({ path: '/a', query: { target: '_blank', x: '1' }, label: 'A' })).toEqual({
      kind: 'window',
      url: '/a?x=1',
    });
    expect(
      visitOutcome({ path: '/myiframe/urlPath', query: { target: '1', src: 'https://x.test/' }, label: 'A' }),
    ).toEqual({
      kind: 'window',
      url: 'https://x.test/',
    });
  });

  it('keys a tab by its path, or by the embedded address', () => {
    expect(tabKey(tab('/a', { query: { x: '1' } }))).toBe('/a');
    expect(tabKey(tab('/myiframe/urlPath', { query: { src: 'https://x.test' } }))).toBe(
      '/myiframe/urlPath?src=https://x.test',
    );
    expect(tabUrl(tab('/a', { query: { x: '1', y: 'a b' } }))).toBe('/a?x=1&y=a+b');
    expect(tabUrl(tab('/a'))).toBe('/a');
  });
});

describe('opening tabs', () => {
  it('adds a new tab at the end and updates an open one in its place', () => {
    const tabs = openTab(openTab([home], tab('/a')), tab('/b'));
    expect(keys(tabs)).toEqual(['/wel/index', '/a', '/b']);
    const updated = openTab(tabs, tab('/a', { query: { page: '2' } }));
    expect(keys(updated)).toEqual(['/wel/index', '/a', '/b']);
    expect(updated[1]?.query).toEqual({ page: '2' });
  });

  it('opens one tab per embedded address', () => {
    const a = tab('/myiframe/urlPath', { query: { src: 'https://a.test' } });
    const b = tab('/myiframe/urlPath', { query: { src: 'https://b.test' } });
    expect(openTab(openTab([home], a), b)).toHaveLength(3);
  });
});

describe('closing tabs', () => {
  const tabs = [home, tab('/a'), tab('/b'), tab('/c')];

  it('never closes the home tab while the first-page option is off', () => {
    expect(canCloseTab(tabs, '/wel/index', options)).toBe(false);
    expect(closeTab(tabs, '/wel/index', '/wel/index', options)).toEqual({ tabs, next: undefined });
    expect(canCloseTab(tabs, '/wel/index', { ...options, firstPageClosable: true })).toBe(true);
  });

  it('never closes the last tab', () => {
    expect(canCloseTab([tab('/a')], '/a', options)).toBe(false);
    expect(canCloseTab([home], '/wel/index', { ...options, firstPageClosable: true })).toBe(false);
    expect(canCloseTab(tabs, '/nowhere', options)).toBe(false);
  });

  it('goes to the previous tab when the active one closes', () => {
    const { tabs: left, next } = closeTab(tabs, '/b', '/b', options);
    expect(keys(left)).toEqual(['/wel/index', '/a', '/c']);
    expect(next?.path).toBe('/a');
    expect(closeTab(tabs, '/c', '/c', options).next?.path).toBe('/b');
  });

  it('goes to the new first tab when the first, active one closes', () => {
    const open = [tab('/a'), tab('/b')];
    expect(closeTab(open, '/a', '/a', { ...options, firstPageClosable: true }).next?.path).toBe('/b');
  });

  it('stays put when another tab than the active one closes', () => {
    const { tabs: left, next } = closeTab(tabs, '/a', '/c', options);
    expect(keys(left)).toEqual(['/wel/index', '/b', '/c']);
    expect(next).toBeUndefined();
  });

  it('closes others, keeping the current tab and home', () => {
    expect(keys(closeOtherTabs(tabs, '/b', home))).toEqual(['/wel/index', '/b']);
    expect(keys(closeOtherTabs(tabs, '/wel/index', home))).toEqual(['/wel/index']);
    expect(keys(closeOtherTabs([tab('/b')], '/b', home))).toEqual(['/wel/index', '/b']);
  });

  it('closes all, leaving the home tab alone', () => {
    expect(closeAllTabs(home)).toEqual([home]);
  });
});

describe('the tabs menu’s search', () => {
  it('finds open tabs by a part of their label, ignoring case', () => {
    const tabs = [home, tab('/a', { label: 'Parameters' }), tab('/b', { label: 'Users' })];
    const label = (open: Tab) => (open.label === 'home.title' ? 'Home' : open.label);
    expect(keys(filterTabs(tabs, 'PARAM', label))).toEqual(['/a']);
    expect(keys(filterTabs(tabs, 'e', label))).toEqual(['/wel/index', '/a', '/b']);
    expect(filterTabs(tabs, ' ', label)).toEqual(tabs);
  });
});
