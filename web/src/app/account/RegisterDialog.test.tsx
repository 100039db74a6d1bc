import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { registerGuest } from '../../api/auth';
import { RequestError } from '../../api/request';
import { buttonName, clearBrowserState, renderApp } from '../../test/dom';
import { logoutLocal } from '../session/session-store';
import { RegisterDialog, type UnlinkedIdentity } from './RegisterDialog';
import { tenantPasswordPolicy } from '../../api/user';
import type * as AuthModule from '../../api/auth';

vi.mock('../../api/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  registerGuest: vi.fn(),
}));
// The typed tenant's policy (the public read): this tenant asks for 10 characters of 3 classes.
vi.mock('../../api/user', () => ({
  tenantPasswordPolicy: vi.fn(() => Promise.resolve({ minLength: 10, minClasses: 3, history: 5 })),
}));

// A third-party identity that no local user owns yet, as the social grant describes it.
const identity: UnlinkedIdentity = { tenant_id: '', user_name: 'wx_zhang', oauth_id: 'oauth-1' };
let onClose: Mock<() => void>;

beforeEach(() => {
  onClose = vi.fn<() => void>();
});

afterEach(() => {
  cleanup();
  vi.mocked(registerGuest).mockReset();
  logoutLocal();
  clearBrowserState();
});

function renderDialog() {
  return renderApp('/here', [
    { path: '/here', element: <RegisterDialog identity={identity} onClose={onClose} /> },
    { path: '/login', element: <p>sign-in page</p> },
  ]);
}

const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: buttonName('提交') }));

/** Waits for the field's error as a screen reader reaches it: invalid, described by the message. */
async function expectError(label: string, message: string): Promise<void> {
  await waitFor(() => {
    const input = field(label);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const ids = input.getAttribute('aria-describedby') ?? '';
    // The field's error, beside the password's hint when the field has one.
    const descriptions = ids.split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
    expect(descriptions).toContain(message);
  });
}

describe('third-party registration dialog', () => {
  it('is prefilled with the third-party account name', async () => {
    renderDialog();
    expect(await screen.findByRole('dialog', { name: '账号注册' })).toBeTruthy();
    expect((field('账号名称') as HTMLInputElement).value).toBe('wx_zhang');
    expect((field('用户姓名') as HTMLInputElement).value).toBe('wx_zhang');
  });

  it('checks the form in order, one message at a time, on the field concerned', async () => {
    renderDialog();
    await screen.findByRole('dialog');

    submit();
    await expectError('租户编号', '请先输入租户编号');

    type('租户编号', '000000');
    type('账号名称', '');
    submit();
    await expectError('账号名称', '请先输入账号名称');
    expect(field('租户编号').getAttribute('aria-invalid')).not.toBe('true');

    type('账号名称', 'zhang');
    submit();
    await expectError('账号密码', '请先输入密码');

    type('账号密码', 'Secret-pw1');
    submit();
    await expectError('确认密码', '请先输入密码');

    type('确认密码', 'Secret-pw2');
    submit();
    await expectError('确认密码', '两次密码输入不一致');
    expect(registerGuest).not.toHaveBeenCalled();
  });

  it('submits, tells the user to wait for approval, then goes to /login', async () => {
    vi.mocked(registerGuest).mockResolvedValue(null);
    const { router } = renderDialog();
    await screen.findByRole('dialog');
    type('租户编号', ' 000000 ');
    type('账号密码', 'Secret-pw1');
    type('确认密码', 'Secret-pw1');
    submit();

    const notice = (await screen.findByText('注册申请已提交,请耐心等待管理员通过!')).closest(
      '[role="dialog"]',
    );
    expect(notice?.querySelector('.ant-modal-title')?.textContent).toBe('注册提示');
    expect(registerGuest).toHaveBeenCalledWith(
      { tenantId: '000000', name: 'wx_zhang', account: 'wx_zhang', password: 'Secret-pw1' },
      'oauth-1',
    );

    expect(onClose).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: buttonName('确定') }));
    await screen.findByText('sign-in page');
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each([
    ['the server’s msg', new RequestError('账号已存在', 400, '账号已存在'), '账号已存在'],
    ['提交失败 without one', new RequestError('未知错误', 400, undefined), '提交失败'],
    ['提交失败 without an answer', new Error('Network Error'), '提交失败'],
  ])('shows %s when the submission fails', async (_case, failure, message) => {
    vi.mocked(registerGuest).mockRejectedValue(failure);
    renderDialog();
    await screen.findByRole('dialog');
    type('租户编号', '000000');
    type('账号密码', 'Secret-pw1');
    type('确认密码', 'Secret-pw1');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('dialog', { name: '账号注册' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("holds the password to the typed tenant's policy, saying what is missing, before hashing it", async () => {
    renderDialog();
    await screen.findByRole('dialog');
    type('租户编号', '123456');
    await screen.findByText('至少 10 个字符，包含小写字母、大写字母、数字、符号中至少 3 类');
    expect(tenantPasswordPolicy).toHaveBeenLastCalledWith('123456');
    type('账号密码', 'secret1');
    type('确认密码', 'secret1');
    submit();
    await expectError(
      '账号密码',
      '密码至少需要 10 个字符，现在只有 7 个；密码需要包含至少 3 类字符（现有 2 类），可加入：大写字母、符号',
    );
    expect(registerGuest).not.toHaveBeenCalled();
  });

  it('can be closed without registering', async () => {
    renderDialog();
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: buttonName('取消') }));
    expect(onClose).toHaveBeenCalled();
    expect(registerGuest).not.toHaveBeenCalled();
  });
});
