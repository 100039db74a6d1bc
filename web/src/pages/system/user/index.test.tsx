import type { User } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as userApi from '../../../api/system/user';
import { buttonName } from '../../../test/dom';
import { auditColumns, onePage, treeNode } from '../../../test/fixtures';
import { findDialog, grantOnly, renderPageAt, resetPageTest, toolbar } from '../../../test/page-test-kit';
import UserPage from '.';

// A whole antd table page in jsdom: several seconds a test, more while other suites run.
vi.setConfig({ testTimeout: 120_000 });

const user = (id: string, account: string, roleId: string): User => ({
  id,
  tenantId: '000000',
  code: null,
  userType: 1,
  account,
  name: null,
  realName: account.toUpperCase(),
  avatar: null,
  email: null,
  phone: null,
  birthday: null,
  sex: null,
  roleId,
  deptId: '10',
  postId: null,
  isLocked: 0,
  passwordChangeRequired: 0,
  roleName: '医生',
  deptName: '内科',
  postName: '',
  lockedUntil: null,
  ...auditColumns,
});

vi.mock('../../../api/system/user', () => ({
  list: vi.fn(() => Promise.resolve(onePage(user('1', 'zhang', '100'), user('2', 'li', '100,101')))),
  detail: vi.fn(),
  submit: vi.fn(() => Promise.resolve(true)),
  remove: vi.fn(() => Promise.resolve(true)),
  grant: vi.fn(() => Promise.resolve(true)),
  resetPassword: vi.fn(() => Promise.resolve([{ userId: '2', account: 'li', password: 'Kq7mZp3xWv9tRb' }])),
  unlock: vi.fn(() => Promise.resolve(true)),
  auditPass: vi.fn(() => Promise.resolve(true)),
  platformDetail: vi.fn(),
  updatePlatform: vi.fn(() => Promise.resolve(true)),
}));
vi.mock('../../../api/system/dept', () => ({
  tree: vi.fn(() =>
    Promise.resolve([treeNode('10', '内科', [treeNode('11', '心内科')]), treeNode('20', '外科')]),
  ),
}));
vi.mock('../../../api/system/role', () => ({
  tree: vi.fn(() =>
    Promise.resolve([treeNode('100', '医生', [treeNode('101', '主任医师')]), treeNode('102', '护士')]),
  ),
}));
vi.mock('../../../api/system/post', () => ({ select: vi.fn(() => Promise.resolve([])) }));
vi.mock('../../../api/system/dict', () => ({ dictionary: vi.fn(() => Promise.resolve([])) }));
// The administrator's tenant's password policy: 10 characters of 3 classes.
vi.mock('../../../api/user', () => ({
  passwordPolicy: vi.fn(() => Promise.resolve({ minLength: 10, minClasses: 3, history: 5 })),
}));

const ALL_BUTTONS = ['user_add', 'user_edit', 'user_delete', 'user_view', 'user_role', 'user_reset'];

beforeEach(() => grantOnly(...ALL_BUTTONS));

afterEach(resetPageTest);

const openPage = () =>
  renderPageAt('/system/user/index', <UserPage />, { title: '用户管理', showing: 'zhang' });

/** A node of the role tree (jsdom cannot name it: its checkbox is labelled by the node itself). */
const role = async (dialog: HTMLElement, name: string) =>
  (await within(dialog).findByText(name)).closest<HTMLElement>('[role="treeitem"]')!;
const checkboxOf = (item: HTMLElement) => item.querySelector<HTMLElement>('[role="checkbox"]')!;
const errors = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll('.ant-form-item-explain-error')].map((error) => error.textContent);
const lastFilters = () => vi.mocked(userApi.list).mock.lastCall?.[2];

describe('users page', () => {
  it('lists the users of a department picked in the tree, and all again on 全部部门', async () => {
    await openPage();
    expect(lastFilters()).toEqual({});
    const filter = screen.getByRole('region', { name: '部门筛选' });
    fireEvent.click(await within(filter).findByText('心内科'));
    await waitFor(() => expect(lastFilters()).toEqual({ deptId: '11' }));

    // Picking the chosen department again clears the filter; so does 全部部门.
    fireEvent.click(within(filter).getByText('内科'));
    await waitFor(() => expect(lastFilters()).toEqual({ deptId: '10' }));
    fireEvent.click(within(filter).getByText('内科'));
    await waitFor(() => expect(lastFilters()).toEqual({}));
    fireEvent.click(within(filter).getByText('外科'));
    await waitFor(() => expect(lastFilters()).toEqual({ deptId: '20' }));
    fireEvent.click(within(filter).getByRole('button', { name: '全部部门' }));
    await waitFor(() => expect(lastFilters()).toEqual({}));
  });

  it('asks for the password twice when adding, and refuses a confirmation that differs', async () => {
    const page = await openPage();
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '新增' }));
    const dialog = await findDialog('新增');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(errors(dialog)).toEqual([
        '请输入登录账号',
        '请输入密码',
        '请再次输入密码',
        '请选择所属角色',
        '请选择所属部门',
      ]),
    );

    fireEvent.change(within(dialog).getByLabelText('密码'), { target: { value: 'secret-1' } });
    fireEvent.change(within(dialog).getByLabelText('确认密码'), { target: { value: 'secret-2' } });
    fireEvent.change(within(dialog).getByLabelText('手机号码'), { target: { value: '1380000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(errors(dialog)).toContain('两次输入密码不一致!'));
    expect(errors(dialog)).toContain('手机号码长度不为11位');
    expect(userApi.submit).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('确认密码'), { target: { value: 'secret-1' } });
    await waitFor(() => expect(errors(dialog)).not.toContain('两次输入密码不一致!'));

    // Editing shows no password field at all.
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    vi.mocked(userApi.detail).mockResolvedValue(user('1', 'zhang', '100'));
    fireEvent.click(within(page).getAllByRole('button', { name: '编辑' })[0]!);
    const edit = await findDialog('编辑');
    await within(edit).findByDisplayValue('zhang');
    expect(within(edit).queryByLabelText('密码')).toBeNull();
    expect(within(edit).queryByLabelText('确认密码')).toBeNull();
  });

  it("holds the password an administrator chooses to the tenant's policy; the user changes it at first sign-in by default", async () => {
    const page = await openPage();
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '新增' }));
    const dialog = await findDialog('新增');
    fireEvent.change(within(dialog).getByLabelText('登录账号'), { target: { value: 'wang' } });
    fireEvent.change(within(dialog).getByLabelText('密码'), { target: { value: 'secret-pw' } });
    fireEvent.change(within(dialog).getByLabelText('确认密码'), { target: { value: 'secret-pw' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(errors(dialog)).toContain(
        '密码至少需要 10 个字符，现在只有 9 个；密码需要包含至少 3 类字符（现有 2 类），可加入：大写字母、数字',
      ),
    );
    expect(userApi.submit).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('密码'), { target: { value: 'Secret-pw-1' } });
    await waitFor(() => expect(errors(dialog).some((e) => e?.startsWith('密码至少'))).toBe(false));
    // 首次登录修改密码 starts at 是.
    const change = within(dialog).getByRole('radiogroup', { name: '首次登录修改密码' });
    expect(within(change).getByRole('radio', { name: '是' })).toHaveProperty('checked', true);
  });

  it('grants roles to the selected users, and resets their passwords after asking', async () => {
    const page = await openPage();
    // Nothing selected: the spec's warning, no dialog.
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '角色配置' }));
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();

    fireEvent.click(within(page).getByRole('checkbox', { name: '选择 li' }));
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '角色配置' }));
    const dialog = await findDialog('用户角色配置');
    // One user: its roles start checked, each on its own (checkStrictly).
    expect((await role(dialog, '医生')).getAttribute('aria-checked')).toBe('true');
    expect((await role(dialog, '主任医师')).getAttribute('aria-checked')).toBe('true');
    expect((await role(dialog, '护士')).getAttribute('aria-checked')).toBe('false');
    fireEvent.click(checkboxOf(await role(dialog, '医生')));
    fireEvent.click(checkboxOf(await role(dialog, '主任医师')));
    fireEvent.click(within(dialog).getByRole('button', { name: buttonName('确定') }));
    expect(await within(dialog).findByText('请选择角色')).toBeTruthy();
    expect(userApi.grant).not.toHaveBeenCalled();

    fireEvent.click(checkboxOf(await role(dialog, '护士')));
    fireEvent.click(within(dialog).getByRole('button', { name: buttonName('确定') }));
    await waitFor(() => expect(userApi.grant).toHaveBeenCalledWith(['2'], ['102']));
    expect(await screen.findByText('操作成功!')).toBeTruthy();

    // Reset: asks first; confirming resets, says so, and shows each new password once to copy.
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '密码重置' }));
    expect(await screen.findByText('确定重置选择账号的密码? 每个账号将获得一个新的随机密码')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(userApi.resetPassword).toHaveBeenCalledWith(['2']));
    expect(await screen.findByText('密码重置成功')).toBeTruthy();
    const shown = await findDialog('新密码');
    expect(within(shown).getByText('Kq7mZp3xWv9tRb')).toBeTruthy();
    expect(within(shown).getByText('li')).toBeTruthy();
    expect(within(shown).getByRole('button', { name: /复制|copy/i })).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: buttonName('我已记下') }));
    await waitFor(() => expect(screen.queryByText('Kq7mZp3xWv9tRb')).toBeNull());
  });

  it('tags a user locked by failed sign-ins as 已锁定, saying until when', async () => {
    vi.mocked(userApi.list).mockResolvedValueOnce(
      onePage(user('1', 'zhang', '100'), {
        ...user('2', 'li', '100'),
        isLocked: 1,
        lockedUntil: '2026-12-06 14:05:00',
      }),
    );
    const page = await openPage();
    const rowOf = (name: string) => within(page).getByText(name).closest<HTMLElement>('tr')!;
    const tag = within(rowOf('li')).getByText('已锁定');
    expect(tag.closest('[title]')?.getAttribute('title')).toBe(
      '登录失败次数过多，锁定至 2026-12-06 14:05:00',
    );
    expect(within(rowOf('zhang')).queryByText('已锁定')).toBeNull();
  });

  it('sets a user’s platform: OK waits for the settings as they are, then saves the changed ones', async () => {
    grantOnly(...ALL_BUTTONS, 'user_platform');
    let answer!: (platform: { userType: number; userExt: string | null }) => void;
    vi.mocked(userApi.platformDetail).mockReturnValue(new Promise((resolve) => (answer = resolve)) as never);
    const page = await openPage();
    const row = within(page).getByText('li').closest<HTMLElement>('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: buttonName('平台配置') }));
    const dialog = await findDialog('用户平台配置 · li');
    // The dialog is drawn anew once the settings are there: its OK button is looked up each time.
    const ok = () => within(dialog).getByRole('button', { name: '保存' });
    expect(ok().hasAttribute('disabled')).toBe(true);

    answer({ userType: 1, userExt: '{"device":"pc"}' });
    const ext = await within(dialog).findByLabelText('平台扩展参数');
    expect((ext as HTMLTextAreaElement).value).toBe('{"device":"pc"}');
    await waitFor(() => expect(ok().hasAttribute('disabled')).toBe(false));
    fireEvent.change(ext, { target: { value: '  {"device":"pad"}  ' } });
    fireEvent.click(ok());
    await waitFor(() => expect(userApi.updatePlatform).toHaveBeenCalledWith('2', 1, '{"device":"pad"}'));
  });

  it('shows each extra button only with its code', async () => {
    grantOnly('user_view');
    const page = await openPage();
    for (const name of ['角色配置', '密码重置', '账号解封', '审核通过', '平台配置', '新增'])
      expect(within(page).queryByRole('button', { name })).toBeNull();
  });
});
