import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openMenu } from './support/console-api.js';
import { consoleSuite } from './support/suite.js';

// 研发工具 › 接口文档 (issue 52): the platform administrator opens the page and reads the operations
// of an area in RapiDoc, drawn from the server's own OpenAPI document; RapiDoc's chunk is downloaded
// with this page only, never by the sign-in page or the signed-in shell. At 1366×768, offline (no
// CDN: the browser tests reach nothing but the server).
const suite = consoleSuite();

const SCREEN = { width: 1366, height: 768 };

/** The scripts the page has downloaded, by chunk name (`rapidoc-min` for `rapidoc-min-<hash>.js`). */
const scriptChunks = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => /\/assets\/([\w-]+?)-[\w-]{8}\.js$/.exec(new URL(entry.name).pathname)?.[1])
      .filter((name): name is string => name !== undefined),
  );

describe('API docs', () => {
  it('the platform administrator opens 接口文档 and sees the operations of an area', async () => {
    const page = await suite.signedInPage(SCREEN);
    const offSite: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(suite.running().baseUrl) && !request.url().startsWith('blob:'))
        offSite.push(request.url());
    });
    // Signed in, on the home page: the shell has not downloaded the viewer.
    expect(await scriptChunks(page)).not.toContain('rapidoc-min');

    const region = await openMenu(page, '研发工具', '接口文档', '/tool/apidoc/index');
    await region.getByText(/^OpenAPI 3\.1，由服务端按各接口自身的校验模式生成：共 \d+ 个接口/).waitFor();
    await expect.poll(() => scriptChunks(page)).toContain('rapidoc-min');

    // RapiDoc's navigation lists the areas (tags) and, under blade-system, its operations by path.
    const viewer = region.locator('rapi-doc');
    const nav = viewer.locator('nav');
    // (RapiDoc writes a tag's name capitalised: Blade-System.)
    await nav
      .getByText(/^blade-system$/i)
      .first()
      .waitFor({ timeout: 30_000 });
    const userList = nav.locator('[data-content-id="get-/api/blade-system/user/list"]');
    expect(await userList.innerText()).toMatch(/GET\s+\/api\/blade-system\/user\/list/);
    await userList.scrollIntoViewIfNeeded();
    await userList.click();
    // The operation itself: its list query as one parameter, its answer in the R envelope (RapiDoc
    // draws the request and the answer in shadow roots of their own: the locators go through them).
    const main = viewer.locator('main');
    await main.getByText('/api/blade-system/user/list').first().waitFor();
    await main.getByText('query', { exact: true }).first().waitFor();
    for (const field of ['code', 'success', 'data', 'msg'])
      await main.getByText(field, { exact: true }).first().waitFor();

    // It fits the screen: no sideways scroll; nothing was fetched from anywhere but the server.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SCREEN.width);
    expect(offSite).toEqual([]);
  });
});
