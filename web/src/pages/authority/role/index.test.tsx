// @vitest-environment jsdom
import type { RoleNode, TreeNode } from '@console/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { roleTreeKeys } from '../../../api/system/menu';
import { grant } from '../../../api/system/role';
import { usePermissions } from '../../../app/menu/permission-store';
import { queryClient } from '../../../app/query-client';
import { clearBrowserState, renderApp } from '../../../test/dom';
import RolePage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 60_000 });

const role = (id: string, roleName: string): RoleNode => ({
  id,
  tenantId: '000000',
  parentId: '0',
  roleName,
  roleAlias: `alias${id}`,
  sort: 1,
  hasChildren: false,
  children: [],
  createUser: null,
  createDept: null,
  createTime: null,
  updateUser: null,
  updateTime: null,
  status: 1,
  isDeleted: 0,
});

const node = (id: string, title: string, children: TreeNode[] = []): TreeNode => ({
  id,
  parentId: '0',
  title,
  key: id,
  value: id,
  hasChildren: children.length > 0,
  children,
});

vi.mock('../../../api/system/role', () => ({
  list: vi.fn(() => Promise.resolve([role('11', '医生'), role('12', '护士')])),
  detail: vi.fn(),
  tree: vi.fn(() => Promise.resolve([])),
  submit: vi.fn(() => Promise.resolve(true)),
  remove: vi.fn(() => Promise.resolve(true)),
  grant: vi.fn(() => Promise.resolve(true)),
}));
vi.mock('../../../api/system/menu', () => ({
  grantTree: vi.fn(() =>
    Promise.resolve({
      menu: [node('1', '系统管理', [node('2', '用户管理'), node('3', '参数管理')])],
      dataScope: [node('2', '用户管理', [node('21', '本人可见'), node('22', '所在机构可见')])],
      apiScope: [],
    }),
  ),
  roleTreeKeys: vi.fn(() => Promise.resolve({ menu: ['1', '2'], dataScope: [], apiScope: [] })),
}));

async function openGrant(...roles: string[]) {
  renderApp('/authority/role/index', [{ path: '/authority/role/index', element: <RolePage /> }]);
  const page = await screen.findByRole('region', { name: '角色管理' });
  await within(page).findByText('医生');
  for (const name of roles) fireEvent.click(within(page).getByRole('checkbox', { name: `选择 ${name}` }));
  fireEvent.click(within(page).getByRole('button', { name: '权限设置' }));
  return dialogTitled('权限设置');
}

const box = (scope: HTMLElement, name: string) => within(scope).getByRole('checkbox', { name });

// jsdom gives every antd dialog the same title id, so dialogs are found by their title's text.
const dialogTitled = (title: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-modal[role="dialog"]')].find(
      (dialog) => dialog.querySelector('.ant-modal-title')?.textContent === title,
    );
    if (!found) throw new Error(`no dialog titled ${title}`);
    return found;
  });

beforeEach(() => usePermissions.setState({ flags: { role_grant: true } }));

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.clearAllMocks();
  usePermissions.setState({ flags: {} });
  clearBrowserState();
});

describe('role grant dialog (权限设置)', () => {
  it('shows what the role holds, and saves exactly the checked ids of the three tabs', async () => {
    const dialog = await openGrant('医生');
    const menus = await within(dialog).findByRole('group', { name: '菜单权限' });
    expect(roleTreeKeys).toHaveBeenCalledWith(['11']);
    expect(box(menus, '系统管理').getAttribute('aria-checked')).toBe('true');
    expect(box(menus, '用户管理').getAttribute('aria-checked')).toBe('true');
    expect(box(menus, '参数管理').getAttribute('aria-checked')).toBe('false');
    fireEvent.click(box(menus, '参数管理'));

    fireEvent.click(within(dialog).getByRole('tab', { name: '数据权限' }));
    const scopes = await within(dialog).findByRole('group', { name: '数据权限' });
    fireEvent.click(box(scopes, '本人可见'));
    expect(box(scopes, '用户管理').getAttribute('aria-checked')).toBe('true');

    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('操作成功!')).toBeTruthy();
    expect(grant).toHaveBeenCalledWith({
      roleIds: ['11'],
      menuIds: ['1', '2', '3'],
      dataScopeIds: ['21', '2'],
      apiScopeIds: [],
    });
    await waitFor(() => expect(document.querySelector('.ant-modal-title')).toBeNull());
  });

  it('grants several roles at once, saying so', async () => {
    const dialog = await openGrant('医生', '护士');
    expect(await within(dialog).findByText(/所选 2 项将被设置为相同的权限/)).toBeTruthy();
    expect(roleTreeKeys).toHaveBeenCalledWith(['11', '12']);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(grant).toHaveBeenCalledWith(expect.objectContaining({ roleIds: ['11', '12'] })),
    );
  });
});
