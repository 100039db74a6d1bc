// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
// Not `react-router/dom` as in main.tsx: under vitest that entry loads a second copy of react-router
// (ESM beside the app's CommonJS), whose router context the app's hooks cannot see.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n';
import { AppProviders } from './AppProviders';
import { routes } from './router';
import { useSession } from './session/session-store';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

afterEach(async () => {
  cleanup();
  useSession.setState({ token: undefined });
  await changeLanguage('zh');
  localStorage.clear();
});

describe('routes', () => {
  it('sends a visitor without a session from / to the sign-in page', async () => {
    const router = renderAt('/');
    expect(await screen.findByText('登录功能将在后续版本中提供。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(document.title).toBe('登录 - 后台管理系统');
  });

  it('sends an unknown path to the 404 page, with or without a session', async () => {
    const router = renderAt('/nowhere');
    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
    expect(document.title).toBe('页面不存在 - 后台管理系统');
  });

  it('opens the error pages without a session', async () => {
    renderAt('/403');
    expect(await screen.findByText('抱歉，您无权访问此页面。')).toBeTruthy();
    cleanup();
    renderAt('/500');
    expect(await screen.findByText('抱歉，服务器出错了。')).toBeTruthy();
  });

  it('leads / to the home page with a session', async () => {
    useSession.setState({ token: 'access-token' });
    const router = renderAt('/');
    expect(await screen.findByText('工作台将在后续版本中提供。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/wel/index');
  });

  it('takes the error page’s back-home button to the home path', async () => {
    const router = renderAt('/404');
    fireEvent.click(await screen.findByRole('button', { name: '返回首页' }));
    // Home needs a session, so without one the guard continues to the sign-in page.
    expect(await screen.findByText('登录功能将在后续版本中提供。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('switches texts, the document title and the page language with the language switch', async () => {
    renderAt('/login');
    await screen.findByText('登录功能将在后续版本中提供。');
    fireEvent.click(screen.getByText('English'));
    expect(await screen.findByText('Sign-in arrives in a later release.')).toBeTruthy();
    expect(document.title).toBe('Sign in - Admin Console');
    expect(document.documentElement.lang).toBe('en-US');
    expect(JSON.parse(localStorage.getItem('saber-language') ?? '{}')).toMatchObject({ content: 'en' });
  });
});
