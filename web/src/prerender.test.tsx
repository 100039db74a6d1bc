import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectPrerendered } from '../build/prerender-login';
import { fetchCaptcha } from './api/auth';
import { AppProviders } from './app/AppProviders';
import { PRERENDER_ATTRIBUTE, prerenderKey, shouldHydrate } from './app/first-paint';
import { routes } from './app/router';
import { renderLoginPage } from './prerender';
import { clearBrowserState } from './test/dom';
import type * as AuthModule from './api/auth';

vi.mock('./api/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  fetchCaptcha: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(fetchCaptcha).mockResolvedValue({ key: 'key-1', image: 'data:image/svg+xml;base64,1' });
});

afterEach(() => {
  document.body.innerHTML = '';
  clearBrowserState();
});

describe('the sign-in page rendered at build time', () => {
  it('holds the labelled form, in Chinese, with the captcha still loading', async () => {
    const { html, css, iconCss, key } = await renderLoginPage();
    const container = document.createElement('div');
    container.innerHTML = html;
    const labelled = (text: string) => {
      const label = Array.from(container.querySelectorAll('label')).find((l) => l.textContent === text);
      return label && container.querySelector(`#${label.htmlFor}`);
    };
    expect(labelled('账号')?.getAttribute('autocomplete')).toBe('username');
    expect(labelled('密码')?.getAttribute('type')).toBe('password');
    expect(labelled('验证码')?.getAttribute('id')).toBe('login_code');
    expect(container.querySelector('form[name="login"]')?.getAttribute('aria-label')).toBe('登录');
    const submit = container.querySelector('button[type="submit"]');
    expect(submit?.textContent?.replace(/\s/g, '')).toBe('登录');
    // No captcha image yet (it loads after hydration): its frame says it is busy; its refresh button is there.
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[aria-busy="true"] [role="progressbar"]')).not.toBeNull();
    expect(container.querySelector('button[aria-label="看不清？换一张验证码"]')).not.toBeNull();
    // antd's styles of the button and the theme's variables, without cssinjs's cache map.
    expect(css).toContain('.ant-btn');
    expect(css).toContain('--ant-color-primary');
    expect(css).not.toContain('data-ant-cssinjs-cache-path');
    expect(iconCss).toContain('.anticon');
    expect(key).toBe('/login|zh|theme-default|#409EFF|no-tenant');
  });

  it('is hydrated by the client’s tree without a mismatch, keeping the markup’s elements', async () => {
    const { html, key } = await renderLoginPage();
    // React's server renderer leaves the contexts of its last task set (the build's Node process
    // ends there); a second, empty render switches them back before the client renders here.
    await prerender(<></>);
    document.body.innerHTML = `<div id="root" ${PRERENDER_ATTRIBUTE}="${key}">${html}</div>`;
    const container = document.getElementById('root')!;
    const form = container.querySelector('form');
    const errors: unknown[] = [];
    // React reports a mismatch of text or attributes as an error in development.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <AppProviders>
            <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/login'] })} />
          </AppProviders>
        </StrictMode>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    await vi.waitFor(() => expect(container.querySelector('img')).not.toBeNull());
    expect(errors).toEqual([]);
    // (The one other renderer it sees is the server's, which rendered the markup in this process.)
    const reported = consoleError.mock.calls.map((call) => String(call[0]));
    consoleError.mockRestore();
    expect(reported.filter((text) => !text.startsWith('Detected multiple renderers'))).toEqual([]);
    expect(container.querySelector('form')).toBe(form);
    // Revealed: the build's marks are gone.
    expect(container.hasAttribute(PRERENDER_ATTRIBUTE)).toBe(false);
    act(() => root?.unmount());
  });

  it('is hydrated only on /login, signed out, in the state it was rendered in', () => {
    const key = prerenderKey();
    const base = { prerendered: key, pathname: '/login', signedIn: false, key };
    expect(shouldHydrate(base)).toBe(true);
    expect(shouldHydrate({ ...base, prerendered: null })).toBe(false); // dev, or no prerender
    expect(shouldHydrate({ ...base, pathname: '/wel/index' })).toBe(false);
    expect(shouldHydrate({ ...base, signedIn: true })).toBe(false); // the guard leads to home
    expect(shouldHydrate({ ...base, key: '/login|en|theme-default|#409EFF|no-tenant' })).toBe(false);
    expect(shouldHydrate({ ...base, key: '/login|zh|theme-dark|#177ddc|no-tenant' })).toBe(false);
  });

  it('goes into index.html: markup in #root, CSS in the head, the stylesheet link disabled', async () => {
    const index = [
      '<html><head>',
      '    <link rel="stylesheet" crossorigin href="/assets/first-load-x.css">',
      '</head><body>',
      '    <div id="root"></div>',
      '</body></html>',
    ].join('\n');
    const out = await injectPrerendered(
      index,
      { html: '<form>登录</form>', css: '.ant-btn{}', iconCss: '.anticon{}', key: '/login|zh' },
      (href) => Promise.resolve(href === '/assets/first-load-x.css' ? '.login-form{}' : ''),
    );
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).toContain(
      '<style>.login-form{}</style>\n    <link rel="stylesheet" crossorigin href="/assets/first-load-x.css" disabled>',
    );
    expect(head).toContain('<style>.anticon{}</style>');
    expect(head).toContain('<style data-prerender-style>.ant-btn{}</style>');
    expect(out).toContain('<div id="root" data-prerendered="/login|zh"><form>登录</form></div>');
  });
});
