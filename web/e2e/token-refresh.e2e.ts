import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.js';
import { buildConsole } from './support/build.js';
import { repoRoot, startServer, type RunningServer } from './support/server.js';
import { CaptchaSolver, REDIS_URL, signIn, uniqueKeyPrefix } from './support/sign-in.js';

// The console refreshes its token once it is website.tokenTime seconds old (3000 s); this bundle is
// built with 5 s, so the 10 s check refreshes within a test's time.
const OUT_DIR = 'dist-e2e';
const TOKEN_TIME_SECONDS = 5;
const CHECK_SECONDS = 10;

let server: RunningServer | undefined;
let browser: Browser | undefined;
let captchas: CaptchaSolver | undefined;
let context: BrowserContext | undefined;

beforeAll(async () => {
  const webDist = await buildConsole(OUT_DIR, { VITE_TOKEN_TIME: String(TOKEN_TIME_SECONDS) });
  const keyPrefix = uniqueKeyPrefix();
  server = await startServer({ webDist, env: { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix } });
  browser = await launchChromium();
  captchas = new CaptchaSolver(keyPrefix);
});

afterAll(async () => {
  await context?.close();
  await captchas?.close();
  await browser?.close();
  await server?.stop();
  // Only this file uses the bundle; leaving it would put built files in front of lint and git.
  await rm(join(repoRoot, 'web', OUT_DIR), { recursive: true, force: true });
});

const isRefresh = (request: Request) =>
  new URL(request.url()).pathname === '/api/blade-auth/oauth/token' &&
  new URL(request.url()).searchParams.get('grant_type') === 'refresh_token';

const storedToken = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('saber-token') ?? 'null') as { content: string; datetime: number },
  );

/** Waits for the page's next refresh call and answers its status and the refresh token it sent. */
async function nextRefresh(page: Page): Promise<{ status: number; sentRefreshToken: string | null }> {
  const request = await page.waitForRequest(isRefresh, {
    timeout: (CHECK_SECONDS + TOKEN_TIME_SECONDS + 5) * 1000,
  });
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
