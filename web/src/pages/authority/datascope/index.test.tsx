import type { DataScope, MenuListNode } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { list, submit } from '../../../api/authority/data-scope';
import { lazyMenuList } from '../../../api/system/menu';
import { auditColumns } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest } from '../../../test/page-test-kit';
import DataScopePage from '.';

// Two antd table pages (the menus, and a menu's scopes in a drawer) in jsdom: over half a minute
// alone, much more while other suites run.
vi.setConfig({ testTimeout: 120_000 });

const userMenu: MenuListNode = {
  ...auditColumns,
  id: '5',
  parentId: '1',
  code: 'user',
  name: '用户管理',
  alias: 'menu',
  path: '/system/user',
  source: 'UserOutlined',
  sort: 1,
  category: 1,
  action: 0,
  isOpen: 1,
  remark: null,
  hasChildren: false,
};

const ownRows: DataScope = {
  ...auditColumns,
  id: '50',
  menuId: '5',
  resourceCode: 'user',
  scopeName: '用户管理 [全部可见]',
  scopeField: null,
  scopeClass: null,
  scopeColumn: null,
  scopeType: 1,
  scopeValue: null,
  remark: null,
};

vi.mock('../../../api/system/menu', () => ({
  lazyMenuList: vi.fn(() => Promise.resolve([userMenu])),
}));
vi.mock('../../../api/authority/data-scope', async () =>
  (await import('../../../test/fixtures')).crudApiMock(() => ownRows),
);
vi.mock('../../../api/system/dict', () => ({
  dictionary: vi.fn(() =>
    Promise.resolve([
      { dictKey: '1', dictValue: '全部可见' },
      { dictKey: '2', dictValue: '本人可见' },
      { dictKey: '5', dictValue: '自定义' },
    ]),
  ),
}));

beforeEach(() => grantOnly('data_scope_setting'));

afterEach(resetPageTest);

describe('data scopes under a menu', () => {
  it('opens a menu’s scopes in a drawer and adds one filled in from the menu and the rule type', async () => {
    const page = await renderPageAt('/authority/datascope/index', <DataScopePage />, {
      title: '数据权限',
      showing: '用户管理',
    });
    expect(lazyMenuList).toHaveBeenCalledWith({ parentId: '0' });

    fireEvent.click(within(page).getByRole('button', { name: '权限配置' }));
    const drawer = await screen.findByRole('dialog', { name: '[用户管理] 数据权限配置' });
    const scopes = await within(drawer).findByRole('region', { name: '数据权限配置' });
    await within(scopes).findByText('用户管理 [全部可见]');
    expect(list).toHaveBeenCalledWith(1, 10, { menuId: '5' });

    fireEvent.click(within(scopes).getByRole('button', { name: '新增' }));
    const dialog = await findDialog('新增');
    expect((within(dialog).getByLabelText('资源编号') as HTMLInputElement).value).toBe('user');
    // The rule values are for custom rules only.
    expect(within(dialog).getByLabelText('规则值').closest('.ant-select-disabled')).toBeTruthy();

    fireEvent.mouseDown(within(dialog).getByLabelText('规则类型'));
    fireEvent.click(await screen.findByTitle('本人可见'));
    await waitFor(() =>
      expect((within(dialog).getByLabelText('权限字段') as HTMLInputElement).value).toBe('create_user'),
    );
    expect((within(dialog).getByLabelText('权限名称') as HTMLInputElement).value).toBe('用户管理 [本人可见]');

    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(submit).toHaveBeenCalledWith({
      menuId: '5',
      scopeName: '用户管理 [本人可见]',
      resourceCode: 'user',
      scopeColumn: 'create_user',
      scopeType: 2,
      scopeValue: null,
      scopeField: null,
      scopeClass: null,
      remark: null,
    });
  });
});
