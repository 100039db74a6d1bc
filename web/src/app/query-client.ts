import { QueryClient } from '@tanstack/react-query';
import { onLocalLogout } from './session/session-store';

/**
 * Server state of the signed-in user (option lists, and later menus and permissions). Signing out
 * clears it, so nothing of one user is shown to the next.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer already tells the user about a failure; retries would repeat the message.
    queries: { retry: false, refetchOnWindowFocus: false },
  },
});

// Signing out clears it (nothing of one user is shown to the next).
onLocalLogout(() => queryClient.clear());
