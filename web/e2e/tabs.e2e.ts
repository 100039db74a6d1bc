import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from './support/console-api.js';
import { consoleSuite } from './support/suite.js';

// Issue 45, item 21: opening every page of the menu (39) keeps the active tab in view, and the tabs bar holds at
// most website.tabLimit (20) tabs: past it, the oldest one (never home) closes.

const suite = consoleSuite();
const WIDE = { width: 1366, height: 768 };
const TAB_LIMIT = 20;

interface MenuNode {
  path: string | null;
  category: number;
  isOpen?: number;
  children?: MenuNode[];
}

/** The console pages of the menu, in menu order. */
function pagePaths(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => {
    if (node.category !== 1) return [];
    const children = (node.children ?? []).filter((child) => child.category === 1);
    if (children.length > 0) return pagePaths(children);
    const path = (node.path ?? '').trim();
    if (path === '' || /^https?:|\.html?$/i.test(path) || node.isOpen === 2) return [];
    return [`${path.replace(/\/+$/, '')}/index`];
  });
}

/** Whether the active tab lies wholly inside the part of the tabs bar that shows tabs. */
const activeTabInView = (page: Page) =>
  page.evaluate(() => {
    const active = document.querySelector('.shell-tabs .ant-tabs-tab-active');
    const shown = document.querySelector('.shell-tabs .ant-tabs-nav-wrap');
    if (!active || !shown) return false;
    const a = active.getBoundingClientRect();
    const s = shown.getBoundingClientRect();
    return a.width > 0 && a.left >= s.left - 1 && a.right <= s.right + 1;
  });

const tabPaths = (page: Page) =>
  page
    .locator('.shell-tabs .shell-tab-label')
    .evaluateAll((labels) => labels.map((label) => label.getAttribute('data-tab')));

describe('many tabs', () => {
  it('keeps the active tab in view and at most 20 tabs, closing the oldest', async () => {
    const page = await suite.signedInPage(WIDE);
    // Every page of the seeded menu: 39 of them, with home forty tabs' worth.
    const paths = pagePaths(await api<MenuNode[]>(page, '/api/blade-system/menu/routes'));
    expect(paths.length).toBeGreaterThanOrEqual(35);
    const nav = page.getByRole('navigation', { name: /主菜单|Main menu/ });
    await nav.waitFor();
    for (const [at, path] of paths.entries()) {
      // Inside the app, as a link would: the router follows history (popstate).
      await page.evaluate((to) => {
        history.pushState({}, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await expect.poll(() => tabPaths(page)).toContain(path);
      await expect.poll(() => activeTabInView(page)).toBe(true);
      expect((await tabPaths(page)).length).toBe(Math.min(at + 2, TAB_LIMIT));
    }
    // Home and the newest 19, oldest first.
    expect(await tabPaths(page)).toEqual(['/wel/index', ...paths.slice(-(TAB_LIMIT - 1))]);

    // Going back to an early tab of those left brings it into view too.
    await page
      .locator(`.shell-tabs .shell-tab-label[data-tab="${paths.at(-(TAB_LIMIT - 1))}"]`)
      .evaluate((label) => (label as HTMLElement).click());
    await expect.poll(() => activeTabInView(page)).toBe(true);
  }, 300_000);
});
