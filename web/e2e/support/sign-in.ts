import { Redis } from 'ioredis';
import type { Browser, BrowserContextOptions, Page, Response } from 'playwright-core';

/** The Redis the browser tests' servers share (README, "Testing"). */
export const REDIS_URL = 'redis://127.0.0.1:6379';
/**
 * A Redis key prefix of its own for each browser-test server (REDIS_KEY_PREFIX), so that test files
 * running side by side, or runs on one machine at once, never share captchas or per-address limits.
 */
export const uniqueKeyPrefix = (): string => `e2e-${process.pid}-${Math.random().toString(36).slice(2, 10)}:`;

/** The captcha of the spec's sign-in and of SpringBlade's (issue 20). */
const CAPTCHA_PATHS = new Set(['/api/blade-auth/oauth/captcha', '/api/blade-auth/captcha']);
const isCaptcha = (response: Response) => CAPTCHA_PATHS.has(new URL(response.url()).pathname);

/**
 * Solves captchas the way no user can: the server keeps each code in Redis under `captcha:<key>`,
 * and the key is in the answer the page received.
 */
export class CaptchaSolver {
  readonly #redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });

  /** `keyPrefix`: the REDIS_KEY_PREFIX of the server whose captchas this reads. */
  constructor(private readonly keyPrefix: string) {}

  /** The code of the next captcha the page loads; call before the action that loads it. */
  async next(page: Page): Promise<string> {
    const response = await page.waitForResponse(isCaptcha);
    // The spec's answer is {key, image}; SpringBlade's the R envelope around it.
    const body = (await response.json()) as { key?: string; data?: { key?: string } };
    const key = body.key ?? body.data?.key;
    const code = await this.#redis.get(`${this.keyPrefix}captcha:${key}`);
    if (!code) throw new Error(`no captcha code in Redis for key ${key}`);
    return code;
  }

  /** Removes this server's keys, so test runs leave nothing behind in the shared Redis. */
  async close(): Promise<void> {
    const keys = await this.#redis.keys(`${this.keyPrefix}*`);
    if (keys.length > 0) await this.#redis.del(...keys);
    await this.#redis.quit();
  }
}

/** An antd button's name: antd puts a space between two CJK characters ("确 定"). */
export const buttonName = (text: string): RegExp => new RegExp(`^${[...text].join('\\s?')}$`);

export interface Credentials {
  username: string;
  password: string;
}

export const ADMIN: Credentials = { username: 'admin', password: 'admin' };

/** Fills the sign-in form and submits it with Enter, the captcha read from Redis. */
export async function submitSignIn(
  page: Page,
  code: string,
  credentials: Credentials = ADMIN,
): Promise<void> {
  await page.getByLabel('账号', { exact: true }).fill(credentials.username);
  await page.getByLabel('密码', { exact: true }).fill(credentials.password);
  await page.getByLabel('验证码', { exact: true }).fill(code);
  await page.getByLabel('验证码', { exact: true }).press('Enter');
}

/** Opens /login and signs in; resolves on the home page. */
export async function signIn(
  page: Page,
  baseUrl: string,
  captchas: CaptchaSolver,
  credentials: Credentials = ADMIN,
): Promise<void> {
  const code = captchas.next(page);
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, await code, credentials);
  await page.waitForURL(`${baseUrl}/wel/index`);
}

/**
 * The forced password change after a sign-in with a generated, reset or initial password (issue
 * 44): the console shows only the change form; once changed, the same session goes on to the page
 * the sign-in was leading to (`landing`, the home page by default).
 */
export async function changeRequiredPassword(
  page: Page,
  baseUrl: string,
  current: string,
  chosen: string,
  landing = '/wel/index',
): Promise<void> {
  await page.waitForURL(`${baseUrl}/password-change`);
  await page.getByRole('heading', { name: '请修改密码' }).waitFor();
  await page.getByLabel('当前密码', { exact: true }).fill(current);
  await page.getByLabel('新密码', { exact: true }).fill(chosen);
  await page.getByLabel('确认新密码', { exact: true }).fill(chosen);
  await page.getByRole('button', { name: /修改并继续/ }).click();
  await page.waitForURL(`${baseUrl}${landing}`);
}

/** What a browser context keeps of a session: cookies and localStorage (Playwright's storageState). */
export type SignedInState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * Signs in through the form once, in a context of its own, and answers what the browser then keeps
 * (the token cookies and localStorage), so that the tests of a file which are not about signing in
 * start signed in.
 */
export async function signedInState(
  browser: Browser,
  baseUrl: string,
  captchas: CaptchaSolver,
  credentials: Credentials = ADMIN,
): Promise<SignedInState> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, baseUrl, captchas, credentials);
    // The home page rendered: whatever the console stores once signed in is stored.
    await page.getByRole('navigation', { name: /主菜单|Main menu/ }).waitFor();
    return await context.storageState();
  } finally {
    await context.close();
  }
}
