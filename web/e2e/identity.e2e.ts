import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeDialog } from './support/dialog.js';
import { buttonName, changeRequiredPassword, submitSignIn, type Credentials } from './support/sign-in.js';
import { consoleSuite } from './support/suite.js';

// Identity end to end (issue requirement): the administrator creates a department, a role granted
// some menus and buttons, and a user of both through the console's pages; that user then signs in
// and sees exactly the granted menus in the sidebar and the granted buttons on a granted page.
const suite = consoleSuite();

const WIDE = { width: 1440, height: 900 };
const DEPT = 'E2E 检验科';
const ROLE = 'E2E 检验员';
const LAB_USER: Credentials = { username: 'e2e_lab', password: 'Lab-2024-pass' };

const dialog = (page: Page) => page.getByRole('dialog');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: '表格操作' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: /主菜单|Main menu/ });

async function open(page: Page, path: string, region: string): Promise<Locator> {
  await page.goto(`${suite.running().baseUrl}${path}`);
  const found = page.getByRole('region', { name: region, exact: true });
  await found.waitFor();
  return found;
}

/** Picks the option titled `title` in the tree select labelled `label` of the open dialog. */
async function pickTreeOption(page: Page, label: string, title: string): Promise<void> {
  await dialog(page).getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: title }).first().click();
  await page.keyboard.press('Escape');
}

/** A node of a grant tree and the nodes listed right after it (its buttons, expanded). */
const treeNode = (tree: Locator, title: string) =>
  tree.locator('[role="treeitem"]').filter({ has: tree.page().locator(`span[title="${title}"]`) });

async function createDept(page: Page): Promise<void> {
  const region = await open(page, '/system/dept/index', '部门管理');
  await toolbar(page).getByRole('button', { name: '新增', exact: true }).click();
  await dialog(page).getByLabel('部门名称', { exact: true }).fill(DEPT);
  await dialog(page).getByLabel('排序', { exact: true }).fill('1');
  await dialog(page).getByRole('button', { name: '保存' }).click();
  await page.getByText('新增成功').waitFor();
  await dialog(page).waitFor({ state: 'hidden' });
  await region.getByRole('row', { name: new RegExp(DEPT) }).waitFor();
}

/** The role, granted the parameter page with only its add and view buttons, on the role page. */
async function createRole(page: Page): Promise<void> {
  const region = await open(page, '/authority/role/index', '角色管理');
  await toolbar(page).getByRole('button', { name: '新增', exact: true }).click();
  await dialog(page).getByLabel('角色名称', { exact: true }).fill(ROLE);
  await dialog(page).getByLabel('角色别名', { exact: true }).fill('e2e_lab');
  await dialog(page).getByRole('button', { name: '保存' }).click();
  await page.getByText('新增成功').waitFor();
  await dialog(page).waitFor({ state: 'hidden' });

  await region.getByRole('checkbox', { name: `选择 ${ROLE}` }).check();
  await toolbar(page).getByRole('button', { name: '权限设置' }).click();
  const grant = page.getByRole('dialog', { name: '权限设置' });
  const menus = grant.getByRole('group', { name: '菜单权限' });
  // Checking a page grants the menus above it and its buttons; three buttons are then taken back.
  const param = treeNode(menus, '参数管理');
  await param.locator('[role="checkbox"]').click();
  const buttons = param.locator('xpath=following-sibling::*[@role="treeitem"][position() <= 5]');
  expect(await buttons.allInnerTexts()).toEqual(['新增', '修改', '删除', '查看', '导出']);
  for (const name of ['修改', '删除', '导出'])
    await buttons.filter({ hasText: name }).locator('[role="checkbox"]').click();
  expect(await param.getAttribute('aria-checked')).toBe('true');
  await grant.getByRole('button', { name: buttonName('保存') }).click();
  await page.getByText('操作成功!').waitFor();
  await grant.waitFor({ state: 'hidden' });
}

async function createUser(page: Page): Promise<void> {
  const region = await open(page, '/system/user/index', '用户管理');
  await toolbar(page).getByRole('button', { name: '新增', exact: true }).click();
  const form = dialog(page);
  await form.getByLabel('登录账号', { exact: true }).fill(LAB_USER.username);
  // The tenant's policy (8 characters of 2 classes by default) is checked before the password is hashed.
  await form.getByLabel('密码', { exact: true }).fill('lab2024');
  await form.getByLabel('确认密码', { exact: true }).fill('lab2024');
  await form.getByRole('button', { name: '保存' }).click();
  await form.getByText('密码至少需要 8 个字符，现在只有 7 个').waitFor();
  await form.getByLabel('密码', { exact: true }).fill(LAB_USER.password);
  await form.getByLabel('确认密码', { exact: true }).fill(`${LAB_USER.password}x`);
  await form.getByLabel('用户姓名', { exact: true }).fill('检验员');
  await pickTreeOption(page, '所属角色', ROLE);
  await pickTreeOption(page, '所属部门', DEPT);
  await form.getByRole('button', { name: '保存' }).click();
  await form.getByText('两次输入密码不一致!').waitFor();
  await form.getByLabel('确认密码', { exact: true }).fill(LAB_USER.password);
  await form.getByRole('button', { name: '保存' }).click();
  await page.getByText('新增成功').waitFor();
  await form.waitFor({ state: 'hidden' });
  const row = region.getByRole('row', { name: new RegExp(LAB_USER.username) });
  await row.getByText(ROLE).waitFor();
  await row.getByText(DEPT).waitFor();

  // The department tree filters the table: only the new user is in the new department.
  await page.getByRole('region', { name: '部门筛选' }).getByText(DEPT, { exact: true }).click();
  await expect.poll(() => region.locator('.ant-table-tbody .ant-table-row').count()).toBe(1);
  await page.getByRole('button', { name: '全部部门' }).click();
  await expect.poll(() => region.locator('.ant-table-tbody .ant-table-row').count()).toBeGreaterThan(1);
}

/** A department with users is not removed: the server's reason shows, the row stays. */
async function refuseDeptRemoval(page: Page): Promise<void> {
  const region = await open(page, '/system/dept/index', '部门管理');
  const row = region.getByRole('row', { name: new RegExp(DEPT) });
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByText('确定将选择数据删除?').waitFor();
  await page.getByRole('button', { name: buttonName('确定') }).click();
  await page.getByText(`部门下还有用户，不能删除: ${LAB_USER.username}`).waitFor();
  await row.waitFor();
}

describe('departments, roles and users make what a user may do', () => {
  it('creates a department, a granted role and a user; the user sees exactly what was granted', async () => {
    const admin = await suite.signedInPage(WIDE);
    await createDept(admin);
    await createRole(admin);
    await createUser(admin);
    await refuseDeptRemoval(admin);
    await admin.context().close();

    // The administrator chose the password, so (by default) the user changes it before anything else.
    const { baseUrl, captchas } = suite.running();
    const page = await suite.newPage(WIDE);
    const code = captchas.next(page);
    await page.goto(`${baseUrl}/login`);
    await submitSignIn(page, await code, LAB_USER);
    await page.waitForURL(`${baseUrl}/password-change`);
    await page.getByLabel('当前密码', { exact: true }).fill(LAB_USER.password);
    await page.getByLabel('新密码', { exact: true }).fill('labonly');
    await page.getByRole('button', { name: /修改并继续/ }).click();
    await page.getByText('密码至少需要 8 个字符，现在只有 7 个；').waitFor();
    await changeRequiredPassword(page, baseUrl, LAB_USER.password, 'Lab-own-2025');
    const nav = sidebar(page);
    await nav.getByRole('menuitem', { name: '系统管理', exact: true }).click();
    await nav.getByRole('menuitem', { name: '参数管理', exact: true }).waitFor();
    expect(await nav.getByRole('menuitem').allInnerTexts()).toEqual(['系统管理', '参数管理']);

    await nav.getByRole('menuitem', { name: '参数管理', exact: true }).click();
    await page.waitForURL(`${baseUrl}/system/param/index`);
    const region = page.getByRole('region', { name: '参数管理' });
    // Public parameters only: account.initPassword is the platform administrator's (decision 0014).
    await region.getByRole('row', { name: /account\.registerUser/ }).waitFor();
    expect(await region.getByRole('row', { name: /account\.initPassword/ }).count()).toBe(0);
    // The add button's grant shows 新增 and the import (issue 52), whose server rules are the form's.
    expect(await toolbar(page).getByRole('button').allInnerTexts()).toEqual(['新增', '导入', '下载模板']);
    const row = region.getByRole('row', { name: /account\.registerUser/ });
    expect(await row.getByRole('button').allInnerTexts()).toEqual(['查看']);
    await row.getByRole('button', { name: '查看' }).click();
    await dialog(page).getByLabel('参数键名').waitFor();
    await closeDialog(dialog(page));
  });
});
