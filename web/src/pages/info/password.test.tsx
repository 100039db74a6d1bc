import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { info, passwordPolicy, updatePassword } from '../../api/user';
import { logoutLocal, startSession } from '../../app/session/session-store';
import { buttonName, clearBrowserState, renderApp } from '../../test/dom';
import { tokenAnswer } from '../../test/fixtures';
import type * as UserModule from '../../api/user';

// The personal info page renders inside the whole shell, in jsdom's slow CSS engine.
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../api/system/menu', async () => (await import('../../test/menus')).menuApiMock());
vi.mock('../../api/user', async (importOriginal) => ({
  ...(await importOriginal<typeof UserModule>()),
  info: vi.fn(),
  passwordPolicy: vi.fn(),
  updatePassword: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(info).mockResolvedValue({ realName: '管理员', phone: '13800138000' } as Awaited<
    ReturnType<typeof info>
  >);
  vi.mocked(passwordPolicy).mockResolvedValue({ minLength: 12, minClasses: 3, history: 5 });
  startSession(tokenAnswer());
});

afterEach(() => {
  cleanup();
  vi.mocked(info).mockReset();
  vi.mocked(passwordPolicy).mockReset();
  vi.mocked(updatePassword).mockReset();
  logoutLocal();
  clearBrowserState();
});

const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/** The password tab's form (the info tab has a save button too). */
const passwordForm = () => document.getElementById('change-password')!;
const submit = () =>
  fireEvent.click(within(passwordForm()).getByRole('button', { name: buttonName('保存') }));

/** Opens personal info's password tab and waits for the tenant's policy under the new password. */
async function openPasswordTab() {
  renderApp('/info/index');
  fireEvent.click(await screen.findByRole('tab', { name: '修改密码' }));
  await screen.findByText('至少 12 个字符，包含小写字母、大写字母、数字、符号中至少 3 类');
}

describe("personal info's password change", () => {
  it('labels its three fields in its own words, for password managers too', async () => {
    await openPasswordTab();
    expect(field('原密码').getAttribute('autocomplete')).toBe('current-password');
    expect(field('新密码').getAttribute('autocomplete')).toBe('new-password');
    expect(field('确认密码').getAttribute('autocomplete')).toBe('new-password');
  });

  it('asks for every field, then holds the new password to the policy and to its confirmation', async () => {
    await openPasswordTab();
    submit();
    expect(await screen.findByText('请输入原密码')).toBeTruthy();
    expect(screen.getByText('请输入新密码')).toBeTruthy();
    expect(screen.getByText('请再次输入新密码')).toBeTruthy();
    type('原密码', 'admin');
    type('新密码', 'Abcdefgh1');
    type('确认密码', 'Abcdefgh2');
    submit();
    expect(await screen.findByText('密码至少需要 12 个字符，现在只有 9 个')).toBeTruthy();
    expect(screen.getByText('两次密码输入不一致')).toBeTruthy();
    expect(updatePassword).not.toHaveBeenCalled();
  });

  it('hands the typed passwords to the api (which hashes them) and empties the form once changed', async () => {
    vi.mocked(updatePassword).mockResolvedValue(true);
    await openPasswordTab();
    type('原密码', 'admin');
    type('新密码', 'Fleet-admin-12');
    type('确认密码', 'Fleet-admin-12');
    submit();
    await waitFor(() =>
      expect(updatePassword).toHaveBeenCalledWith({
        oldPassword: 'admin',
        newPassword: 'Fleet-admin-12',
        newPassword1: 'Fleet-admin-12',
      }),
    );
    await waitFor(() => expect((field('原密码') as HTMLInputElement).value).toBe(''));
  });
});
