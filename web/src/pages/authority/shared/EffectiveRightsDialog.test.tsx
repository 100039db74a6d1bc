import type { EffectiveMenu, EffectiveRights, RoleNode } from '@console/contract';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { effective } from '../../../api/system/role';
import { useSession } from '../../../app/session/session-store';
import { changeLanguage } from '../../../i18n';
import { auditColumns, tokenAnswer } from '../../../test/fixtures';
import { findDialog, renderPageAt, resetPageTest } from '../../../test/page-test-kit';
import RolePage from '../role';
import { EffectiveRightsDialog } from './EffectiveRightsDialog';

// The 查看权限 dialog in jsdom: offered on the role page to administrators only, then each tab of
// the answer, its loading failure and its empty states, in both languages.
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../../api/system/role', () => ({
  list: vi.fn(() => Promise.resolve([role('11', '医生')])),
  detail: vi.fn(),
  tree: vi.fn(() => Promise.resolve([])),
  submit: vi.fn(),
  remove: vi.fn(),
  grant: vi.fn(),
  effective: vi.fn(),
}));

function role(id: string, roleName: string): RoleNode {
  return {
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
  };
}

const menu = (id: string, code: string, name: string, roleIds: string[], children?: EffectiveMenu[]) => ({
  id,
  parentId: '0',
  code,
  name,
  path: null,
  roleIds,
  ...(children ? { children } : {}),
});

/** A user holding two roles: a menu, a button and a scope of each, a button of both. */
const RIGHTS: EffectiveRights = {
  user: { id: '7', account: 'zhang', name: null, realName: '张三' },
  roles: [
    { id: '11', roleName: '医生', roleAlias: 'doctor' },
    { id: '12', roleName: '护士', roleAlias: 'nurse' },
  ],
  administrator: null,
  menus: [
    {
      topMenuId: null,
      code: null,
      name: null,
      menus: [
        menu(
          '1',
          'system',
          '系统管理',
          ['11', '12'],
          [menu('2', 'post', '岗位管理', ['11']), menu('3', 'param', '参数管理', ['12'])],
        ),
      ],
    },
    { topMenuId: '50', code: 'ops_top', name: '运维', menus: [] },
  ],
  buttons: [
    { id: '21', code: 'param_add', name: '新增', pageCode: 'param', pageName: '参数管理', roleIds: ['12'] },
    {
      id: '22',
      code: 'post_view',
      name: '查看',
      pageCode: 'post',
      pageName: '岗位管理',
      roleIds: ['11', '12'],
    },
  ],
  dataScopes: [
    {
      resourceCode: 'user',
      limited: true,
      rules: [
        {
          id: '31',
          scopeName: '本人创建的用户',
          scopeType: 2,
          scopeColumn: null,
          scopeValue: null,
          roleIds: ['11'],
        },
      ],
    },
  ],
  apiScopes: [
    {
      id: '41',
      scopeName: '参数接口',
      resourceCode: 'param',
      scopePath: '/blade-system/param/**',
      scopeMethod: null,
      roleIds: ['12'],
    },
  ],
};

const NOTHING: EffectiveRights = {
  ...RIGHTS,
  roles: [],
  menus: [{ topMenuId: null, code: null, name: null, menus: [] }],
  buttons: [],
  dataScopes: [],
  apiScopes: [],
};

const { access_token, refresh_token, ...platformAdmin } = tokenAnswer();
void access_token;
void refresh_token;

/** The dialog alone, open on user 7. */
function openDialog(onClose = vi.fn()) {
  return renderPageAt(
    '/view-as',
    <section aria-label="页面">
      <EffectiveRightsDialog target={{ userId: '7' }} name="张三" onClose={onClose} />
    </section>,
    { title: '页面' },
  );
}

const tab = (dialog: HTMLElement, name: string) => {
  fireEvent.click(within(dialog).getByRole('tab', { name }));
  return within(dialog).findByRole('region', { name });
};

/** The dialog's footer (its corner's close button has the same name). */
const footer = (dialog: HTMLElement) => dialog.querySelector<HTMLElement>('.ant-modal-footer')!;

afterEach(async () => {
  useSession.setState({ token: undefined, userInfo: undefined });
  vi.mocked(effective).mockReset();
  await resetPageTest();
});

describe('查看权限 dialog', () => {
  it('is offered on the role page to administrators, for the role alone', async () => {
    useSession.setState({ token: 'access-1', userInfo: platformAdmin });
    vi.mocked(effective).mockResolvedValue({ ...RIGHTS, user: null, roles: [RIGHTS.roles[0]!] });
    const page = await renderPageAt('/authority/role/index', <RolePage />, {
      title: '角色管理',
      showing: '医生',
    });
    fireEvent.click(within(page).getByRole('button', { name: '查看权限' }));
    const dialog = await findDialog('查看权限：医生');
    expect(effective).toHaveBeenCalledWith({ roleId: '11' });
    expect(await within(dialog).findByText('医生 (doctor)')).toBeTruthy();
  });

  it('is not offered to anyone else', async () => {
    useSession.setState({ token: 'access-1', userInfo: { ...platformAdmin, role_name: 'operator' } });
    const page = await renderPageAt('/authority/role/index', <RolePage />, {
      title: '角色管理',
      showing: '医生',
    });
    expect(within(page).queryByRole('button', { name: '查看权限' })).toBeNull();
  });

  it('shows the menus per top menu, the buttons, the data and API scopes, each with its roles', async () => {
    vi.mocked(effective).mockResolvedValue(RIGHTS);
    await openDialog();
    const dialog = await findDialog('查看权限：张三');
    expect(effective).toHaveBeenCalledWith({ userId: '7' });
    expect(await within(dialog).findByText('医生 (doctor)')).toBeTruthy();
    expect(within(dialog).getByText('护士 (nurse)')).toBeTruthy();

    // Menus: the whole menu open, each node naming its roles; the empty top menu says so.
    const menus = await within(dialog).findByRole('group', { name: '全部菜单（未选择顶部菜单时）' });
    const node = (name: string) => within(menus).getByText(name).closest<HTMLElement>('.ant-tree-treenode')!;
    expect(within(node('系统管理')).getByText('医生')).toBeTruthy();
    expect(within(node('系统管理')).getByText('护士')).toBeTruthy();
    expect(within(node('岗位管理')).queryByText('护士')).toBeNull();
    expect(within(dialog).getByText('3 个菜单')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('顶部菜单：运维'));
    expect(await within(dialog).findByText('没有可见的菜单')).toBeTruthy();

    // Buttons by page, a button of both roles naming both.
    const buttons = await tab(dialog, '按钮');
    const row = within(buttons).getByText('post_view').closest('tr')!;
    expect(within(row).getByText('医生')).toBeTruthy();
    expect(within(row).getByText('护士')).toBeTruthy();
    expect(within(buttons).getByText('param_add')).toBeTruthy();

    // Data scopes: the resource named after its menu, limited, the rule's type in words and its role.
    const data = await tab(dialog, '数据权限');
    const users = within(data).getByRole('region', { name: '用户管理 (user)' });
    expect(within(users).getByText('受限：可见下列规则的并集')).toBeTruthy();
    const rule = within(users).getByText('本人创建的用户').closest('tr')!;
    expect(within(rule).getByText('本人可见')).toBeTruthy();
    expect(within(rule).getByText('医生')).toBeTruthy();

    // API scopes: every method when none is set.
    const api = await tab(dialog, '接口权限');
    const scope = within(api).getByText('/blade-system/param/**').closest('tr')!;
    expect(within(scope).getByText('全部')).toBeTruthy();
    expect(within(scope).getByText('护士')).toBeTruthy();
  });

  it('says when there is nothing, and who the administrators are', async () => {
    vi.mocked(effective).mockResolvedValue({ ...NOTHING, administrator: 'platform' });
    await openDialog();
    const dialog = await findDialog('查看权限：张三');
    expect(await within(dialog).findByText('未持有任何角色：没有菜单、按钮和接口权限')).toBeTruthy();
    expect(within(dialog).getByText(/^平台管理员：/)).toBeTruthy();
    expect(within(dialog).getByText('没有可见的菜单')).toBeTruthy();
    expect(within(await tab(dialog, '按钮')).getByText('没有按钮权限')).toBeTruthy();
    expect(within(await tab(dialog, '数据权限')).getByText(/^没有数据权限规则/)).toBeTruthy();
    expect(within(await tab(dialog, '接口权限')).getByText('没有接口权限')).toBeTruthy();
  });

  it('says when loading failed, and tries again', async () => {
    vi.mocked(effective).mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(RIGHTS);
    const onClose = vi.fn();
    await openDialog(onClose);
    const dialog = await findDialog('查看权限：张三');
    expect(await within(dialog).findByText('权限加载失败')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '重试' }));
    expect(await within(dialog).findByText('医生 (doctor)')).toBeTruthy();
    expect(effective).toHaveBeenCalledTimes(2);
    fireEvent.click(within(footer(dialog)).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    vi.mocked(effective).mockResolvedValue({ ...RIGHTS, administrator: 'tenant' });
    await openDialog();
    const dialog = await findDialog('Permissions of 张三');
    expect(await within(dialog).findByText(/^Tenant administrator:/)).toBeTruthy();
    expect(within(dialog).getByText('Whole menu (no top menu chosen)')).toBeTruthy();
    const data = await tab(dialog, 'Data scopes');
    expect(within(data).getByText('Limited: the rows of any rule below')).toBeTruthy();
    expect(within(data).getByText('Own')).toBeTruthy();
    expect(within(footer(dialog)).getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
