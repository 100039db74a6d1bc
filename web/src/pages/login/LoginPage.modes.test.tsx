import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCaptcha, loginByUsername } from '../../api/auth';
import { logoutLocal } from '../../app/session/session-store';
import { buttonName, clearBrowserState, renderApp } from '../../test/dom';
import { tokenAnswer } from '../../test/fixtures';
import type * as AuthModule from '../../api/auth';
import type * as WebsiteModule from '../../config/website';

// The other configuration: tenant mode on, captcha mode off.
vi.mock('../../config/website', async (importOriginal) => {
  const { website } = await importOriginal<typeof WebsiteModule>();
  return { website: { ...website, tenantMode: true, captchaMode: false } };
});

vi.mock('../../api/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  fetchCaptcha: vi.fn(),
  loginByUsername: vi.fn(),
}));

afterEach(() => {
  cleanup();
  logoutLocal();
  clearBrowserState();
});

describe('sign-in page with tenant mode on and captcha mode off', () => {
  it('asks for the tenant id, shows no captcha and signs in with the password grant', async () => {
    vi.mocked(loginByUsername).mockResolvedValue(tokenAnswer({ tenant_id: '100001' }));
    renderApp('/login');
    const tenant = await screen.findByLabelText('租户编号');
    expect((tenant as HTMLInputElement).value).toBe('000000');
    expect(screen.queryByLabelText('验证码')).toBeNull();
    expect(fetchCaptcha).not.toHaveBeenCalled();

    fireEvent.change(tenant, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: buttonName('登录') }));
    expect(await screen.findByText('请输入租户编号')).toBeTruthy();

    fireEvent.change(tenant, { target: { value: '100001' } });
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: buttonName('登录') }));
    await screen.findByRole('heading', { name: '你好，管理员' });
    expect(loginByUsername).toHaveBeenCalledWith({
      tenantId: '100001',
      username: 'admin',
      password: 'admin',
      captcha: undefined,
    });
  });
});
