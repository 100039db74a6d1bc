import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchChromium } from './browser.js';
import { startServer, type RunningServer } from './server.js';
import { CaptchaSolver, REDIS_URL, signIn, uniqueKeyPrefix } from './sign-in.js';

export interface ConsoleSuite {
  /** The running server, browser and captcha reader; throws when they did not start. */
  running(): { baseUrl: string; browser: Browser; captchas: CaptchaSolver };
  /** A page in a fresh browser context (no cookies, no storage), closed after the test. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  /** A fresh page signed in as the administrator, on the home page. */
  signedInPage(viewport?: { width: number; height: number }): Promise<Page>;
}

/**
 * What every browser test file sets up: the built server (fresh SQLite, captchas in the local Redis
 * under a key prefix of its own so the tests can read them), one Chromium, and a fresh context per test. Call at the top of a file.
 */
export function consoleSuite(env: Record<string, string> = {}): ConsoleSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let captchas: CaptchaSolver | undefined;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    const keyPrefix = uniqueKeyPrefix();
    server = await startServer({ env: { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix, ...env } });
    browser = await launchChromium();
    captchas = new CaptchaSolver(keyPrefix);
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  afterAll(async () => {
    await captchas?.close();
    await browser?.close();
    await server?.stop();
  });

  const running = () => {
    if (!server || !browser || !captchas) throw new Error('the server or the browser did not start');
    return { baseUrl: server.baseUrl, browser, captchas };
  };
  const newPage = async (viewport?: { width: number; height: number }) => {
    context = await running().browser.newContext(viewport ? { viewport } : {});
    return context.newPage();
  };
  const signedInPage = async (viewport?: { width: number; height: number }) => {
    const { baseUrl, captchas } = running();
    const page = await newPage(viewport);
    await signIn(page, baseUrl, captchas);
    await page.getByRole('heading', { name: '你好，管理员' }).waitFor();
    return page;
  };
  return { running, newPage, signedInPage };
}
