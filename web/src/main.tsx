import 'antd/dist/reset.css';
import { ConfigProvider, message } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { configureRequest } from './api/request';
import { AppProviders, antdTheme } from './app/AppProviders';
import { routes } from './app/router';
import { getToken, logoutLocal } from './app/session/session-store';
import { currentLanguage } from './i18n';

const router = createBrowserRouter(routes);

configureRequest({
  getToken,
  getLanguage: currentLanguage,
  onUnauthorized: () => {
    logoutLocal();
    void router.navigate('/login');
  },
  notifyError: (text) => void message.error(text),
});

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
