import 'antd/dist/reset.css';
import { ConfigProvider, message } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { configureRequest } from './api/request';
import { AppProviders, antdTheme } from './app/AppProviders';
import { routes } from './app/router';
import { LOGIN_PATH } from './app/session/guard';
import { followOtherTabs, getToken, logoutLocal } from './app/session/session-store';
import { startSessionRefresh } from './app/session/token-refresh';
import { currentLanguage } from './i18n';

const router = createBrowserRouter(routes);

configureRequest({
  getToken,
  getLanguage: currentLanguage,
  onUnauthorized: () => {
    logoutLocal();
    void router.navigate(LOGIN_PATH);
  },
  notifyError: (text) => void message.error(text),
});

// For the page's lifetime: the token is refreshed before it ages out, and sign-in, refresh and
// sign-out in other tabs reach this one.
startSessionRefresh();
followOtherTabs();

// The static `message` renders outside the React tree; this gives it the console's theme.
ConfigProvider.config({
  holderRender: (children) => <ConfigProvider theme={antdTheme}>{children}</ConfigProvider>,
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
