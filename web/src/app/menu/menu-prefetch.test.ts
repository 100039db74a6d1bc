import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttons, routes, topMenus } from '../../api/system/menu';
import { tokenAnswer } from '../../test/fixtures';
import { prefetchMenus } from './menu-prefetch';

vi.mock('../../api/system/menu', () => ({
  routes: vi.fn(() => Promise.resolve([])),
  topMenus: vi.fn(() => Promise.resolve([])),
  buttons: vi.fn(() => Promise.resolve([])),
}));

afterEach(() => vi.clearAllMocks());

const session = (password_change_required: boolean) => {
  const { access_token, refresh_token: _refresh, ...userInfo } = tokenAnswer({ password_change_required });
  return { token: access_token, userInfo };
};

describe('the menus asked for at sign-in', () => {
  it('are asked for at once for a signed-in user', () => {
    prefetchMenus(session(false));
    for (const call of [routes, topMenus, buttons]) expect(call).toHaveBeenCalledTimes(1);
  });

  it('are not asked for while the password must be changed (the server answers 403 until then)', () => {
    prefetchMenus(session(true));
    for (const call of [routes, topMenus, buttons]) expect(call).not.toHaveBeenCalled();
  });
});
