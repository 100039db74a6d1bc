import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buttonName, submitSignIn } from './support/sign-in.js';
import { consoleSuite } from './support/suite.js';

// The server keeps captchas in Redis here, so the tests can read the code a person would see.
const { running, newPage, signedInPage, signInThroughForm } = consoleSuite();

const pathOf = (page: Page) => new URL(page.url()).pathname;

interface StoredEntry {
  content: unknown;
  datetime: number;
}
const storedEntry = (page: Page, key: string) =>
  page.evaluate((name) => JSON.parse(localStorage.getItem(name) ?? 'null') as StoredEntry | null, key);

/** Calls the API from the page with the given token, as the console would. */
const userInfoStatus = (page: Page, token: string) =>
  page.evaluate(async (accessToken) => {
    const response = await fetch('/api/blade-auth/oauth/user-info', {
      headers: {
        Authorization: `Basic ${btoa('saber:saber_secret')}`,
        'Blade-Auth': `bearer ${accessToken}`,
      },
    });
    return response.status;
  }, token);

describe('signing in', () => {
  it('signs in as admin with the captcha, keeping the tokens in cookies and localStorage', async () => {
    const page = await signInThroughForm();
    expect(await page.title()).toBe('首页 - 后台管理系统');

    const cookies = await page.context().cookies();
    for (const name of ['saber-access-token', 'saber-refresh-token']) {
      const cookie = cookies.find((candidate) => candidate.name === name);
      expect(cookie, name).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: false });
      expect(cookie?.value.length, name).toBeGreaterThan(20);
    }
    const token = await storedEntry(page, 'saber-token');
    expect(token?.content).toBe(cookies.find((cookie) => cookie.name === 'saber-access-token')?.value);
    expect(Math.abs(Date.now() - (token?.datetime ?? 0))).toBeLessThan(60_000);
    expect(await storedEntry(page, 'saber-userInfo')).toMatchObject({
      content: { account: 'admin', tenant_id: '000000' },
    });
    expect(await userInfoStatus(page, String(token?.content))).toBe(200);
  });

  it('shows the server’s reason for a wrong captcha and a wrong password, with a new captcha each time', async () => {
    const { baseUrl, captchas } = running();
    const page = await newPage();
    const first = captchas.next(page);
    await page.goto(`${baseUrl}/login`);
    const firstCode = await first;

    const second = captchas.next(page);
    await submitSignIn(page, `${firstCode}x`);
    await page.getByRole('alert').filter({ hasText: '验证码不正确或已过期' }).waitFor();

    const third = captchas.next(page);
    await submitSignIn(page, await second, { username: 'admin', password: 'wrong password' });
    await page.getByRole('alert').filter({ hasText: '用户名或密码错误' }).waitFor();
    await third;
    expect(await page.getByLabel('验证码', { exact: true }).inputValue()).toBe('');
    expect(pathOf(page)).toBe('/login');
    expect(await page.context().cookies()).toEqual([]);
    expect(await storedEntry(page, 'saber-token')).toBeNull();
  });

  it('shows the captcha at 180×60 within a 1366×768 screen, and a refresh button that fetches a new one', async () => {
    const { baseUrl, captchas } = running();
    const page = await newPage({ width: 1366, height: 768 });
    const first = captchas.next(page);
    await page.goto(`${baseUrl}/login`);
    const firstCode = await first;
    const image = page.getByRole('img', { name: '验证码图片' });
    await image.waitFor();
    // Drawn at that size by the server, and shown at it.
    expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
      180, 60,
    ]);
    const box = (await image.boundingBox())!;
    expect([box.width, box.height]).toEqual([180, 60]);
    const submit = (await page.getByRole('button', { name: buttonName('登录') }).boundingBox())!;
    expect(submit.y + submit.height).toBeLessThanOrEqual(768);

    const before = await image.getAttribute('src');
    const second = captchas.next(page);
    await page.getByRole('button', { name: '看不清？换一张验证码' }).click();
    expect(await second).not.toBe(firstCode);
    await page.waitForFunction(
      (old) => document.querySelector('img[alt="验证码图片"]')?.getAttribute('src') !== old,
      before,
    );
    // The new captcha signs in; the first is gone.
    await submitSignIn(page, await second);
    await page.getByRole('heading', { name: '你好，管理员' }).waitFor();
  });

  it('answers in English when English is chosen', async () => {
    const { baseUrl, captchas } = running();
    const page = await newPage();
    const first = captchas.next(page);
    await page.goto(`${baseUrl}/login`);
    const code = await first;
    await page.getByText('English').click();
    await page.getByLabel('Account', { exact: true }).waitFor();
    expect(await page.title()).toBe('Sign in - Admin Console');

    await page.getByLabel('Account', { exact: true }).fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByLabel('Verification code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong account or password' }).waitFor();
  });
});

describe('navigation guard', () => {
  it('sends a signed-in user from /login to the home page', async () => {
    const page = await signedInPage(undefined, '/login');
    await page.getByRole('heading', { name: '你好，管理员' }).waitFor();
    expect(pathOf(page)).toBe('/wel/index');
  });

  it('sends a visitor without a token from a protected page to /login', async () => {
    const { baseUrl } = running();
    const page = await newPage();
    await page.goto(`${baseUrl}/wel/index`);
    await page.getByLabel('账号', { exact: true }).waitFor();
    expect(pathOf(page)).toBe('/login');
  });
});

describe('lock screen', () => {
  it('asks for a lock password, locks, keeps the user on /lock and unlocks with the right password', async () => {
    const { baseUrl } = running();
    const page = await signedInPage();

    // The top bar's lock icon.
    await page.getByRole('button', { name: '锁屏', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('设置锁屏密码').waitFor();
    await dialog.getByRole('button', { name: buttonName('锁屏') }).click();
    await dialog.getByText('锁屏密码不能为空').waitFor();
    await dialog.getByLabel('锁屏密码').fill('let me in');
    await dialog.getByLabel('锁屏密码').press('Enter');

    await page.waitForURL(`${baseUrl}/lock`);
    await page.getByText('屏幕已锁定').waitFor();
    expect(await page.getByRole('heading', { name: '管理员' }).isVisible()).toBe(true);
    const lockEntry = await page.evaluate(() => sessionStorage.getItem('saber-lockPasswd') ?? '');
    expect(lockEntry).not.toContain('let me in');

    // Neither a reload nor another address leaves the lock page.
    await page.goto(`${baseUrl}/wel/index`);
    await page.getByText('屏幕已锁定').waitFor();
    expect(pathOf(page)).toBe('/lock');

    await page.getByLabel('锁屏密码').fill('wrong');
    await page.getByLabel('锁屏密码').press('Enter');
    await page.getByText('解锁密码错误，请重新输入').waitFor();
    expect(pathOf(page)).toBe('/lock');

    await page.getByLabel('锁屏密码').fill('let me in');
    await page.getByRole('button', { name: buttonName('解锁') }).click();
    await page.getByRole('heading', { name: '你好，管理员' }).waitFor();
    expect(pathOf(page)).toBe('/wel/index');
  });
});

describe('logging out', () => {
  it('asks first, then revokes the token and returns to /login', async () => {
    const { baseUrl } = running();
    // It ends its session: one of its own.
    const page = await signInThroughForm();
    const token = String((await storedEntry(page, 'saber-token'))?.content);

    // Log out is in the top bar's user menu.
    const chooseLogout = async () => {
      await page.getByRole('button', { name: '用户菜单: 管理员' }).click();
      await page.getByRole('menuitem', { name: /退出登录/ }).click();
    };
    await chooseLogout();
    await page.getByText('退出系统, 是否继续?').waitFor();
    await page.getByRole('button', { name: buttonName('取消') }).click();
    await page.getByText('退出系统, 是否继续?').waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/wel/index');

    await chooseLogout();
    await page.getByRole('button', { name: buttonName('确定') }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByLabel('账号', { exact: true }).waitFor();
    expect(await page.context().cookies()).toEqual([]);
    expect(await storedEntry(page, 'saber-token')).toBeNull();
    // The server no longer accepts the token.
    expect(await userInfoStatus(page, token)).toBe(401);
  });
});
