// @vitest-environment jsdom
import type { TopMenu, TreeNode } from '@console/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { topTreeKeys } from '../../../api/system/menu';
import { grant } from '../../../api/system/top-menu';
import { usePermissions } from '../../../app/menu/permission-store';
import { queryClient } from '../../../app/query-client';
import { clearBrowserState, renderApp } from '../../../test/dom';
import TopMenuPage from '.';

// A whole antd table page in jsdom: slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const stored: TopMenu = {
  id: '3',
  code: 'ops',
  name: '运维',
  source: 'ToolOutlined',
  sort: 1,
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

vi.mock('../../../api/system/top-menu', () => ({
  list: vi.fn(() => Promise.resolve({ records: [stored], total: 1, size: 10, current: 1, pages: 1 })),
  detail: vi.fn(() => Promise.resolve(stored)),
  submit: vi.fn(() => Promise.resolve(true)),
  remove: vi.fn(() => Promise.resolve(true)),
  grant: vi.fn(() => Promise.resolve(true)),
}));
vi.mock('../../../api/system/menu', () => ({
  grantTopTree: vi.fn(() =>
    Promise.resolve({ menu: [node('1', '系统管理', [node('2', '用户管理')]), node('4', '首页')] }),
  ),
  topTreeKeys: vi.fn(() => Promise.resolve({ menu: ['4'] })),
}));

// jsdom gives every antd dialog the same title id, so dialogs are found by their title's text.
const dialogTitled = (title: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-modal[role="dialog"]')].find(
      (dialog) => dialog.querySelector('.ant-modal-title')?.textContent === title,
    );
    if (!found) throw new Error(`no dialog titled ${title}`);
    return found;
  });

beforeEach(() => usePermissions.setState({ flags: { topmenu_setting: true } }));

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.clearAllMocks();
  usePermissions.setState({ flags: {} });
  clearBrowserState();
});

describe('top menus page', () => {
  it('chooses the menus a top menu lists (菜单配置) in one checkable tree', async () => {
    renderApp('/system/topmenu/index', [{ path: '/system/topmenu/index', element: <TopMenuPage /> }]);
    const page = await screen.findByRole('region', { name: '顶部菜单' });
    await within(page).findByText('运维');
    fireEvent.click(within(page).getByRole('button', { name: '菜单配置' }));
    const dialog = await dialogTitled('下级菜单配置');
    const menus = await within(dialog).findByRole('group', { name: '菜单' });
    expect(topTreeKeys).toHaveBeenCalledWith(['3']);
    expect(within(menus).getByRole('checkbox', { name: '首页' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(menus).getByRole('checkbox', { name: '用户管理' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(grant).toHaveBeenCalledWith({ topMenuIds: ['3'], menuIds: ['4', '2', '1'] }));
  });
});
