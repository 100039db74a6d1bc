import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createRole, createStaff, openMenu } from './support/console-api.js';
import { buttonName, signIn, type Credentials } from './support/sign-in.js';
import { consoleSuite } from './support/suite.js';

// Issue 51, part D, end to end on one server: the seeded machine repair process (a designed form
// bound to its start event and its task, no code of its own) is started from 发起事务 with its form,
// the maintainer chosen there records the result in the handling dialog (the rest read-only), and
// the reporter sees the data in the process's detail.
const suite = consoleSuite();

const WIDE = { width: 1366, height: 768 };
const MAINTAINER: Credentials = { username: 'e2e_repair_fixer', password: 'Fixer-2024-pass' };

async function toast(page: Page, text: string): Promise<void> {
  const notices = page.locator('.ant-message-notice');
  try {
    await notices.filter({ hasText: text }).first().waitFor();
  } catch (error) {
    throw new Error(`no message "${text}"; on screen: ${JSON.stringify(await notices.allTextContents())}`, {
      cause: error,
    });
  }
}
const row = (scope: Locator, text: string | RegExp) => scope.getByRole('row', { name: text });

describe('a process with a designed form in the console against the real server', () => {
  it('starts the repair order from its form, records the result, and shows the data in the detail', async () => {
    const admin = await suite.signedInPage(WIDE);
    const roleId = await createRole(admin, 'E2E 维修员', 'e2e_repair', ['我的事务']);
    await createStaff(admin, MAINTAINER, '维修员丙', roleId);

    // 发起事务 → 设备报修: its start form (the result is the maintainer's, not shown here).
    const start = await openMenu(admin, '我的事务', '发起事务', '/work/start/index');
    await row(start, /设备报修/)
      .getByRole('button', { name: '发起' })
      .click();
    const dialog = admin.getByRole('dialog', { name: '发起：设备报修' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('维修结果', { exact: true }).count()).toBe(0);
    // The server's rules, shown before sending: the fault is required.
    await dialog.getByRole('button', { name: buttonName('提交') }).click();
    await dialog.getByText('请填写故障描述').waitFor();
    await dialog.getByLabel('机器', { exact: true }).fill('ZX-0042 自助机');
    await dialog.getByLabel('故障描述', { exact: true }).fill('屏幕不亮');
    const maintainer = dialog.getByLabel('维修人员', { exact: true });
    await maintainer.click();
    await maintainer.fill('维修员丙');
    await admin.locator('.ant-select-item-option').filter({ hasText: '维修员丙' }).first().click();
    await dialog.getByRole('button', { name: buttonName('提交') }).click();
    await toast(admin, '流程已发起');

    // The maintainer: the reported data read-only, the result to fill in.
    const { baseUrl, captchas } = suite.running();
    const fixer = await suite.newPage(WIDE);
    await signIn(fixer, baseUrl, captchas, MAINTAINER);
    const todo = await openMenu(fixer, '我的事务', '待办事务', '/work/todo/index');
    await row(todo, /维修/).getByRole('button', { name: '处理' }).click();
    const handling = fixer.getByRole('dialog', { name: '处理事务' });
    await handling.waitFor();
    const machine = handling.getByLabel('机器', { exact: true });
    await expect.poll(() => machine.inputValue()).toBe('ZX-0042 自助机');
    expect(await machine.isDisabled()).toBe(true);
    // 同意 needs the result (required where it is editable).
    await handling.getByRole('button', { name: '同意' }).click();
    await handling.getByText('请填写维修结果').waitFor();
    await handling.getByLabel('维修结果', { exact: true }).fill('更换电源板');
    await handling.getByRole('button', { name: '同意' }).click();
    await toast(fixer, '已同意');

    // The reporter's 已发事务 → 详情: the data with the result, read-only.
    const sent = await openMenu(admin, '我的事务', '已发事务', '/work/send/index');
    await row(sent, /设备报修/)
      .getByRole('button', { name: '详情' })
      .click();
    const viewer = admin.getByRole('dialog', { name: '流程图展示' });
    const result = viewer.getByLabel('维修结果', { exact: true });
    await expect.poll(() => result.inputValue()).toBe('更换电源板');
    expect(await result.isDisabled()).toBe(true);
    await expect.poll(() => viewer.getByLabel('故障描述', { exact: true }).inputValue()).toBe('屏幕不亮');
    await viewer
      .getByRole('button', { name: /关闭|Close/ })
      .first()
      .click();

    // 已发事务 searched by the form's searchable 机器 field.
    const search = sent.getByRole('form', { name: '搜索条件' });
    const fieldKey = search.getByLabel('表单字段标识', { exact: true });
    if (!(await fieldKey.isVisible())) await search.getByRole('button', { name: /展开/ }).click();
    await fieldKey.fill('machine');
    await search.getByLabel('表单字段内容', { exact: true }).fill('无此机器');
    await search.getByRole('button', { name: buttonName('搜索') }).click();
    await expect.poll(() => row(sent, /设备报修/).count()).toBe(0);
    await search.getByLabel('表单字段内容', { exact: true }).fill('zx-0042');
    await search.getByRole('button', { name: buttonName('搜索') }).click();
    await expect.poll(() => row(sent, /设备报修/).count()).toBe(1);
  });
});
