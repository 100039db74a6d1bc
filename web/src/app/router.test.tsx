import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
import { clearBrowserState, renderApp } from '../test/dom';
import { tokenAnswer } from '../test/fixtures';
import { lockScreen, setLockPassword } from './session/lock-store';
import { hasSessionCookie, logoutLocal, startSession, useSession } from './session/session-store';
import type * as AuthModule from '../api/auth';

// The shell loads the user's menus: here a small sample (test/menus.ts).
vi.mock('../api/system/menu', async () => (await import('../test/menus')).menuApiMock());

// The sign-in page fetches a captcha when it opens; here it comes without a server.
vi.mock('../api/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  fetchCaptcha: () => Promise.resolve({ key: 'k', image: 'data:image/svg+xml;base64,' }),
}));

afterEach(async () => {
  cleanup();
  logoutLocal();
  clearBrowserState();
  await changeLanguage('zh');
});

describe('routes and the navigation guard', () => {
  it('sends a visitor without a session from / to the sign-in page', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByLabelText('账号')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(document.title).toBe('登录 - 后台管理系统'));
  });

  it('sends a visitor without a session from a protected page to the sign-in page', async () => {
    const { router } = renderApp('/wel/index');
    await screen.findByLabelText('账号');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends an unknown path to sign-in without a session, and to the 404 page once signed in', async () => {
    // Without a session the menu is unknown: any address may be a page of it.
    const { router } = renderApp('/nowhere');
    await screen.findByLabelText('账号');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fnowhere');

    startSession(tokenAnswer());
    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
    expect(document.title).toBe('页面不存在 - 后台管理系统');
  });

  it('leads a signed-out deep link to sign-in, and back to the page once signed in', async () => {
    const { router } = renderApp('/system/param/index?x=1');
    await screen.findByLabelText('账号');
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/system/param/index?x=1');

    startSession(tokenAnswer());
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/param/index'));
    expect(router.state.location.search).toBe('?x=1');
  });

  it('ignores a redirect to another site after sign-in', async () => {
    for (const redirect of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      startSession(tokenAnswer());
      const { router } = renderApp(`/login?${new URLSearchParams({ redirect }).toString()}`);
      expect(await screen.findByRole('heading', { name: '你好，管理员' })).toBeTruthy();
      expect(router.state.location.pathname, redirect).toBe('/wel/index');
      cleanup();
      logoutLocal();
    }
  });

  it('opens the error pages without a session', async () => {
    renderApp('/403');
    expect(await screen.findByText('抱歉，您无权访问此页面。')).toBeTruthy();
    cleanup();
    renderApp('/500');
    expect(await screen.findByText('抱歉，服务器出错了。')).toBeTruthy();
  });

  it('leads / to the home page, which greets the signed-in user', async () => {
    startSession(tokenAnswer());
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: '你好，管理员' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/wel/index');
    // Inside the shell: the top bar's lock icon and user menu, the sidebar's menu.
    expect(screen.getByRole('button', { name: '锁屏' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '用户菜单: 管理员' })).toBeTruthy();
    expect(await screen.findByRole('navigation', { name: '主菜单' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('首页 - 后台管理系统'));
  });

  it('opens a menu page at its path plus /index, and says when its page is not built yet', async () => {
    startSession(tokenAnswer());
    const { router } = renderApp('/tool/sandbox/index');
    expect(await screen.findByText('页面暂未开放')).toBeTruthy();
    expect(screen.getByText('“示例工具”的页面还在建设中，之后的版本会提供。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tool/sandbox/index');
    await waitFor(() => expect(document.title).toBe('示例工具 - 后台管理系统'));
  });

  it('opens a menu path typed without /index (the path the menu answers) at its page, query kept', async () => {
    startSession(tokenAnswer());
    for (const path of ['/tool/sandbox', '/tool/sandbox/']) {
      const { router } = renderApp(`${path}?from=bookmark`);
      expect(await screen.findByText('页面暂未开放')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/tool/sandbox/index');
      expect(router.state.location.search).toBe('?from=bookmark');
      cleanup();
    }
  });

  it('opens the message center for every signed-in user, outside the menu', async () => {
    startSession(tokenAnswer());
    const { router } = renderApp('/desk/message/index');
    expect(await screen.findByRole('region', { name: '消息中心' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/desk/message/index');
    await waitFor(() => expect(document.title).toBe('消息中心 - 后台管理系统'));
  });

  it('sends a path outside the menu, with or without /index, to 404', async () => {
    startSession(tokenAnswer());
    for (const path of ['/system/dept/index', '/system/dept', '/tool']) {
      const { router } = renderApp(path);
      expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/404');
      cleanup();
    }
  });

  it('sends a signed-in user from /login to the home page', async () => {
    startSession(tokenAnswer());
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: '你好，管理员' });
    expect(router.state.location.pathname).toBe('/wel/index');
  });

  it('logs out locally and goes to /login when the cookie is there but the stored token is not', async () => {
    startSession(tokenAnswer());
    localStorage.removeItem('saber-token');
    useSession.setState({ token: undefined });
    const { router } = renderApp('/wel/index');
    await screen.findByLabelText('账号');
    expect(router.state.location.pathname).toBe('/login');
    expect(hasSessionCookie()).toBe(false);
    expect(localStorage.getItem('saber-userInfo')).toBeNull();
  });

  it('keeps a locked user on /lock, whatever they open', async () => {
    startSession(tokenAnswer());
    setLockPassword('secret');
    lockScreen();
    for (const path of ['/wel/index', '/login', '/404']) {
      const { router } = renderApp(path);
      expect(await screen.findByText('屏幕已锁定')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/lock');
      cleanup();
    }
  });

  it('takes the error page’s back-home button to the home path', async () => {
    const { router } = renderApp('/404');
    fireEvent.click(await screen.findByRole('button', { name: '返回首页' }));
    // Home needs a session, so without one the guard continues to the sign-in page.
    await screen.findByLabelText('账号');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('switches texts, the document title and the page language with the language switch', async () => {
    renderApp('/login');
    await screen.findByLabelText('账号');
    fireEvent.click(screen.getByText('English'));
    expect(await screen.findByLabelText('Account')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(document.title).toBe('Sign in - Admin Console');
    expect(document.documentElement.lang).toBe('en-US');
    expect(JSON.parse(localStorage.getItem('saber-language') ?? '{}')).toMatchObject({ content: 'en' });
  });
});
