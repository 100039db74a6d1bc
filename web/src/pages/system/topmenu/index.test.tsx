import type { TopMenu } from '@console/contract';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { topTreeKeys } from '../../../api/system/menu';
import { grant } from '../../../api/system/top-menu';
import { auditColumns, treeNode } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest } from '../../../test/page-test-kit';
import TopMenuPage from '.';

// A whole antd table page in jsdom: slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const stored: TopMenu = {
  id: '3',
  code: 'ops',
  name: '运维',
  source: 'ToolOutlined',
  sort: 1,
  ...auditColumns,
};

vi.mock('../../../api/system/top-menu', async () => ({
  ...(await import('../../../test/fixtures')).crudApiMock(() => stored),
  grant: vi.fn(() => Promise.resolve(true)),
}));
vi.mock('../../../api/system/menu', () => ({
  grantTopTree: vi.fn(() =>
    Promise.resolve({
      menu: [treeNode('1', '系统管理', [treeNode('2', '用户管理')]), treeNode('4', '首页')],
    }),
  ),
  topTreeKeys: vi.fn(() => Promise.resolve({ menu: ['4'] })),
}));

beforeEach(() => grantOnly('topmenu_setting'));

afterEach(resetPageTest);

describe('top menus page', () => {
  it('chooses the menus a top menu lists (菜单配置) in one checkable tree', async () => {
    const page = await renderPageAt('/system/topmenu/index', <TopMenuPage />, {
      title: '顶部菜单',
      showing: '运维',
    });
    fireEvent.click(within(page).getByRole('button', { name: '菜单配置' }));
    const dialog = await findDialog('下级菜单配置');
    const menus = await within(dialog).findByRole('group', { name: '菜单' });
    expect(topTreeKeys).toHaveBeenCalledWith(['3']);
    expect(within(menus).getByRole('checkbox', { name: '首页' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(within(menus).getByRole('checkbox', { name: '用户管理' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(grant).toHaveBeenCalledWith({ topMenuIds: ['3'], menuIds: ['4', '2', '1'] }));
  });
});
