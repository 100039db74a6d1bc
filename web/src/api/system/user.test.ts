import type { UserInput } from '@console/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { md5 } from '../../utils/md5';
import { post } from '../request';
import { grant, submit } from './user';

vi.mock('../request', () => ({ get: vi.fn(), post: vi.fn(() => Promise.resolve(true)) }));

afterEach(() => vi.clearAllMocks());

const input: UserInput = {
  account: 'zhang',
  roleId: '1',
  deptId: '2',
  password: 'secret',
  password2: 'secret',
};

describe('user page calls', () => {
  it('sends only the MD5 digests of new passwords, and no password with an update', async () => {
    await submit(input);
    expect(post).toHaveBeenCalledWith('/api/blade-user/submit', {
      ...input,
      password: md5('secret'),
      password2: md5('secret'),
    });
    await submit({ ...input, id: '9' });
    expect(post).toHaveBeenLastCalledWith('/api/blade-user/update', {
      id: '9',
      account: 'zhang',
      roleId: '1',
      deptId: '2',
    });
  });

  it('grants with comma-joined ids as query parameters', async () => {
    await grant(['1', '2'], ['3']);
    expect(post).toHaveBeenCalledWith('/api/blade-user/grant', undefined, {
      params: { userIds: '1,2', roleIds: '3' },
    });
  });
});
