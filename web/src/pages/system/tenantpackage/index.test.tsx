// @vitest-environment jsdom
import type { TenantPackage, TreeNode } from '@console/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tree } from '../../../api/system/menu';
import { detail, submit } from '../../../api/system/tenant-package';
import { usePermissions } from '../../../app/menu/permission-store';
import { queryClient } from '../../../app/query-client';
import { clearBrowserState, renderApp } from '../../../test/dom';
import TenantPackagePage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 40_000 });

const stored: TenantPackage = {
  id: '7',
  packageName: '基础包',
  menuId: '1,2',
  remark: null,
  createUser: null,
  createDept: null,
  createTime: null,
  updateUser: null,
  updateTime: null,
  status: 1,
  isDeleted: 0,
};

const node = (id: string, title: string, children: TreeNode[] = []): TreeNode => ({
  id,
  parentId: '0',
  title,
  key: id,
  value: id,
  hasChildren: children.length > 0,
  children,
});

vi.mock('../../../api/system/tenant-package', () => ({
  list: vi.fn(() => Promise.resolve({ records: [stored], total: 1, size: 10, current: 1, pages: 1 })),
  detail: vi.fn(() => Promise.resolve(stored)),
  submit: vi.fn(() => Promise.resolve(true)),
  remove: vi.fn(() => Promise.resolve(true)),
}));
vi.mock('../../../api/system/menu', () => ({
  tree: vi.fn(() => Promise.resolve([node('1', '系统管理', [node('2', '参数管理')]), node('3', '首页')])),
}));

const dialogTitled = (title: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find(
      (dialog) => dialog.querySelector('.ant-modal-title')?.textContent === title,
    );
    if (!found) throw new Error(`no dialog titled ${title}`);
    return found;
  });

async function openPage() {
  renderApp('/system/tenantpackage/index', [
    { path: '/system/tenantpackage/index', element: <TenantPackagePage /> },
  ]);
  const page = await screen.findByRole('region', { name: '租户产品包' });
  await within(page).findByText('基础包');
  return page;
}

beforeEach(() =>
  usePermissions.setState({
    flags: {
      tenant_package_add: true,
      tenant_package_edit: true,
      tenant_package_delete: true,
      tenant_package_view: true,
    },
  }),
);

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.clearAllMocks();
  usePermissions.setState({ flags: {} });
  clearBrowserState();
});

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
    const dialog = await dialogTitled('新增');
    expect(dialog.style.width).toBe('600px');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入产品包名称')).toBeTruthy();
    expect(within(dialog).getByText('请选择菜单')).toBeTruthy();
  });

  it('edits the package’s menus and sends them comma-joined', async () => {
    const page = await openPage();
    fireEvent.click(within(page).getByRole('button', { name: '编辑' }));
    const dialog = await dialogTitled('编辑');
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
