import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createRole, createStaff, openMenu } from './support/console-api.js';
import { consoleSuite } from './support/suite.js';
import {
  buttonName,
  changeRequiredPassword,
  signIn,
  submitSignIn,
  type Credentials,
} from './support/sign-in.js';

// A session that ends keeps the work (issue 47): a staff member is typing into a kit page's add
// dialog (岗位管理; parameters are the platform administrator's alone to change) when an
// administrator resets their password, which ends their sessions. The event stream says why; after
// OK the console goes to sign-in, and once the staff member has signed in with the new password
// (and, as a reset password requires, chosen their own at once: the console then goes on to the
// page the sign-in leads back to) they are back on the page with the dialog open again, holding
// what they had typed, and a note saying so.
const suite = consoleSuite();

const WIDE = { width: 1366, height: 768 };
const STAFF: Credentials = { username: 'e2e_drafter', password: 'Drafter-2024-pass' };
/** What is typed into the add dialog's text fields (岗位类型 is chosen: 基层). */
const TYPED = { 岗位编号: 'e2e-draft', 岗位名称: '会话结束前的岗位', 岗位排序: '7', 岗位描述: '还没保存' };

interface ResetAnswer {
  userId: string;
  account: string;
  password: string;
}

describe('a session that ends keeps the work', () => {
  it('reopens the add dialog with what was typed after a password reset, a sign-in and the forced change', async () => {
    const { baseUrl, captchas } = suite.running();
    const admin = await suite.signedInPage(WIDE);
    const roleId = await createRole(admin, 'E2E 人事员', 'e2e_posts', ['系统管理']);
    const staffId = await createStaff(admin, STAFF, '人事员', roleId);

    // The staff member signs in (an account made through the API starts with its password).
    const page = await suite.newPage(WIDE);
    await signIn(page, baseUrl, captchas, STAFF);

    // 岗位管理 › 新增: every field filled in, nothing saved.
    await openMenu(page, '系统管理', '岗位管理', '/system/post/index');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = addDialog(page);
    await dialog.getByLabel('岗位类型').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '基层' }).click();
    for (const [label, value] of Object.entries(TYPED)) await dialog.getByLabel(label).fill(value);

    // The administrator resets the password: the staff member's sessions end, and the page says why.
    const captchaAfter = captchas.next(page);
    const [reset] = await api<ResetAnswer[]>(admin, `/api/blade-user/reset-password?userIds=${staffId}`, {});
    const ended = page.getByRole('dialog').filter({ hasText: '登录已失效' });
    await ended.getByText('您的密码已被修改或重置，请使用新密码登录。').waitFor();
    await ended.getByRole('button', { name: buttonName('重新登录') }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/system/post/index');

    // Signs in with the new password; a reset one must be changed before anything else, after
    // which the console goes on to the page the sign-in was leading back to.
    await submitSignIn(page, await captchaAfter, { username: STAFF.username, password: reset!.password });
    await changeRequiredPassword(page, baseUrl, reset!.password, 'Drafter-own-2026', '/system/post/index');

    // Back on the page: the dialog open again with what was typed, and the note.
    await page.getByText('已恢复登录失效前未保存的内容').waitFor();
    const restored = addDialog(page);
    for (const [label, value] of Object.entries(TYPED))
      expect(await restored.getByLabel(label).inputValue()).toBe(value);
    await restored.getByText('基层', { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('saber-drafts'))).toBeNull();

    // And it saves as it would have.
    await restored.getByRole('button', { name: buttonName('保存') }).click();
    await page.getByText('新增成功').waitFor();
    await page.getByRole('row', { name: /会话结束前的岗位/ }).waitFor();
  });
});

/** The kit's add dialog (the search form above the table has some of its labels too). */
const addDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByLabel('岗位描述') });
