import type { RoleNode } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { roleTreeKeys } from '../../../api/system/menu';
import { grant } from '../../../api/system/role';
import { auditColumns, treeNode } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest } from '../../../test/page-test-kit';
import RolePage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 60_000 });

const role = (id: string, roleName: string): RoleNode => ({
  id,
  tenantId: '000000',
  parentId: '0',
  roleName,
  roleAlias: `alias${id}`,
  totpRequired: 0,
  sort: 1,
  hasChildren: false,
  children: [],
  ...auditColumns,
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
      menu: [treeNode('1', '系统管理', [treeNode('2', '用户管理'), treeNode('3', '参数管理')])],
      dataScope: [treeNode('2', '用户管理', [treeNode('21', '本人可见'), treeNode('22', '所在机构可见')])],
      apiScope: [],
    }),
  ),
  roleTreeKeys: vi.fn(() => Promise.resolve({ menu: ['1', '2'], dataScope: [], apiScope: [] })),
}));

async function openGrant(...roles: string[]) {
  const page = await renderPageAt('/authority/role/index', <RolePage />, {
    title: '角色管理',
    showing: '医生',
  });
  for (const name of roles) fireEvent.click(within(page).getByRole('checkbox', { name: `选择 ${name}` }));
  fireEvent.click(within(page).getByRole('button', { name: '权限设置' }));
  return findDialog('权限设置');
}

const box = (scope: HTMLElement, name: string) => within(scope).getByRole('checkbox', { name });

beforeEach(() => grantOnly('role_grant'));

afterEach(resetPageTest);

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
