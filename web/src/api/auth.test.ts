import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fetchCaptcha,
  isUnlinked,
  loginBySocial,
  loginByUsername,
  logout,
  refreshToken,
  registerGuest,
} from './auth';
import { get, post, RequestError } from './request';
import type * as RequestModule from './request';

// What each call hands to the request layer (whose own rules request.test.ts covers).
vi.mock('./request', async (importOriginal) => ({
  ...(await importOriginal<typeof RequestModule>()),
  get: vi.fn(),
  post: vi.fn(),
}));

afterEach(() => vi.mocked(post).mockReset());

const ADMIN_MD5 = '21232f297a57a5a743894a0e4a801fc3';

describe('auth calls', () => {
  it('fetches the captcha raw, quietly and without a token', async () => {
    vi.mocked(get).mockResolvedValue({ key: 'k', image: 'data:' });
    await expect(fetchCaptcha()).resolves.toEqual({ key: 'k', image: 'data:' });
    expect(get).toHaveBeenCalledWith('/api/blade-auth/oauth/captcha', undefined, {
      raw: true,
      authToken: false,
      quiet: true,
    });
  });

  it('signs in with the captcha grant: MD5 of the password in the query, tenant and captcha in headers', async () => {
    vi.mocked(post).mockResolvedValue({ access_token: 'a', refresh_token: 'r' });
    await loginByUsername({
      tenantId: '000000',
      username: 'admin',
      password: 'admin',
      captcha: { key: 'key-1', code: 'ab12' },
    });
    expect(post).toHaveBeenCalledWith('/api/blade-auth/oauth/token', undefined, {
      params: {
        tenantId: '000000',
        username: 'admin',
        password: ADMIN_MD5,
        grant_type: 'captcha',
        scope: 'all',
        type: 'account',
      },
      headers: { 'Tenant-Id': '000000', 'Captcha-Key': 'key-1', 'Captcha-Code': 'ab12' },
      raw: true,
      authToken: false,
      quiet: true,
    });
  });

  it('signs in with the password grant when there is no captcha; no dept or role outside switch mode', async () => {
    vi.mocked(post).mockResolvedValue({ access_token: 'a', refresh_token: 'r' });
    await loginByUsername({
      tenantId: '000000',
      username: 'admin',
      password: 'admin',
      deptId: 'd',
      roleId: 'r',
    });
    const [, , options] = vi.mocked(post).mock.calls[0]!;
    expect(options?.params).toMatchObject({ grant_type: 'password', password: ADMIN_MD5 });
    expect(options?.headers).toEqual({ 'Tenant-Id': '000000' });
  });

  it('refreshes with the refresh-token grant', async () => {
    vi.mocked(post).mockResolvedValue({ access_token: 'a2', refresh_token: 'r2' });
    await expect(refreshToken('r1', '000000')).resolves.toMatchObject({ access_token: 'a2' });
    expect(post).toHaveBeenCalledWith('/api/blade-auth/oauth/token', undefined, {
      params: { grant_type: 'refresh_token', refresh_token: 'r1', scope: 'all', tenantId: '000000' },
      headers: { 'Tenant-Id': '000000' },
      raw: true,
      authToken: false,
      quiet: true,
    });
  });

  it('rejects a 200 answer without an access token, with its error_description', async () => {
    vi.mocked(post).mockResolvedValue({ error_description: '用户名或密码错误' });
    const failure = loginByUsername({ tenantId: '000000', username: 'admin', password: 'x' });
    await expect(failure).rejects.toBeInstanceOf(RequestError);
    await expect(failure).rejects.toMatchObject({ message: '用户名或密码错误' });
  });

  it('finishes a third-party sign-in with the social grant', async () => {
    vi.mocked(post).mockResolvedValue({ access_token: 'a', refresh_token: 'r' });
    await loginBySocial({ tenantId: '000000', source: 'github', code: 'c', state: 's' });
    expect(post).toHaveBeenCalledWith('/api/blade-auth/oauth/token', undefined, {
      params: {
        tenantId: '000000',
        source: 'github',
        code: 'c',
        state: 's',
        grant_type: 'social',
        scope: 'all',
      },
      headers: { 'Tenant-Id': '000000' },
      raw: true,
      authToken: false,
      quiet: true,
    });
  });

  it('answers an identity without a local user as it is, tokens empty', async () => {
    const unlinked = {
      access_token: '',
      refresh_token: '',
      user_id: '-1',
      oauth_id: '42',
      user_name: 'octocat',
    };
    vi.mocked(post).mockResolvedValue(unlinked);
    await expect(
      loginBySocial({ tenantId: '000000', source: 'github', code: 'c', state: 's' }),
    ).resolves.toBe(unlinked);
    expect(isUnlinked(unlinked)).toBe(true);
    expect(isUnlinked({ user_id: '-1', oauth_id: '' })).toBe(false);
    expect(isUnlinked({ user_id: '1', oauth_id: '42' })).toBe(false);
  });

  it('logs out with the token, quietly', async () => {
    vi.mocked(get).mockResolvedValue(null);
    await logout();
    expect(get).toHaveBeenCalledWith('/api/blade-auth/oauth/logout', undefined, { quiet: true });
  });

  it('registers a guest with the MD5 of the password and the oauth id', async () => {
    vi.mocked(post).mockResolvedValue(null);
    await registerGuest(
      { tenantId: '000000', name: '张三', account: 'zhangsan', password: 'admin' },
      'oauth-1',
    );
    expect(post).toHaveBeenCalledWith('/api/blade-user/register-guest', undefined, {
      params: {
        tenantId: '000000',
        name: '张三',
        account: 'zhangsan',
        password: ADMIN_MD5,
        oauthId: 'oauth-1',
      },
      quiet: true,
    });
  });
});
