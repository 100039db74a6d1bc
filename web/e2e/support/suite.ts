import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchChromium } from './browser.js';
import { startServer, type RunningServer } from './server.js';
import {
  CaptchaSolver,
  REDIS_URL,
  signedInState,
  signIn,
  uniqueKeyPrefix,
  type Credentials,
  type SignedInState,
} from './sign-in.js';

type Viewport = { width: number; height: number };

export interface ConsoleSuite {
  /** The running server, browser and captcha reader; throws when they did not start. */
  running(): { baseUrl: string; databaseUrl: string; browser: Browser; captchas: CaptchaSolver };
  /** A page in a fresh browser context (no cookies, no storage), closed after the test. */
  newPage(viewport?: Viewport): Promise<Page>;
  /**
   * A page of the administrator's in a fresh context that starts from the cookies and localStorage
   * of the file's one sign-in through the form, opened at `path` (home by default; there it
   * resolves once the greeting shows). For tests that are not about signing in and keep their
   * session: one that ends it (logout, revocation) must use signInThroughForm, or it would end
   * the session the file's other tests start from.
   */
  signedInPage(viewport?: Viewport, path?: string): Promise<Page>;
  /** A fresh page signed in through the form, on the home page: a session of its own. */
  signInThroughForm(viewport?: Viewport): Promise<Page>;
  /** A fresh page signed in through the form as someone else (a user a test made): their session. */
  signInAs(credentials: Credentials, viewport?: Viewport): Promise<Page>;
}

const HOME = '/wel/index';
const GREETING = '你好，管理员';

/**
 * What every browser test file sets up: the built server (fresh SQLite, captchas in the local Redis
 * under a key prefix of its own so the tests can read them, and `env` for a file that needs the
 * server configured otherwise), one Chromium, and a fresh context per test. Call at the top of a file.
 */
export function consoleSuite(env: Record<string, string> = {}): ConsoleSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let captchas: CaptchaSolver | undefined;
  let adminState: SignedInState | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const keyPrefix = uniqueKeyPrefix();
    [server, browser] = await Promise.all([
      startServer({ env: { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix, ...env } }),
      launchChromium(),
    ]);
    captchas = new CaptchaSolver(keyPrefix);
  });

  afterEach(async ({ task }) => {
    const open = contexts.splice(0);
    if (task.result?.state === 'fail') await reportPages(open);
    for (const context of open) await context.close();
  });

  afterAll(async () => {
    await captchas?.close();
    await browser?.close();
    await server?.stop();
  });

  const running = () => {
    if (!server || !browser || !captchas) throw new Error('the server or the browser did not start');
    return { baseUrl: server.baseUrl, databaseUrl: server.databaseUrl, browser, captchas };
  };
  const newContext = async (viewport?: Viewport, state?: SignedInState) => {
    const options: BrowserContextOptions = {};
    if (viewport) options.viewport = viewport;
    if (state) options.storageState = state;
    const context = await running().browser.newContext(options);
    contexts.push(context);
    return context;
  };
  const newPage = async (viewport?: Viewport) => (await newContext(viewport)).newPage();
  const signedInPage = async (viewport?: Viewport, path = HOME) => {
    const { baseUrl, browser, captchas } = running();
    adminState ??= await signedInState(browser, baseUrl, captchas);
    const page = await (await newContext(viewport, adminState)).newPage();
    await page.goto(`${baseUrl}${path}`);
    if (path === HOME) await page.getByRole('heading', { name: GREETING }).waitFor();
    return page;
  };
  const signInThroughForm = async (viewport?: Viewport) => {
    const { baseUrl, captchas } = running();
    const page = await newPage(viewport);
    await signIn(page, baseUrl, captchas);
    await page.getByRole('heading', { name: GREETING }).waitFor();
    return page;
  };
  const signInAs = async (credentials: Credentials, viewport?: Viewport) => {
    const { baseUrl, captchas } = running();
    const page = await newPage(viewport);
    await signIn(page, baseUrl, captchas, credentials);
    return page;
  };
  return { running, newPage, signedInPage, signInThroughForm, signInAs };
}

/**
 * What a failed test's pages showed, printed with the failure: each page's address, its open
 * dialogs and messages, and the end of its text (a browser test that fails in CI leaves nothing
 * else to look at).
 */
async function reportPages(contexts: readonly BrowserContext[]): Promise<void> {
  for (const page of contexts.flatMap((context) => context.pages())) {
    const shown = await page
      .evaluate(() => {
        const texts = (selector: string) =>
          Array.from(document.querySelectorAll<HTMLElement>(selector), (element) => element.innerText.trim());
        return {
          dialogs: texts('[role="dialog"]'),
          messages: texts('.ant-message-notice, .ant-notification-notice'),
          text: document.body.innerText.slice(-1_500),
        };
      })
      .catch((error: unknown) => ({ unreadable: String(error) }));
    console.log(`--- the page at the failure: ${page.url()}\n${JSON.stringify(shown, null, 2)}`);
  }
}
