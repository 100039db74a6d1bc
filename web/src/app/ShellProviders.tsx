import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * What signed-in pages need beyond the root's theme and locale: the server-state cache and antd's
 * App, whose `useApp()` gives dialogs and messages that follow theme and locale. Mounted by the main
 * layout and the pages outside it that ask (lock), not by the root: the sign-in page then downloads
 * neither TanStack Query nor antd's Modal and notification code.
 */
export function ShellProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <App>{children}</App>
    </QueryClientProvider>
  );
}
