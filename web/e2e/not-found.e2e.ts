import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});

afterEach(async () => {
  await context?.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens `path` in a fresh context: no stored token, no stored language. */
async function open(path: string, onRequest?: (url: string) => void): Promise<Page> {
  if (!server || !browser) throw new Error('the server or the browser did not start');
  context = await browser.newContext();
  const page = await context.newPage();
  if (onRequest) page.on('request', (request) => onRequest(request.url()));
  await page.goto(`${server.baseUrl}${path}`);
  return page;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('console routes in the browser', () => {
  it('shows the 404 page at /404; an unknown path, signed out, asks to sign in first', async () => {
    const page = await open('/404');
    await page.getByText('抱歉，您访问的页面不存在。').waitFor();
    expect(await page.title()).toBe('页面不存在 - 后台管理系统');

    // Without a session the menu is unknown: the path may be one of its pages (fit-and-finish.e2e.ts).
    await page.goto(`${server?.baseUrl}/nowhere`);
    await page.getByLabel('账号', { exact: true }).waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/nowhere');
  });

  it('sends a visitor without a session from / to the sign-in page', async () => {
    const page = await open('/');
    await page.getByLabel('账号', { exact: true }).waitFor();
    expect(pathOf(page)).toBe('/login');
    expect(await page.title()).toBe('登录 - 后台管理系统');
  });

  it('downloads no other page with the sign-in page', async () => {
    const chunks: string[] = [];
    const page = await open('/login', (url) => {
      const chunk = /\/assets\/([\w-]+?)-[\w-]{8}\.js$/.exec(url)?.[1];
      if (chunk) chunks.push(chunk);
    });
    await page.getByLabel('账号', { exact: true }).waitFor();
    // The sign-in page travels in the first-load chunk (web/vite.config.ts), the layout and home
    // page in the signed-in chunk; menu pages are named after their folders (web/src/pages/registry.ts).
    expect(chunks).toContain('first-load');
    for (const pageChunk of [
      'signed-in',
      'param',
      'tenantpackage',
      'user',
      'dept',
      'role',
      'menu',
      'notice',
    ]) {
      expect(chunks, pageChunk).not.toContain(pageChunk);
    }
  });
});
