import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from './support/console-api.js';
import { expectNoOverlap } from './support/overlap.js';
import { consoleSuite } from './support/suite.js';

// Issue 45, items 14 and 19: at 1366×768 every list page of the seeded admin's menu, in both
// languages, shows its whole table — no column behind a sideways scroll, no cells drawn over each
// other — with the rows' less used buttons in a 更多 menu.

const suite = consoleSuite();
const WIDE = { width: 1366, height: 768 };

interface MenuNode {
  path: string | null;
  category: number;
  isOpen?: number;
  children?: MenuNode[];
}

/** The console pages of the menu: leaves (category 1 with no menu children), not external. */
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

/** The visible tables' scrolling parts wider than what they show (px), by the first header texts. */
const hiddenByScroll = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')]
      .filter((part) => part.getBoundingClientRect().width > 0 && part.scrollWidth > part.clientWidth + 1)
      .map((part) => `${part.scrollWidth - part.clientWidth} px`),
  );

/** Waits until the page's tables (if any) have their first answer. */
async function settled(page: Page): Promise<boolean> {
  await page.waitForLoadState('networkidle');
  const table = page.locator('.ant-table').first();
  if (!(await table.isVisible())) return false;
  await expect
    .poll(() => page.locator('.crud-table[aria-busy="true"], .ant-table .ant-spin-spinning').count())
    .toBe(0);
  return true;
}

describe.each([
  ['zh', '中文'],
  ['en', 'English'],
])('every list page fits 1366×768 (%s)', (language) => {
  it('walks the menu: no table scrolls sideways, no cells overlap', async () => {
    const page = await suite.signedInPage(WIDE);
    await page.evaluate(
      (content) => localStorage.setItem('saber-language', JSON.stringify({ content, datetime: Date.now() })),
      language,
    );
    const paths = pagePaths(await api<MenuNode[]>(page, '/api/blade-system/menu/routes'));
    expect(paths.length).toBeGreaterThan(30);
    const problems: string[] = [];
    let tables = 0;
    for (const path of paths) {
      await page.goto(`${suite.running().baseUrl}${path}`);
      if (!(await settled(page))) continue;
      tables += 1;
      const scrolled = await hiddenByScroll(page);
      if (scrolled.length > 0) problems.push(`${path}: the table scrolls sideways by ${scrolled.join(', ')}`);
      try {
        await expectNoOverlap(page);
      } catch (error) {
        problems.push(`${path}: ${(error as Error).message}`);
      }
    }
    expect(tables).toBeGreaterThan(25);
    expect(problems.join('\n')).toBe('');
  }, 600_000);
});
