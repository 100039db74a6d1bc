import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { removeTab } from '../../../app/tabs/tabs-store';

/**
 * Leaves a leave page once its work is done (a request filed, a task decided): goes to the list
 * where the outcome shows, and closes the page's tab, so a kept-alive copy of a sent form or of a
 * decided task is not left to send again.
 */
export function useLeaveExit(): (to: string) => Promise<void> {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    async (to: string) => {
      await navigate(to);
      // The tab's key is its path (tab-rules.ts, tabKey); the list is the active tab now.
      removeTab(pathname, to);
    },
    [navigate, pathname],
  );
}
