// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../../api/auth';
import { getToken, hasSessionCookie, logoutLocal, startSession } from '../../app/session/session-store';
import { changeLanguage } from '../../i18n';
import { buttonName, clearBrowserState, renderApp } from '../../test/dom';
import { tokenAnswer } from '../../test/fixtures';
import type * as AuthModule from '../../api/auth';

// The home page renders inside the whole shell, in jsdom's slow CSS engine.
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../api/system/menu', async () => (await import('../../test/menus')).menuApiMock());

vi.mock('../../api/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  fetchCaptcha: () => Promise.resolve({ key: 'k', image: 'data:image/svg+xml;base64,' }),
  logout: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(logout).mockResolvedValue(null);
  startSession(tokenAnswer());
});

afterEach(async () => {
  cleanup();
  logoutLocal();
  clearBrowserState();
  await changeLanguage('zh');
});

async function openHome() {
  const view = renderApp('/wel/index');
  await screen.findByRole('heading', { name: '你好，管理员' });
  return view;
}

/** Log out is in the user menu of the top bar: open it, choose the item. */
async function clickLogout() {
  fireEvent.click(screen.getByRole('button', { name: /^(用户菜单|User menu): 管理员$/ }));
  fireEvent.click(await screen.findByRole('menuitem', { name: /退出登录|Log out/ }));
}

describe('home page and logging out', () => {
  it('greets the user on a dashboard whose figures say they are demo content', async () => {
    await openHome();
    expect(screen.getByText('以下数字和公告为示例内容')).toBeTruthy();
    expect(screen.getByText('机器总数')).toBeTruthy();
    // The shortcuts lead to the user's own pages, from the menu.
    expect(await screen.findByRole('button', { name: /参数管理/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /个人信息/ })).toBeTruthy();
  });

  it('offers no switch of department and role while switch mode is off', async () => {
    await openHome();
    fireEvent.click(screen.getByRole('button', { name: '用户菜单: 管理员' }));
    expect(await screen.findByRole('menuitem', { name: /个人信息/ })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /切换部门/ })).toBeNull();
  });

  it('asks before logging out and stays signed in on cancel', async () => {
    const { router } = await openHome();
    await clickLogout();
    expect(await screen.findByText('退出系统, 是否继续?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: buttonName('取消') }));
    await waitFor(() => expect(screen.queryByText('退出系统, 是否继续?')).toBeNull());
    expect(router.state.location.pathname).toBe('/wel/index');
    expect(logout).not.toHaveBeenCalled();
    expect(getToken()).toBe('access-1');
  });

  it('asks in English when English is chosen', async () => {
    await changeLanguage('en');
    renderApp('/wel/index');
    await screen.findByRole('heading', { name: 'Hello, 管理员' });
    await clickLogout();
    expect(await screen.findByText('Exit the system, do you want to continue?')).toBeTruthy();
  });

  it('revokes the token on the server, then ends the local session and goes to /login', async () => {
    const { router } = await openHome();
    await clickLogout();
    fireEvent.click(await screen.findByRole('button', { name: buttonName('确定') }));
    await screen.findByLabelText('账号');
    expect(router.state.location.pathname).toBe('/login');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeUndefined();
    expect(hasSessionCookie()).toBe(false);
  });

  it('ends the local session even when the server cannot be told', async () => {
    vi.mocked(logout).mockRejectedValue(new Error('Network Error'));
    const { router } = await openHome();
    await clickLogout();
    fireEvent.click(await screen.findByRole('button', { name: buttonName('确定') }));
    await screen.findByLabelText('账号');
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeUndefined();
  });
});
