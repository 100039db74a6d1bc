// The sign-in page rendered at build time (docs/decisions/0023-login-first-paint.md): the Vite
// plugin web/build/prerender-login.ts builds this module for Node after the client build, calls
// `renderLoginPage()` and writes the markup into index.html's #root, antd's styles into its head.
//
// The tree is main.tsx's, element for element (StrictMode, AppProviders, RouterProvider on the same
// routes), only with a router in memory at /login: React's useId, and with it antd's theme class,
// depends on the tree's shape, and the client hydrates this markup with its own tree. (react-router's
// RouterProvider rather than react-router/dom's, which only adds ReactDOM's flushSync to it: no
// element, no id of its own; and the unit test's Node resolves the two to separate copies.)
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { iconStyles } from '@ant-design/icons/es/utils';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { prerenderKey } from './app/first-paint';
import { routes } from './app/router';
import { LOGIN_PATH } from './app/session/guard';

export interface PrerenderedPage {
  /** #root's inner HTML. */
  html: string;
  /** antd's CSS-in-JS styles the markup uses (plain CSS, without cssinjs's SSR cache map). */
  css: string;
  /**
   * The icons' own CSS, which @ant-design/icons writes in an effect after hydration (the same for
   * every theme, so it may stay in the page).
   */
  iconCss: string;
  /** The state it was rendered in (app/first-paint.ts): the client hydrates only in the same one. */
  key: string;
}

/** The sign-in page as the client's first render draws it: default language, theme, no captcha yet. */
export async function renderLoginPage(): Promise<PrerenderedPage> {
  const cache = createCache();
  const router = createMemoryRouter(routes, { initialEntries: [LOGIN_PATH] });
  // Waits for the lazily loaded page (prerender, unlike renderToString, renders past Suspense).
  // An error would leave a Suspense boundary to the client: the build fails instead.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StyleProvider cache={cache}>
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>
    </StyleProvider>,
    { onError: (error) => void errors.push(error) },
  );
  if (errors.length > 0) throw errors[0];
  const html = await new Response(prelude).text();
  router.dispose();
  // Without the cache map (`.data-ant-cssinjs-cache-path{content:…}`): read by antd in the browser,
  // it would take these styles for a stylesheet's and not write its own, which must outlive them.
  const css = extractStyle(cache, { plain: true }).replace(/\.data-ant-cssinjs-cache-path\{[^}]*\}/g, '');
  // In antd's cascade layer, as every style antd writes (AntdLayer, app/AppProviders.tsx): unlayered,
  // its `.anticon { color: inherit }` would outrank antd's own icon colours.
  return { html, css, iconCss: `@layer antd{${iconStyles}}`, key: prerenderKey() };
}
