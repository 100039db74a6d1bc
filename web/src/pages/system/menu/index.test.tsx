import type { Menu, MenuListNode, TreeNode } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureRequest } from '../../../api/request';
import type * as MenuApi from '../../../api/system/menu';
import { lazyList, submit } from '../../../api/system/menu';
import { auditColumns } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest } from '../../../test/page-test-kit';
import MenuPage from '.';

// A whole antd table page in jsdom: slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const row = (id: string, name: string, category: number, hasChildren: boolean): MenuListNode => ({
  id,
  parentId: '0',
  code: `code${id}`,
  name,
  alias: 'menu',
  path: `/p${id}`,
  source: 'SettingOutlined',
  sort: 1,
  category,
  action: 0,
  isOpen: 1,
  remark: null,
  hasChildren,
  ...auditColumns,
});

const node = (id: string, title: string): TreeNode => ({
  id,
  parentId: '0',
  title,
  key: id,
  value: id,
  hasChildren: false,
});

// The page's reads are stand-ins; removal goes through the real request layer, so the server's
// refusal reaches the user as the request layer reports it.
vi.mock('../../../api/system/menu', async (original) => ({
  ...(await original<typeof MenuApi>()),
  lazyList: vi.fn(() => Promise.resolve([row('1', '系统管理', 1, true), row('9', '导出', 2, false)])),
  tree: vi.fn(() => Promise.resolve([node('1', '系统管理')])),
  detail: vi.fn((id: string) => Promise.resolve(row(id, '系统管理', 1, true) as Menu)),
  submit: vi.fn(() => Promise.resolve(true)),
}));

const notified: string[] = [];
beforeEach(() => {
  notified.length = 0;
  configureRequest({
    getToken: () => 'token',
    getLanguage: () => 'zh',
    onUnauthorized: () => undefined,
    notifyError: (text) => notified.push(text),
  });
  grantOnly('menu_add', 'menu_edit', 'menu_delete', 'menu_view');
});

afterEach(resetPageTest);

const openPage = () =>
  renderPageAt('/system/menu/index', <MenuPage />, { title: '菜单管理', showing: '系统管理' });

describe('menus page', () => {
  it('starts at the top level and adds a child under a menu (not under a button)', async () => {
    const page = await openPage();
    expect(lazyList).toHaveBeenCalledWith({ parentId: '0' });
    const menuRow = within(page).getByText('系统管理').closest('tr')!;
    const buttonRow = within(page).getByText('导出').closest('tr')!;
    expect(within(buttonRow).queryByRole('button', { name: '新增子项' })).toBeNull();

    fireEvent.click(within(menuRow).getByRole('button', { name: '新增子项' }));
    const dialog = await findDialog('新增');
    await waitFor(() => expect(within(dialog).getByTitle('系统管理')).toBeTruthy());
    fireEvent.change(within(dialog).getByLabelText('菜单名称'), { target: { value: '日志' } });
    fireEvent.change(within(dialog).getByLabelText('菜单编号'), { target: { value: 'log' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({
        parentId: '1',
        name: '日志',
        code: 'log',
        category: 1,
        action: 0,
        isOpen: 1,
        sort: 1,
      }),
    );
  });

  it('shows the server’s refusal to remove a menu with children, and keeps the row', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({ code: 400, success: false, data: null, msg: '请先删除子菜单: 用户管理' }),
          {
            status: 400,
          },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const page = await openPage();
    const menuRow = within(page).getByText('系统管理').closest('tr')!;
    fireEvent.click(within(menuRow).getByRole('button', { name: '删除' }));
    fireEvent.click(await within(page).findByRole('button', { name: '确定' }));
    await waitFor(() => expect(notified).toEqual(['请先删除子菜单: 用户管理']));
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/blade-system/menu/remove?ids=1');
    expect(screen.queryByText('删除成功')).toBeNull();
    expect(within(page).getByText('系统管理')).toBeTruthy();
  });
});
