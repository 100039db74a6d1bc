import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleSuite } from './support/suite.js';
import { buttonName, submitSignIn } from './support/sign-in.js';

// Issue 22: wherever a person arrives — a bookmark, a link, a page after their session ended, an
// external page in the iframe route — they land where they should.

/** A site of the test's own on 127.0.0.1: answers one HTML page and counts the requests it gets. */
async function startSite(
  heading: string,
): Promise<{ origin: string; requests: () => number; server: Server }> {
  let count = 0;
  const server = createServer((_request, response) => {
    count += 1;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>${heading}</title><h1>${heading}</h1>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, requests: () => count, server };
}

// The sites exist before the console starts: the console's FRAME_ORIGINS names the allowed one.
const allowedSite = await startSite('Allowed site');
const refusedSite = await startSite('Refused site');
afterAll(async () => {
  for (const site of [allowedSite, refusedSite]) {
    await new Promise((resolve) => site.server.close(resolve));
  }
});

const suite = consoleSuite({ FRAME_ORIGINS: allowedSite.origin });
const { running } = suite;

const WIDE = { width: 1366, height: 768 };

const pathOf = (page: Page) => new URL(page.url()).pathname;
const redirectOf = (page: Page) => new URL(page.url()).searchParams.get('redirect');
const sidebar = (page: Page) => page.getByRole('navigation', { name: /主菜单|Main menu/ });

/** Every path the page's main frame showed, in order. */
function visitedPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
}

/** Opens a page of the sidebar (the group, then the item) without reloading the console. */
async function clickMenu(page: Page, group: string, item: string): Promise<void> {
  const nav = sidebar(page);
  const item$ = nav.getByRole('menuitem', { name: item, exact: true });
  if (!(await item$.isVisible())) {
    await nav.getByRole('menuitem', { name: group, exact: true }).click();
    await item$.waitFor();
    await expect.poll(() => nav.locator('[class*="motion-collapse"]').count()).toBe(0);
  }
  await item$.click();
}

describe('sign-in leads back to the page asked for', () => {
  it('a session ended elsewhere is said on the menu page, which goes to /login and comes back after signing in', async () => {
    const { baseUrl, captchas } = running();
    // It ends its session: one of its own.
    const page = await suite.signInThroughForm(WIDE);
    const paths = visitedPaths(page);
    await clickMenu(page, '系统管理', '参数管理');
    await page.getByRole('button', { name: /新\s?增/ }).waitFor();

    // The session ends on the server (a log-out in another browser): this tab still holds the token,
    // and its event stream says why (issue 47).
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('saber-token') ?? '{}') as { content: string }).content,
    );
    const revoked = await fetch(`${baseUrl}/api/blade-auth/oauth/logout`, {
      headers: { Authorization: `Basic ${btoa('saber:saber_secret')}`, 'Blade-Auth': `bearer ${token}` },
    });
    expect(revoked.status).toBe(200);
    const said = page.getByRole('dialog').filter({ hasText: '登录已失效' });
    await said.getByText('此登录已在其他窗口退出。').waitFor();

    const code = captchas.next(page); // the sign-in page's captcha
    await said.getByRole('button', { name: '重新登录' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('账号', { exact: true }).waitFor();
    expect(redirectOf(page)).toBe('/system/param/index');
    expect(paths).not.toContain('/404');

    await submitSignIn(page, await code);
    await page.waitForURL((url) => url.pathname === '/system/param/index');
    await page.getByRole('button', { name: /新\s?增/ }).waitFor();
    expect(paths).not.toContain('/404');
  });

  it('a signed-out bookmark of a menu page leads to /login, then to the page once signed in', async () => {
    const { baseUrl, captchas } = running();
    const page = await suite.newPage(WIDE);
    const code = captchas.next(page);
    await page.goto(`${baseUrl}/system/param/index`);
    await page.getByLabel('账号', { exact: true }).waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(redirectOf(page)).toBe('/system/param/index');

    await submitSignIn(page, await code);
    await page.waitForURL((url) => url.pathname === '/system/param/index');
    await page.getByRole('button', { name: /新\s?增/ }).waitFor();

    // Signed in, an address outside the menu is still 404.
    await page.goto(`${baseUrl}/system/nothing/index`);
    await page.waitForURL((url) => url.pathname === '/404');
  });

  it('ignores a redirect to another site: sign-in lands on the home page', async () => {
    const { baseUrl, captchas } = running();
    const page = await suite.newPage(WIDE);
    const code = captchas.next(page);
    await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent(`${refusedSite.origin}/`)}`);
    await submitSignIn(page, await code);
    await page.waitForURL((url) => url.pathname === '/wel/index');
    await page.getByRole('heading', { name: '你好，管理员' }).waitFor();
    expect(new URL(page.url()).origin).toBe(baseUrl);
  });
});

describe('external pages in the iframe route', () => {
  it('frames a page of an origin in FRAME_ORIGINS', async () => {
    const { baseUrl } = running();
    const page = await suite.signedInPage(WIDE);
    const src = `${allowedSite.origin}/report`;
    await page.goto(`${baseUrl}/myiframe/urlPath?src=${encodeURIComponent(src)}&name=Report`);
    await page.frameLocator('iframe').getByRole('heading', { name: 'Allowed site' }).waitFor();
  });

  it('refuses a page of any other origin: the browser does not even ask for it', async () => {
    const { baseUrl } = running();
    const page = await suite.signedInPage(WIDE);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { violations: string[] }).violations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
    const src = `${refusedSite.origin}/report`;
    await page.goto(`${baseUrl}/myiframe/urlPath?src=${encodeURIComponent(src)}&name=Report`);
    await page.locator('iframe').waitFor();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { violations: string[] }).violations))
      .toContainEqual(expect.stringMatching(new RegExp(`^frame-src ${refusedSite.origin}`)));
    expect(refusedSite.requests()).toBe(0);
  });
});

const PHONE = { width: 390, height: 844 };

/** Whether the element lies wholly inside the window (the page scrolled to its start). */
async function inWindow(page: Page, selector: Locator): Promise<boolean> {
  const box = await selector.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return (
    box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height
  );
}

describe('on a phone (390×844, screen class 0)', () => {
  it('keeps the top bar within the screen: the user menu is reachable and logs out', async () => {
    // It ends its session: one of its own.
    const page = await suite.signInThroughForm(PHONE);
    await expect.poll(() => page.locator('[data-screen]').getAttribute('data-screen')).toBe('0');
    // Nothing of the shell sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The less-used tools wait behind one labelled button.
    await page.getByRole('button', { name: '更多工具' }).click();
    const tools = page.getByRole('group', { name: '更多工具' });
    await tools.getByRole('button', { name: '锁屏' }).waitFor();
    await tools.getByRole('radiogroup', { name: '语言' }).waitFor();
    await page.keyboard.press('Escape');

    const userMenu = page.getByRole('button', { name: '用户菜单: 管理员' });
    expect(await inWindow(page, userMenu)).toBe(true);
    await userMenu.click();
    await page.getByRole('menuitem', { name: /个人信息/ }).waitFor();
    await page.getByRole('menuitem', { name: /退出登录/ }).click();
    await page.getByText('退出系统, 是否继续?').waitFor();
    await page.getByRole('button', { name: buttonName('确定') }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('stacks the search form; a wide table scrolls sideways with its first column pinned and keeps its page-size menu', async () => {
    const page = await suite.signedInPage(PHONE, '/system/tenant/index');
    const region = page.getByRole('region', { name: '租户管理' });
    await region.locator('.ant-table-row').first().waitFor();

    // One field a line: the search fields start at the same left edge, one under the other.
    const form = region.getByRole('form', { name: '搜索条件' });
    const boxes = await form
      .locator('.ant-form-item')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    expect(new Set(boxes.map((box) => Math.round(box.left))).size).toBe(1);
    for (let at = 1; at < boxes.length; at++)
      expect(boxes[at]!.top).toBeGreaterThanOrEqual(boxes[at - 1]!.bottom);

    // The table scrolls inside the page, the page itself does not.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const header = region.locator('.ant-table-thead th', { hasText: '租户ID' });
    await expect.poll(() => header.getAttribute('class')).toContain('ant-table-cell-fix-start');
    await region
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((node) => (node.scrollLeft = 400));
    // Pinned: still at the left edge of the table after scrolling.
    const tableLeft = await region
      .locator('.ant-table')
      .evaluate((node) => node.getBoundingClientRect().left);
    const headerBox = await header.boundingBox();
    expect(headerBox && headerBox.x - tableLeft).toBeLessThan(120);

    await region.getByText('10 条/页').waitFor();
    expect(await region.getByText('10 条/页').isVisible()).toBe(true);
  });
});

/** The table headers of a region that wrap onto a second line or are cut. */
function brokenHeaders(page: Page, regionName: string): Promise<string[]> {
  return page
    .getByRole('region', { name: regionName })
    .locator('.ant-table-thead th')
    .evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const text = cell.textContent?.trim() ?? '';
        if (!text) return [];
        const range = document.createRange();
        range.selectNodeContents(cell);
        const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
        // Cut: the text is wider than the cell's room inside its padding.
        const style = getComputedStyle(cell);
        const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const cut = range.getBoundingClientRect().width > room + 1;
        return lines.size > 1 || cut ? [`${text} (${lines.size} lines${cut ? ', cut' : ''})`] : [];
      }),
    );
}

describe('at 1366×768', () => {
  it('breaks no table header on the user and tenant pages', async () => {
    const { baseUrl } = running();
    const page = await suite.signedInPage(WIDE);
    for (const [path, name] of [
      ['/system/user/index', '用户管理'],
      ['/system/tenant/index', '租户管理'],
    ] as const) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('region', { name }).locator('.ant-table-row').first().waitFor();
      expect(await brokenHeaders(page, name), path).toEqual([]);
    }
  });

  it('shows the side-by-side dictionaries with their row buttons in view, and code and name after choosing one', async () => {
    const page = await suite.signedInPage(WIDE, '/dict-horizontal/index');
    const row = page.locator('.ant-table-row', { hasText: 'sex' }).first();
    await row.waitFor();
    const configure = row.getByRole('button', { name: '字典配置' });
    expect(await inWindow(page, configure)).toBe(true);

    await configure.click();
    // The entries pane shows the chosen dictionary's entries, within the window.
    await page.getByText('[性别] 字典详情').waitFor();
    const entries = page.locator('.ant-card').nth(1);
    await entries.locator('.ant-table-row').first().waitFor();
    const entriesBox = await entries.boundingBox();
    expect(entriesBox && entriesBox.x + entriesBox.width).toBeLessThanOrEqual(WIDE.width);
    await entries.locator('.ant-table-row').first().getByRole('button', { name: '编辑' }).waitFor();
    expect(
      await inWindow(page, entries.locator('.ant-table-row').first().getByRole('button', { name: '编辑' })),
    ).toBe(true);

    // The parent table did not scroll away from its code and name.
    for (const text of ['sex', '性别']) {
      expect(await inWindow(page, row.getByText(text, { exact: true })), text).toBe(true);
    }
  });
});
