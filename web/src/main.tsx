import 'antd/dist/reset.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { configureRequest } from './api/request';
import { AppProviders } from './app/AppProviders';
import { installChunkErrorListener } from './app/chunk-load';
import { installErrorLogListeners } from './app/error-log/error-log-store';
import { PRERENDER_ATTRIBUTE, prerenderKey, shouldHydrate } from './app/first-paint';
import { routes } from './app/router';
import { LOGIN_PATH, loginPath } from './app/session/guard';
import { endSessionKeepingDrafts } from './app/session/session-actions';
import { followOtherTabs, getToken, hasSessionCookie } from './app/session/session-store';
import { startSessionRefresh } from './app/session/token-refresh';
import { currentLanguage, loadLanguage } from './i18n';

const router = createBrowserRouter(routes);

configureRequest({
  getToken,
  getLanguage: currentLanguage,
  // A 401 ends the session and leads to sign-in (spec §4, §8), which comes back to this page; what
  // was being typed is kept for the same user (app/session/drafts.ts), while they are still known.
  onUnauthorized: () => {
    const { pathname, search } = router.state.location;
    endSessionKeepingDrafts();
    if (pathname !== LOGIN_PATH) void router.navigate(loginPath(pathname, search), { replace: true });
  },
  // antd's message is loaded with the first failure to report (app/notify.tsx).
  notifyError: (text) => void import('./app/notify').then(({ notifyError }) => notifyError(text)),
});

// For the page's lifetime: the token is refreshed before it ages out, and sign-in, refresh and
// sign-out in other tabs reach this one; uncaught errors go to the local error log, and a page's
// code or stylesheet that does not download becomes a prompt to reload (app/chunk-load.ts).
startSessionRefresh();
followOtherTabs();
installErrorLogListeners();
installChunkErrorListener();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

// #root holds the sign-in page rendered at build time (app/first-paint.ts): hydrated when this browser
// would render the same (/login, no session, the default language, theme and tenant field), else
// replaced by a fresh render (the first page rendered then drops the build's styles: revealApp).
const render = () => {
  const hydrate = shouldHydrate({
    prerendered: container.getAttribute(PRERENDER_ATTRIBUTE),
    pathname: location.pathname,
    signedIn: hasSessionCookie(),
    key: prerenderKey(),
  });
  if (hydrate) hydrateRoot(container, app);
  else createRoot(container).render(app);
};

// The chosen language's texts first (only a language other than the default downloads anything);
// if they cannot be loaded, the page still opens, in the default language's texts.
loadLanguage(currentLanguage()).then(render, render);
