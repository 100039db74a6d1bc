import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../../api/auth';
import { isLocked, lockScreen, setLockPassword } from '../../app/session/lock-store';
import { getToken, logoutLocal, startSession } from '../../app/session/session-store';
import { LOCK_DELAY_MS } from '../../app/session/useLock';
import { buttonName, clearBrowserState, renderApp } from '../../test/dom';
import { tokenAnswer } from '../../test/fixtures';
import type * as AuthModule from '../../api/auth';

// The home page renders inside the whole shell, in jsdom's slow CSS engine.
vi.setConfig({ testTimeout: 60_000 });

// The shell around the home page loads the user's menus.
vi.mock('../../api/system/menu', async () => (await import('../../test/menus')).menuApiMock());

vi.mock('../../api/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  fetchCaptcha: () => Promise.resolve({ key: 'k', image: 'data:image/svg+xml;base64,' }),
  logout: vi.fn(() => Promise.resolve(null)),
}));

beforeEach(() => startSession(tokenAnswer()));

afterEach(() => {
  cleanup();
  logoutLocal();
  clearBrowserState();
});

async function openHome() {
  const view = renderApp('/wel/index');
  await screen.findByRole('heading', { name: '你好，管理员' });
  return view;
}

/** The top bar's lock icon. */
const lockButton = () => screen.getByRole('button', { name: '锁屏' });

describe('locking the screen', () => {
  it('asks for a lock password first, and refuses an empty one', async () => {
    await openHome();
    fireEvent.click(lockButton());
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('设置锁屏密码');
    fireEvent.click(within(dialog).getByRole('button', { name: buttonName('锁屏') }));
    expect(await screen.findByText('锁屏密码不能为空')).toBeTruthy();
    expect(isLocked()).toBe(false);
  });

  it('locks 100 ms after the password is set, on /lock, which shows the user', async () => {
    const { router } = await openHome();
    fireEvent.click(lockButton());
    fireEvent.change(await screen.findByLabelText('锁屏密码'), { target: { value: 'pw' } });
    const submitted = Date.now();
    fireEvent.submit(screen.getByLabelText('锁屏密码'));
    expect(isLocked()).toBe(false);

    await waitFor(() => expect(router.state.location.pathname).toBe('/lock'));
    expect(Date.now() - submitted).toBeGreaterThanOrEqual(LOCK_DELAY_MS - 5);
    expect(isLocked()).toBe(true);
    expect(JSON.parse(sessionStorage.getItem('saber-isLock') ?? '{}')).toMatchObject({ content: true });
    expect(await screen.findByText('屏幕已锁定')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '管理员' })).toBeTruthy();
  });

  it('does not ask again while a lock password is set', async () => {
    setLockPassword('pw');
    const { router } = await openHome();
    fireEvent.click(lockButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/lock'));
    expect(screen.queryByText('设置锁屏密码')).toBeNull();
  });
});

describe('the lock page', () => {
  async function openLocked() {
    setLockPassword('pw');
    lockScreen();
    const view = renderApp('/wel/index');
    await screen.findByText('屏幕已锁定');
    return view;
  }

  const unlockWith = (password: string) => {
    fireEvent.change(screen.getByLabelText('锁屏密码'), { target: { value: password } });
    fireEvent.click(screen.getByRole('button', { name: buttonName('解锁') }));
  };

  it('keeps the user there whatever they open', async () => {
    const { router } = await openLocked();
    await act(() => router.navigate('/wel/index'));
    expect(router.state.location.pathname).toBe('/lock');
  });

  it('refuses a wrong password', async () => {
    const { router } = await openLocked();
    unlockWith('wrong');
    expect(await screen.findByText('解锁密码错误，请重新输入')).toBeTruthy();
    expect((screen.getByLabelText('锁屏密码') as HTMLInputElement).value).toBe('');
    expect(isLocked()).toBe(true);
    expect(router.state.location.pathname).toBe('/lock');
  });

  it('unlocks with the right password, back to the page the lock interrupted', async () => {
    const { router } = await openLocked();
    unlockWith('pw');
    await screen.findByRole('heading', { name: '你好，管理员' });
    expect(router.state.location.pathname).toBe('/wel/index');
    expect(isLocked()).toBe(false);
    expect(sessionStorage.getItem('saber-isLock')).toBeNull();
  });

  it('offers logging out, which ends the lock with the session', async () => {
    const { router } = await openLocked();
    fireEvent.click(screen.getByRole('button', { name: /退出登录/ }));
    expect(await screen.findByText('退出系统, 是否继续?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: buttonName('确定') }));
    await screen.findByLabelText('账号');
    expect(router.state.location.pathname).toBe('/login');
    expect(logout).toHaveBeenCalled();
    expect(getToken()).toBeUndefined();
    expect(isLocked()).toBe(false);
  });

  it('leads away when nothing is locked', async () => {
    const { router } = renderApp('/lock');
    await screen.findByRole('heading', { name: '你好，管理员' });
    expect(router.state.location.pathname).toBe('/wel/index');
  });
});
