import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeDialog } from './support/dialog.js';
import { submitSignIn } from './support/sign-in.js';
import { consoleSuite } from './support/suite.js';

// 登录日志 (issue 48) against the real server: a wrong sign-in through the form is found on the page
// with its outcome in words and the browser it came from, and the outcome filter keeps it or leaves
// it out.
const suite = consoleSuite();

const SCREEN = { width: 1366, height: 768 };
const NOBODY = { username: 'e2e_nobody', password: 'wrong password' };

/** Picks a choice of the search form's 登录结果 and searches. */
async function searchOutcome(page: Page, log: Locator, outcome: string): Promise<void> {
  const search = log.getByRole('form', { name: '搜索条件' });
  await search.getByLabel('登录结果').click();
  await page.locator(`.ant-select-item-option[title="${outcome}"]`).filter({ visible: true }).click();
  await search.getByRole('button', { name: '搜索' }).click();
}

describe('login log', () => {
  it('shows a failed sign-in with its outcome and browser, and filters by outcome', async () => {
    const { baseUrl, captchas } = suite.running();
    const guest = await suite.newPage(SCREEN);
    const code = captchas.next(guest);
    await guest.goto(`${baseUrl}/login`);
    await submitSignIn(guest, await code, NOBODY);
    await guest.getByRole('alert').filter({ hasText: '用户名或密码错误' }).waitFor();

    const admin = await suite.signedInPage(SCREEN, '/monitor/log/login/index');
    const log = admin.getByRole('region', { name: '登录日志' });
    await log.waitFor();
    // Written in batches (every second): refresh until the attempt shows.
    const failed = log.getByRole('row', { name: /e2e_nobody/ });
    await expect
      .poll(
        async () => {
          await log.getByRole('button', { name: '刷新' }).click();
          return failed.count();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(1);
    await failed.getByText('账号或密码错误').waitFor();
    // The table fits the screen without a sideways scroll.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      SCREEN.width,
    );

    await failed.getByRole('button', { name: '查看' }).click();
    const detail = admin.getByRole('dialog');
    await detail.getByLabel('浏览器').waitFor();
    expect(await detail.getByLabel('浏览器').inputValue()).toMatch(/^Chrome \d+$/);
    expect(await detail.getByLabel('操作系统').inputValue()).toBe('Linux');
    await closeDialog(detail);

    // The rows of the list before the search stay until its answer comes: polled, not read once.
    await searchOutcome(admin, log, '登录成功');
    await expect.poll(() => failed.count()).toBe(0);
    await log.getByRole('row', { name: /admin/ }).first().waitFor();
    await searchOutcome(admin, log, '账号或密码错误');
    await expect.poll(() => log.getByRole('row', { name: /admin/ }).count()).toBe(0);
    await failed.waitFor();
  });
});
