import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleSuite } from './support/suite.js';
import { submitSignIn } from './support/sign-in.js';

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
  it('a 401 on a menu page ends on /login, and signing in again returns to that page', async () => {
    const { baseUrl, captchas } = running();
    const page = await suite.signedInPage(WIDE);
    const paths = visitedPaths(page);

    // The session ends on the server (a log-out in another browser): this tab still holds the token.
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('saber-token') ?? '{}') as { content: string }).content,
    );
    const revoked = await fetch(`${baseUrl}/api/blade-auth/oauth/logout`, {
      headers: { Authorization: `Basic ${btoa('saber:saber_secret')}`, 'Blade-Auth': `bearer ${token}` },
    });
    expect(revoked.status).toBe(200);

    const code = captchas.next(page); // the sign-in page's captcha
    await clickMenu(page, '系统管理', '参数管理');
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
