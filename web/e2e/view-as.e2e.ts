import { describe, expect, it } from 'vitest';
import { api, chooseInMore, createRole, createStaff, openMenu } from './support/console-api.js';
import { consoleSuite } from './support/suite.js';

// 查看权限 (issue 48, view as): the administrator opens 系统管理 › 用户管理 and chooses 查看权限 on a
// staff member whose role has a data scope on users; the dialog shows the menus the staff member's
// sidebar holds and the data scope, each named with the role it comes from — without signing in
// as them. The platform administrator's own (every menu) still fits a 1366×768 screen.
const suite = consoleSuite();

const WIDE = { width: 1366, height: 768 };
const ROLE = 'E2E 查看权限';
const STAFF = { username: 'e2e_viewed', password: 'Viewed-2024-pass' };

interface GrantNode {
  id: string;
  title: string;
  children?: GrantNode[];
}

describe('查看权限', () => {
  it("shows a staff member's menus and data scope, each with its role; the administrator's fits the screen", async () => {
    const admin = await suite.signedInPage(WIDE);
    const roleId = await createRole(admin, ROLE, 'e2e_view_as', ['系统管理']);
    await createStaff(admin, STAFF, '查看员', roleId);

    // A data scope on users (本人可见) under 用户管理, granted to the role beside its menus.
    const tree = await api<{ menu: GrantNode[] }>(admin, '/api/blade-system/menu/grant-tree');
    const usersPage = tree.menu
      .find((node) => node.title === '系统管理')
      ?.children?.find((node) => node.title === '用户管理');
    if (!usersPage) throw new Error('no 用户管理 in the grant tree');
    const scope = await api<{ id: string }>(admin, '/api/blade-system/data-scope/submit', {
      menuId: usersPage.id,
      resourceCode: 'user',
      scopeName: 'E2E 本人创建的用户',
      scopeType: 2,
    });
    const held = await api<{ menu: string[] }>(
      admin,
      `/api/blade-system/menu/role-tree-keys?roleIds=${roleId}`,
    );
    await api(admin, '/api/blade-system/role/grant', {
      roleIds: [roleId],
      menuIds: held.menu,
      dataScopeIds: [scope.id],
    });

    const users = await openMenu(admin, '系统管理', '用户管理', '/system/user/index');
    const row = users.getByRole('row', { name: new RegExp(`选择 ${STAFF.username}`) });
    await row.waitFor();
    await chooseInMore(admin, row, '查看权限');
    const dialog = admin.getByRole('dialog', { name: '查看权限：查看员' });
    await dialog.getByText(`${ROLE} (e2e_view_as)`).waitFor();

    // 菜单: the sidebar's tree, each menu naming the role.
    const menus = dialog.getByRole('group', { name: '全部菜单（未选择顶部菜单时）' });
    const node = (name: string) => menus.locator('.ant-tree-treenode').filter({ hasText: name }).first();
    await node('用户管理').waitFor();
    expect(await node('系统管理').textContent()).toContain(ROLE);
    expect(await node('用户管理').textContent()).toContain(ROLE);
    expect(await menus.getByText('工作台').count()).toBe(0);

    // 数据权限: the rule on users, limited, of type 本人可见, from the role; by keyboard, as a
    // keyboard user moves between the tabs.
    await dialog.getByRole('tab', { name: '菜单' }).focus();
    await admin.keyboard.press('ArrowRight');
    await admin.keyboard.press('ArrowRight');
    await admin.keyboard.press('Enter');
    const data = dialog.getByRole('region', { name: '数据权限' });
    const onUsers = data.getByRole('region', { name: '用户管理 (user)' });
    await onUsers.getByText('受限：可见下列规则的并集').waitFor();
    const rule = onUsers.getByRole('row', { name: /E2E 本人创建的用户/ });
    expect(await rule.textContent()).toContain('本人可见');
    expect(await rule.textContent()).toContain(ROLE);

    // Escape closes it.
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The platform administrator's: every menu, said so, and the dialog still fits the screen.
    await chooseInMore(admin, users.getByRole('row', { name: /选择 admin/ }).first(), '查看权限');
    const own = admin.getByRole('dialog', { name: '查看权限：管理员' });
    await own.getByText(/^平台管理员：/).waitFor();
    await own.getByRole('group', { name: '全部菜单（未选择顶部菜单时）' }).getByText('工作台').waitFor();
    const box = (await own.boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= WIDE.width, JSON.stringify(box)).toBe(true);
    expect(box.y >= 0 && box.y + box.height <= WIDE.height, JSON.stringify(box)).toBe(true);
  });
});
