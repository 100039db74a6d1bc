import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createRole, createStaff, openMenu } from './support/console-api.js';
import { confirmOk } from './support/dialog.js';
import { consoleSuite } from './support/suite.js';
import { buttonName, signIn, submitSignIn, type Credentials } from './support/sign-in.js';

// 在线用户 and 强退 (issue 48), and what the person thrown out sees (issue 47): a staff member is
// typing into 岗位管理's add dialog when the administrator finds their session on 系统监控 › 在线用户
// and ends it. The staff member's page says an administrator ended the session; after signing in
// again they are back on the page with the dialog holding what they had typed.
const suite = consoleSuite();

const WIDE = { width: 1366, height: 768 };
const STAFF: Credentials = { username: 'e2e_kicked', password: 'Kicked-2024-pass' };
const TYPED = { 岗位编号: 'e2e-kicked', 岗位名称: '强退前的岗位' };

describe('online users', () => {
  it('lists a staff session, ends it with 强退, and the staff member is told why and keeps the draft', async () => {
    const { baseUrl, captchas } = suite.running();
    const admin = await suite.signedInPage(WIDE);
    const roleId = await createRole(admin, 'E2E 强退员', 'e2e_kicked', ['系统管理']);
    await createStaff(admin, STAFF, '强退员', roleId);

    const page = await suite.newPage(WIDE);
    await signIn(page, baseUrl, captchas, STAFF);
    await openMenu(page, '系统管理', '岗位管理', '/system/post/index');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = addDialog(page);
    for (const [label, value] of Object.entries(TYPED)) await dialog.getByLabel(label).fill(value);

    // The administrator's list: the staff session with its browser, and the administrator's own marked.
    const online = await openMenu(admin, '系统监控', '在线用户', '/monitor/online/index');
    const row = online.getByRole('row', { name: new RegExp(`选择 ${STAFF.username}`) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Chrome');
    await online
      .getByRole('row', { name: /选择 admin/ })
      .first()
      .getByText('当前登录')
      .waitFor();

    await row.getByRole('checkbox', { name: `选择 ${STAFF.username}` }).check();
    await online
      .getByRole('button', { name: buttonName('强退') })
      .first()
      .click();
    await confirmOk(admin);
    await admin.getByText('已强制退出').waitFor();
    await expect
      .poll(() => online.getByRole('row', { name: new RegExp(`选择 ${STAFF.username}`) }).count())
      .toBe(0);

    // The staff member's page says why, then sign-in brings the draft back.
    const captchaAfter = captchas.next(page);
    const ended = page.getByRole('dialog').filter({ hasText: '登录已失效' });
    await ended.getByText('管理员已结束您的登录（强制退出）。').waitFor();
    await ended.getByRole('button', { name: buttonName('重新登录') }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await submitSignIn(page, await captchaAfter, STAFF);
    await page.waitForURL((url) => url.pathname === '/system/post/index');
    await page.getByText('已恢复登录失效前未保存的内容').waitFor();
    const restored = addDialog(page);
    for (const [label, value] of Object.entries(TYPED))
      expect(await restored.getByLabel(label).inputValue()).toBe(value);
  });
});

/** The kit's add dialog (the search form above the table has some of its labels too). */
const addDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByLabel('岗位描述') });
