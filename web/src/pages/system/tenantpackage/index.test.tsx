import type { TenantPackage } from '@console/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tree } from '../../../api/system/menu';
import { detail, submit } from '../../../api/system/tenant-package';
import { auditColumns, treeNode } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest } from '../../../test/page-test-kit';
import TenantPackagePage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 40_000 });

const stored: TenantPackage = {
  id: '7',
  packageName: '基础包',
  menuId: '1,2',
  remark: null,
  ...auditColumns,
};

vi.mock('../../../api/system/tenant-package', async () =>
  (await import('../../../test/fixtures')).crudApiMock(() => stored),
);
vi.mock('../../../api/system/menu', () => ({
  tree: vi.fn(() =>
    Promise.resolve([treeNode('1', '系统管理', [treeNode('2', '参数管理')]), treeNode('3', '首页')]),
  ),
}));

const openPage = () =>
  renderPageAt('/system/tenantpackage/index', <TenantPackagePage />, {
    title: '租户产品包',
    showing: '基础包',
  });

beforeEach(() =>
  grantOnly('tenant_package_add', 'tenant_package_edit', 'tenant_package_delete', 'tenant_package_view'),
);

afterEach(resetPageTest);

describe('tenant packages page', () => {
  it('shows how many menus a package holds, named in the cell’s title; no view button (spec §6)', async () => {
    const page = await openPage();
    const count = await within(page).findByText('2 个菜单');
    expect(count.getAttribute('title')).toBe('系统管理, 参数管理');
    expect(tree).toHaveBeenCalledTimes(1);
    const row = count.closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: '删除' })).toBeTruthy();
    expect(within(page).queryByRole('button', { name: '查看' })).toBeNull();
  });

  it('asks for a name and menus in a 600 wide dialog', async () => {
    const page = await openPage();
    fireEvent.click(within(page).getByRole('button', { name: '新增' }));
    const dialog = await findDialog('新增');
    expect(dialog.style.width).toBe('600px');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入产品包名称')).toBeTruthy();
    expect(within(dialog).getByText('请选择菜单')).toBeTruthy();
  });

  it('edits the package’s menus and sends them comma-joined', async () => {
    const page = await openPage();
    fireEvent.click(within(page).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('编辑');
    await within(dialog).findByDisplayValue('基础包');
    expect(detail).toHaveBeenCalledWith('7');

    // Open the menu tree and check one more menu.
    fireEvent.mouseDown(within(dialog).getByLabelText('菜单列表'));
    fireEvent.click(await screen.findByTitle('首页'));
    fireEvent.click(within(dialog).getByRole('button', { name: '修改' }));

    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(submit).toHaveBeenCalledWith({ id: '7', packageName: '基础包', menuId: '1,2,3', remark: null });
  });
});
