import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
// antd's component styles, static (docs/decisions/0028-static-antd-styles.md; the build prepares
// the file: web/build/antd-static-styles.ts). It comes with the signed-in chunk, not the sign-in page.
import 'antd/dist/antd.css';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * antd writes no styles at run time below this point: the static stylesheet above has them. The
 * theme's tokens still come from the root's ConfigProvider (this one inherits them), and antd still
 * writes their CSS variables, so the user's theme and colour apply as before.
 */
const STATIC_STYLES: ThemeConfig = { zeroRuntime: true };

/**
 * What signed-in pages need beyond the root's theme and locale: antd's styles without its runtime
 * CSS-in-JS, the server-state cache and antd's App, whose `useApp()` gives dialogs and messages that
 * follow theme and locale. Mounted by the main layout and the pages outside it that ask (lock), not
 * by the root: the sign-in page then downloads neither TanStack Query, antd's Modal and notification
 * code nor the static stylesheet.
 */
export function ShellProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={STATIC_STYLES}>
      <QueryClientProvider client={queryClient}>
        <App>{children}</App>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
