import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';
import { openMenu } from './support/console-api.js';
import { startServer, type RunningServer } from './support/server.js';
import { CaptchaSolver, REDIS_URL, signIn, uniqueKeyPrefix } from './support/sign-in.js';

// 系统监控 › 服务监控 and 缓存监控 (issue 49) with two server processes, as behind a load balancer:
// one SQLite database, one Redis (under this file's key prefix) and the same secrets. The browser
// talks to the first; its page shows both processes (each publishes itself through Redis), their
// charts and the database; 缓存监控 shows the keys by prefix. At 1366×768, in both languages.

const WIDE = { width: 1366, height: 768 };
const keyPrefix = uniqueKeyPrefix();
const shared = {
  REDIS_URL,
  REDIS_KEY_PREFIX: keyPrefix,
  JWT_SECRET: randomBytes(32).toString('hex'),
  DATA_KEY: randomBytes(32).toString('hex'),
};

let first: RunningServer | undefined;
let second: RunningServer | undefined;
let browser: Browser | undefined;
let captchas: CaptchaSolver | undefined;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [first, browser] = await Promise.all([
    startServer({ env: { ...shared, WORKER_ID: '1' } }),
    launchChromium(),
  ]);
  // Started once the first has migrated the database: the second finds it ready.
  second = await startServer({ env: { ...shared, WORKER_ID: '2', DATABASE_URL: first.databaseUrl } });
  captchas = new CaptchaSolver(keyPrefix);
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

afterAll(async () => {
  await captchas?.close();
  await browser?.close();
  await second?.stop();
  await first?.stop();
});

/** The administrator signed in on the first process, in `language`. */
async function adminPage(language: 'zh' | 'en'): Promise<Page> {
  if (!first || !browser || !captchas) throw new Error('the servers or the browser did not start');
  const context = await browser.newContext({ viewport: WIDE });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, first.baseUrl, captchas);
  if (language === 'en') {
    await page.evaluate(
      (content) => localStorage.setItem('saber-language', JSON.stringify({ content, datetime: Date.now() })),
      language,
    );
    await page.reload();
    await page.getByRole('main').waitFor();
  }
  return page;
}

/** Whether the page's content scrolls sideways (it must not at 1366×768). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('.shell-main');
    return (
      document.documentElement.scrollWidth > window.innerWidth ||
      (main !== null && main.scrollWidth > main.clientWidth + 1)
    );
  });

describe('the monitor pages', () => {
  it('服务监控 shows both processes, each with its charts, and the database', async () => {
    const page = await adminPage('zh');
    const monitor = await openMenu(page, '系统监控', '服务监控', '/monitor/server/index');
    const cards = monitor.locator('[data-process]');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(2);
    await monitor.getByText('共 2 个进程').waitFor();
    // The process that answered is marked; each card has its figures and two charts.
    expect(await monitor.getByText('当前进程', { exact: true }).count()).toBe(1);
    for (const card of await cards.all()) {
      await card.getByText('循环延迟 p50/p99').waitFor();
      await card.getByText('单连接（SQLite）').waitFor();
      expect(await card.getByRole('img', { name: /每分钟请求数/ }).count()).toBe(1);
      expect(await card.getByRole('img', { name: /每分钟错误率/ }).count()).toBe(1);
      expect(await card.locator('svg[data-chart="rate"] polyline').count()).toBe(2);
    }
    const database = monitor.locator('.ant-card').filter({ hasText: '数据库类型' });
    await database.getByText('SQLite', { exact: true }).waitFor();
    await database
      .getByRole('row', { name: /select blade_/ })
      .first()
      .waitFor();
    expect(await scrollsSideways(page)).toBe(false);
  });

  it('缓存监控 shows the shared cache’s keys by prefix and the hit rates', async () => {
    const page = await adminPage('zh');
    const monitor = await openMenu(page, '系统监控', '缓存监控', '/monitor/cache/index');
    await monitor.getByText('Redis', { exact: true }).waitFor();
    // Both processes' entries, counted; a signed-in session's key under its prefix, never its id.
    await expect
      .poll(() => monitor.getByRole('row', { name: /^monitor:process: 2$/ }).count(), { timeout: 15_000 })
      .toBe(1);
    await monitor.getByRole('row', { name: /^auth:session: \d+$/ }).waitFor();
    await monitor.getByRole('row', { name: /^权限 \d+ \d+ [\d.]+%$/ }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
  });

  it('reads in English too', async () => {
    const page = await adminPage('en');
    const monitor = await openMenu(page, 'Monitoring', 'Server Monitor', '/monitor/server/index');
    await monitor.getByText('Loop delay p50 / p99').first().waitFor();
    await monitor.getByText('Slowest kinds of statement in the last hour (2 process(es))').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    const cache = await openMenu(page, 'Monitoring', 'Cache Monitor', '/monitor/cache/index');
    await cache.getByText('Keys by prefix (counts only: no key names or values)').waitFor();
  });
});
