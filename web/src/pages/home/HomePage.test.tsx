// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../../api/auth';
import { getToken, hasSessionCookie, logoutLocal, startSession } from '../../app/session/session-store';
import { changeLanguage } from '../../i18n';
import { buttonName, clearBrowserState, renderApp } from '../../test/dom';
import { tokenAnswer } from '../../test/fixtures';
import type * as AuthModule from '../../api/auth';

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

const logoutButton = () => screen.getByRole('button', { name: /退出登录|Log out/ });

describe('home page and logging out', () => {
  it('says honestly what this build’s home page is', async () => {
    await openHome();
    expect(screen.getByText(/这是本版本的首页/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /切换部门/ })).toBeNull(); // switch mode is off
  });

  it('asks before logging out and stays signed in on cancel', async () => {
    const { router } = await openHome();
    fireEvent.click(logoutButton());
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
    fireEvent.click(logoutButton());
    expect(await screen.findByText('Exit the system, do you want to continue?')).toBeTruthy();
  });

  it('revokes the token on the server, then ends the local session and goes to /login', async () => {
    const { router } = await openHome();
    fireEvent.click(logoutButton());
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
    fireEvent.click(logoutButton());
    fireEvent.click(await screen.findByRole('button', { name: buttonName('确定') }));
    await screen.findByLabelText('账号');
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeUndefined();
  });
});
