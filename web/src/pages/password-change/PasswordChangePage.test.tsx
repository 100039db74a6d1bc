import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../api/request';
import { passwordPolicy, updatePassword } from '../../api/user';
import { logoutLocal, startSession, useSession } from '../../app/session/session-store';
import { buttonName, clearBrowserState, renderApp } from '../../test/dom';
import { tokenAnswer } from '../../test/fixtures';
import type * as UserModule from '../../api/user';

// The home page renders inside the whole shell, in jsdom's slow CSS engine.
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../api/system/menu', async () => (await import('../../test/menus')).menuApiMock());
vi.mock('../../api/user', async (importOriginal) => ({
  ...(await importOriginal<typeof UserModule>()),
  passwordPolicy: vi.fn(),
  updatePassword: vi.fn(),
}));

beforeEach(() => {
  // A stricter policy than the defaults: the form holds the password to what the server answers.
  vi.mocked(passwordPolicy).mockResolvedValue({ minLength: 12, minClasses: 3, history: 5 });
  startSession(tokenAnswer({ password_change_required: true }));
});

afterEach(() => {
  cleanup();
  vi.mocked(passwordPolicy).mockReset();
  vi.mocked(updatePassword).mockReset();
  logoutLocal();
  clearBrowserState();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: buttonName('修改并继续') }));

/** Opens `path` as a session that must change its password, and waits for the change form. */
async function openAsRequired(path = '/wel/index') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: '请修改密码' });
  await screen.findByText('至少 12 个字符，包含小写字母、大写字母、数字、符号中至少 3 类');
  return view;
}

describe('the forced password change', () => {
  it('comes before anything else: any page of the console leads to it', async () => {
    for (const path of ['/wel/index', '/info/index', '/system/user']) {
      const { router } = await openAsRequired(path);
      expect(router.state.location.pathname).toBe('/password-change');
      cleanup();
    }
  });

  it("holds the new password to the tenant's policy as read, saying what is missing", async () => {
    await openAsRequired();
    type('当前密码', 'admin');
    type('新密码', 'Abcdefgh1');
    type('确认新密码', 'Abcdefgh1');
    submit();
    expect(await screen.findByText('密码至少需要 12 个字符，现在只有 9 个')).toBeTruthy();
    type('新密码', 'abcdefghijklm');
    type('确认新密码', 'abcdefghijklm');
    submit();
    expect(
      await screen.findByText('密码需要包含至少 3 类字符（现有 1 类），可加入：大写字母、数字、符号'),
    ).toBeTruthy();
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it('changes the password and carries on with the same session to the page asked for', async () => {
    vi.mocked(updatePassword).mockResolvedValue(true);
    const { router } = await openAsRequired('/info/index');
    type('当前密码', 'admin');
    type('新密码', 'Fleet-admin-12');
    type('确认新密码', 'Fleet-admin-12');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/info/index'));
    expect(updatePassword).toHaveBeenCalledWith(
      { oldPassword: 'admin', newPassword: 'Fleet-admin-12', newPassword1: 'Fleet-admin-12' },
      { quiet: true },
    );
    expect(useSession.getState().userInfo?.password_change_required).toBe(false);
    expect(useSession.getState().token).toBe('access-1');
  });

  it("shows the server's refusal (a common or recently used password) and stays", async () => {
    vi.mocked(updatePassword).mockRejectedValue(
      new RequestError('x', 400, '新密码不能与最近 5 次使用过的密码相同'),
    );
    const { router } = await openAsRequired();
    type('当前密码', 'admin');
    type('新密码', 'Fleet-admin-12');
    type('确认新密码', 'Fleet-admin-12');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('新密码不能与最近 5 次使用过的密码相同');
    expect(router.state.location.pathname).toBe('/password-change');
    expect(useSession.getState().userInfo?.password_change_required).toBe(true);
  });

  it('is not shown to a session that need not change its password', async () => {
    logoutLocal();
    startSession(tokenAnswer());
    const { router } = renderApp('/password-change');
    await screen.findByRole('heading', { name: '你好，管理员' });
    expect(router.state.location.pathname).toBe('/wel/index');
  });
});
