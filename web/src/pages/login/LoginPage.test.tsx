import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchCaptcha, loginBySocial, loginByUsername, type OAuthToken } from '../../api/auth';
import { RequestError } from '../../api/request';
import { changeLanguage } from '../../i18n';
import { hasSessionCookie, logoutLocal } from '../../app/session/session-store';
import { buttonName, clearBrowserState, renderApp } from '../../test/dom';
import { tokenAnswer } from '../../test/fixtures';
import type * as AuthModule from '../../api/auth';

vi.mock('../../api/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  fetchCaptcha: vi.fn(),
  loginByUsername: vi.fn(),
  loginBySocial: vi.fn(),
}));

let captchas: number;

beforeEach(() => {
  captchas = 0;
  vi.mocked(fetchCaptcha).mockImplementation(() => {
    captchas += 1;
    return Promise.resolve({ key: `key-${captchas}`, image: `data:image/svg+xml;base64,${captchas}` });
  });
});

afterEach(async () => {
  cleanup();
  await changeLanguage('zh');
  vi.mocked(loginByUsername).mockReset();
  vi.mocked(loginBySocial).mockReset();
  logoutLocal();
  clearBrowserState();
});

async function openLogin() {
  const view = renderApp('/login');
  await screen.findByAltText('验证码图片');
  return view;
}

function fill(values: { username?: string; password?: string; code?: string }) {
  if (values.username !== undefined)
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: values.username } });
  if (values.password !== undefined)
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: values.password } });
  if (values.code !== undefined)
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: values.code } });
}

const submitButton = () => screen.getByRole('button', { name: buttonName('登录') });

describe('sign-in page', () => {
  it('labels every field and shows the captcha large, with a button that fetches a new one', async () => {
    await openLogin();
    expect(screen.getByLabelText('账号').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('密码').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.queryByLabelText('租户编号')).toBeNull(); // tenant mode is off
    const image = screen.getByAltText('验证码图片') as HTMLImageElement;
    expect(image.src).toContain('base64,1');
    // Shown at its own size, 180×60 (issue 45: 120×40 was hard to read).
    expect([image.style.width, image.style.height]).toEqual(['180px', '60px']);

    const refresh = screen.getByRole('button', { name: '看不清？换一张验证码' });
    expect(refresh.getAttribute('title')).toBe('看不清？换一张验证码');
    fireEvent.click(refresh);
    await waitFor(() =>
      expect((screen.getByAltText('验证码图片') as HTMLImageElement).src).toContain('base64,2'),
    );
    await changeLanguage('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Hard to read? Show a new code' }));
    await waitFor(() =>
      expect((screen.getByAltText('Verification code image') as HTMLImageElement).src).toContain('base64,3'),
    );
  });

  it('asks for every field before calling the server', async () => {
    await openLogin();
    fireEvent.click(submitButton());
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();
    expect(loginByUsername).not.toHaveBeenCalled();
  });

  it('signs in with the default tenant and the captcha, then the guard leads home', async () => {
    vi.mocked(loginByUsername).mockResolvedValue(tokenAnswer());
    const { router } = await openLogin();
    fill({ username: ' admin ', password: 'admin', code: ' Ab3d ' });
    fireEvent.submit(screen.getByLabelText('验证码')); // Enter in a field

    await screen.findByRole('heading', { name: '你好，管理员' });
    expect(router.state.location.pathname).toBe('/wel/index');
    expect(loginByUsername).toHaveBeenCalledTimes(1);
    expect(loginByUsername).toHaveBeenCalledWith({
      tenantId: '000000',
      username: 'admin',
      password: 'admin', // hashed by the call itself (auth.test.ts)
      captcha: { key: 'key-1', code: 'Ab3d' },
    });
    expect(hasSessionCookie()).toBe(true);
  });

  it('spins the button while signing in and ignores a second submit', async () => {
    let answer: (token: OAuthToken) => void = () => undefined;
    vi.mocked(loginByUsername).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await openLogin();
    fill({ username: 'admin', password: 'admin', code: 'abcd' });
    fireEvent.click(submitButton());

    const busy = (await screen.findByText('登录中…')).closest('button');
    await waitFor(() => expect(busy?.className).toContain('ant-btn-loading'));
    fireEvent.submit(screen.getByLabelText('密码'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loginByUsername).toHaveBeenCalledTimes(1);
    answer(tokenAnswer());
    await screen.findByRole('heading', { name: '你好，管理员' });
  });

  it('shows the server’s reason inline, fetches a new captcha and keeps no session', async () => {
    vi.mocked(loginByUsername).mockRejectedValue(
      new RequestError('用户名或密码错误', 400, '用户名或密码错误'),
    );
    const { router } = await openLogin();
    fill({ username: 'admin', password: 'wrong', code: 'abcd' });
    fireEvent.click(submitButton());

    expect((await screen.findByRole('alert')).textContent).toBe('用户名或密码错误');
    await waitFor(() =>
      expect((screen.getByAltText('验证码图片') as HTMLImageElement).src).toContain('base64,2'),
    );
    expect((screen.getByLabelText('验证码') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('账号') as HTMLInputElement).value).toBe('admin');
    expect(router.state.location.pathname).toBe('/login');
    expect(hasSessionCookie()).toBe(false);
    expect(localStorage.getItem('saber-token')).toBeNull();

    // The next attempt uses the new captcha.
    vi.mocked(loginByUsername).mockResolvedValue(tokenAnswer());
    fill({ code: 'efgh' });
    fireEvent.click(submitButton());
    await screen.findByRole('heading', { name: '你好，管理员' });
    expect(vi.mocked(loginByUsername).mock.calls[1]?.[0].captcha).toEqual({ key: 'key-2', code: 'efgh' });
  });

  it('says the server cannot be reached when no answer came', async () => {
    vi.mocked(loginByUsername).mockRejectedValue(new Error('Network Error'));
    await openLogin();
    fill({ username: 'admin', password: 'admin', code: 'abcd' });
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('无法连接服务器，请稍后重试');
  });

  it('offers a retry when the captcha does not load', async () => {
    vi.mocked(fetchCaptcha).mockRejectedValueOnce(new Error('Network Error'));
    renderApp('/login');
    expect((await screen.findByRole('alert')).textContent).toBe('验证码加载失败，请点右侧按钮重试');
    fireEvent.click(screen.getByRole('button', { name: '看不清？换一张验证码' }));
    expect(await screen.findByAltText('验证码图片')).toBeTruthy();
  });
});

describe('return from a third-party sign-in', () => {
  const unlinked = tokenAnswer({
    access_token: '',
    refresh_token: '',
    user_id: '-1',
    user_name: 'octocat',
    oauth_id: '1987654321',
  });

  it('signs in with the code and state the provider sent back', async () => {
    vi.mocked(loginBySocial).mockResolvedValue(tokenAnswer());
    const { router } = renderApp('/login?source=github&code=c0de&state=st4te');
    await screen.findByRole('heading', { name: '你好，管理员' });
    expect(router.state.location.pathname).toBe('/wel/index');
    expect(loginBySocial).toHaveBeenCalledTimes(1);
    expect(loginBySocial).toHaveBeenCalledWith({
      tenantId: '000000',
      source: 'github',
      code: 'c0de',
      state: 'st4te',
    });
  });

  it('accepts BladeX’s /oauth/redirect/<source> return address', async () => {
    vi.mocked(loginBySocial).mockResolvedValue(tokenAnswer());
    renderApp('/oauth/redirect/gitee?code=c0de&state=st4te');
    await screen.findByRole('heading', { name: '你好，管理员' });
    expect(loginBySocial).toHaveBeenCalledWith({
      tenantId: '000000',
      source: 'gitee',
      code: 'c0de',
      state: 'st4te',
    });
  });

  it('offers registration for an identity without a local user, and keeps no session', async () => {
    vi.mocked(loginBySocial).mockResolvedValue(unlinked);
    const { router } = renderApp('/login?source=github&code=c0de&state=st4te');
    expect(await screen.findByRole('dialog', { name: '账号注册' })).toBeTruthy();
    expect((screen.getByLabelText('账号名称') as HTMLInputElement).value).toBe('octocat');
    // The code and state are spent: they leave the address.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/login');
    expect(hasSessionCookie()).toBe(false);
    expect(loginBySocial).toHaveBeenCalledTimes(1);
  });

  it('shows why the provider’s answer was refused', async () => {
    vi.mocked(loginBySocial).mockRejectedValue(new RequestError('第三方登录已失效', 400, '第三方登录已失效'));
    const { router } = renderApp('/login?source=github&code=c0de&state=used');
    expect(await screen.findByText('第三方登录已失效')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('第三方系统登录中，请稍候…')).toBeNull());
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
