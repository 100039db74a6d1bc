import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleSuite } from './support/suite.js';
import { confirmOk } from './support/dialog.js';

// The menu, role and data scope pages end to end against the real server: a child menu with an
// icon from the picker, the server's refusal to remove a menu with children, the role grant
// dialog's three tabs, and a data scope added under its menu.
const suite = consoleSuite();

async function open(path: string, heading: string): Promise<Page> {
  const page = await suite.signedInPage({ width: 1440, height: 900 }, path);
  await page.getByRole('region', { name: heading }).getByRole('row').nth(1).waitFor();
  return page;
}

const modal = (page: Page, title: string) =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

describe('authority pages against the real server', () => {
  it('menus: a child with a picked icon, and no removal of a menu with children', async () => {
    const page = await open('/system/menu/index', '菜单管理');
    const system = page.getByRole('row', { name: /^选择 系统管理/ });
    await system.getByRole('button', { name: '新增子项' }).click();
    const add = modal(page, '新增');
    await add.getByTitle('系统管理').waitFor();
    await add.getByLabel('菜单名称').fill('端到端菜单');
    await add.getByLabel('菜单编号').fill('e2e_menu');
    await add.getByLabel('路由地址').fill('/system/e2e');
    await add.getByRole('button', { name: '选择图标' }).click();
    const picker = modal(page, '选择图标');
    await picker.getByRole('searchbox', { name: '搜索图标' }).fill('team');
    await picker.getByRole('searchbox', { name: '搜索图标' }).press('ArrowDown');
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'hidden' });
    expect(await add.getByLabel('菜单图标').inputValue()).toBe('TeamOutlined');
    await add.getByRole('button', { name: '保存' }).click();
    await page.getByText('新增成功').waitFor();
    await add.waitFor({ state: 'hidden' });

    // The new child is listed under its menu when that is opened.
    await system.locator('.ant-table-row-expand-icon').click();
    await page.getByRole('row', { name: /端到端菜单/ }).waitFor();

    await system.getByRole('button', { name: '删除' }).click();
    await confirmOk(page);
    await page
      .locator('.ant-message')
      .getByText(/请先删除子菜单/)
      .waitFor();
    expect(await page.getByText('删除成功').count()).toBe(0);
  });

  it('roles: 权限设置 shows the three trees and saves', async () => {
    const page = await open('/authority/role/index', '角色管理');
    await page.getByRole('checkbox', { name: '选择 超级管理员' }).check();
    await page.getByRole('button', { name: '权限设置' }).click();
    const grant = page.getByRole('dialog', { name: '权限设置' });
    const menus = grant.getByRole('group', { name: '菜单权限' });
    expect(await menus.getByRole('checkbox', { name: '菜单管理' }).getAttribute('aria-checked')).toBe('true');
    for (const tab of ['数据权限', '接口权限', '菜单权限'])
      await grant.getByRole('tab', { name: tab }).click();
    await grant.getByRole('button', { name: '保存' }).click();
    await page.getByText('操作成功!').waitFor();
    await grant.waitFor({ state: 'hidden' });
  });

  it('data scopes: added under a menu, named after it and its rule type', async () => {
    const page = await open('/authority/datascope/index', '数据权限');
    const search = page.getByRole('form', { name: '搜索条件' });
    await search.getByLabel('菜单名称').fill('用户管理');
    await search.getByRole('button', { name: '搜索' }).click();
    await page
      .getByRole('row', { name: /^用户管理/ })
      .getByRole('button', { name: '权限配置' })
      .click();
    const drawer = page.getByRole('dialog', { name: '[用户管理] 数据权限配置' });
    await drawer.getByRole('button', { name: '新增', exact: true }).click();
    const add = modal(page, '新增');
    expect(await add.getByLabel('资源编号').inputValue()).toBe('user');
    await add.getByLabel('规则类型').click();
    await page.getByTitle('本人可见').click();
    expect(await add.getByLabel('权限字段').inputValue()).toBe('create_user');
    await add.getByRole('button', { name: '保存' }).click();
    await page.getByText('新增成功').waitFor();
    await drawer.getByRole('row', { name: /用户管理 \[本人可见\]/ }).waitFor();
  });

  it('API scopes: added under a menu with a path pattern and a method', async () => {
    const page = await open('/authority/apiscope/index', '接口权限');
    const search = page.getByRole('form', { name: '搜索条件' });
    await search.getByLabel('菜单编号').fill('param');
    await search.getByRole('button', { name: '搜索' }).click();
    await page
      .getByRole('row', { name: /^参数管理/ })
      .getByRole('button', { name: '权限配置' })
      .click();
    const drawer = page.getByRole('dialog', { name: '[参数管理] 接口权限配置' });
    await drawer.getByRole('button', { name: '新增', exact: true }).click();
    const add = modal(page, '新增');
    expect(await add.getByLabel('资源编号').inputValue()).toBe('param');
    await add.getByLabel('权限名称').fill('参数导出');
    await add.getByLabel('权限路径').fill('/blade-system/e2e-export/**');
    await add.getByLabel('请求方法').click();
    await page.getByTitle('GET', { exact: true }).click();
    await add.getByRole('button', { name: '保存' }).click();
    await page.getByText('新增成功').waitFor();
    const row = drawer.getByRole('row', { name: /参数导出/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('GET');
  });
});
