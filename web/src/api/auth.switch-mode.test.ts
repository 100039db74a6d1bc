import { describe, expect, it, vi } from 'vitest';
import { loginByUsername, refreshToken } from './auth';
import { post } from './request';
import type * as WebsiteModule from '../config/website';
import type * as RequestModule from './request';

// Switch mode is off in this console's configuration; here it is on (spec §6).
vi.mock('../config/website', async (importOriginal) => {
  const { website } = await importOriginal<typeof WebsiteModule>();
  return { website: { ...website, switchMode: true } };
});

vi.mock('./request', async (importOriginal) => ({
  ...(await importOriginal<typeof RequestModule>()),
  post: vi.fn(() => Promise.resolve({ access_token: 'a', refresh_token: 'r' })),
}));

describe('auth calls in switch mode', () => {
  it('send the department and role as Dept-Id and Role-Id at sign-in and refresh', async () => {
    await loginByUsername({
      tenantId: '000000',
      username: 'admin',
      password: 'admin',
      deptId: 'd1',
      roleId: 'r1',
    });
    await refreshToken('refresh', '000000', { deptId: 'd2', roleId: 'r2' });
    await refreshToken('refresh', '000000', {});
    const headers = vi.mocked(post).mock.calls.map(([, , options]) => options?.headers);
    expect(headers).toEqual([
      { 'Tenant-Id': '000000', 'Dept-Id': 'd1', 'Role-Id': 'r1' },
      { 'Tenant-Id': '000000', 'Dept-Id': 'd2', 'Role-Id': 'r2' },
      { 'Tenant-Id': '000000' },
    ]);
  });
});
