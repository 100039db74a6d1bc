import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { CaptchaSolver, REDIS_URL, signIn, uniqueKeyPrefix } from './support/sign-in.js';

// The console checks every 10 s and refreshes its token once it is website.tokenTime seconds old
// (3000 s). The page's clock (Playwright's clock control) jumps past that age instead of waiting:
// the console sees its token aged and the 10 s check fire, the server sees real time.
const TOKEN_TIME_SECONDS = 3000;
const CHECK_SECONDS = 10;

let server: RunningServer | undefined;
let browser: Browser | undefined;
let captchas: CaptchaSolver | undefined;
let context: BrowserContext | undefined;

beforeAll(async () => {
  const keyPrefix = uniqueKeyPrefix();
  [server, browser] = await Promise.all([
    startServer({ env: { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix } }),
    launchChromium(),
  ]);
  captchas = new CaptchaSolver(keyPrefix);
});

afterAll(async () => {
  await context?.close();
  await captchas?.close();
  await browser?.close();
  await server?.stop();
});

const isRefresh = (request: Request) =>
  new URL(request.url()).pathname === '/api/blade-auth/oauth/token' &&
  new URL(request.url()).searchParams.get('grant_type') === 'refresh_token';

const storedToken = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('saber-token') ?? 'null') as { content: string; datetime: number },
  );

/**
 * Moves the page's clock past the token's age and the next check, and answers the status of the
 * refresh call that follows and the refresh token it sent.
 */
async function nextRefresh(page: Page): Promise<{ status: number; sentRefreshToken: string | null }> {
  const requested = page.waitForRequest(isRefresh, { timeout: 10_000 });
  await page.clock.fastForward((TOKEN_TIME_SECONDS + CHECK_SECONDS) * 1000);
  const request = await requested;
  const response = await request.response();
  return {
    status: response?.status() ?? 0,
    sentRefreshToken: new URL(request.url()).searchParams.get('refresh_token'),
  };
}

describe('token refresh', () => {
  it('refreshes the aging token, one refresh token after the other, and the session goes on', async () => {
    if (!server || !browser || !captchas) throw new Error('the server or the browser did not start');
    context = await browser.newContext();
    const page = await context.newPage();
    // The page's timers and Date from here on are the test's to move (they run at real speed until moved).
    await page.clock.install();
    await signIn(page, server.baseUrl, captchas);
    const signedIn = await storedToken(page);
    const firstRefreshToken = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('saber-refreshToken') ?? 'null') as { content: string }).content,
    );

    const first = await nextRefresh(page);
    expect(first).toEqual({ status: 200, sentRefreshToken: firstRefreshToken });
    await expect.poll(async () => (await storedToken(page)).content).not.toBe(signedIn.content);
    const refreshed = await storedToken(page);
    expect(refreshed.datetime).toBeGreaterThan(signedIn.datetime);
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'saber-access-token');
    expect(cookie?.value).toBe(refreshed.content);

    // The second refresh presents the rotated refresh token (the first one works only once).
    const second = await nextRefresh(page);
    expect(second.status).toBe(200);
    expect(second.sentRefreshToken).not.toBe(firstRefreshToken);

    // Still signed in, after a reload too.
    await page.reload();
    await page.getByRole('heading', { name: '你好，管理员' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/wel/index');
  });
});
