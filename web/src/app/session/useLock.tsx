import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { website } from '../../config/website';
import { hasLockPassword, lockScreen, setLockPassword } from './lock-store';
import LockPasswordDialog from './LockPasswordDialog';
import type { RedirectState } from './NavigationGuard';

/** Between the lock action and the lock page (spec §9), so the menu or dialog that asked closes first. */
export const LOCK_DELAY_MS = 100;

/**
 * Locking the screen: `lock()` asks for a lock password first when none is set, then locks and
 * opens /lock, which leads back here once unlocked. Render `lockDialog` where the hook is used.
 */
export function useLock(): { lock: () => void; lockDialog: ReactNode } {
  const navigate = useNavigate();
  const location = useLocation();
  const [asking, setAsking] = useState(false);

  const lockNow = () => {
    const state: RedirectState = { from: { pathname: location.pathname, search: location.search } };
    setTimeout(() => {
      lockScreen();
      // Replacing the entry keeps /lock out of the history: Back cannot step around it.
      void navigate(website.lockPage, { replace: true, state });
    }, LOCK_DELAY_MS);
  };

  const lock = () => (hasLockPassword() ? lockNow() : setAsking(true));

  // Not loaded lazily, unlike the top bar's other dialogs: a browser test saw a click on its OK
  // button, right after the lazily loaded dialog had appeared, come to nothing (once, under load).
  const lockDialog = (
    <LockPasswordDialog
      open={asking}
      onCancel={() => setAsking(false)}
      onSubmit={(password) => {
        setLockPassword(password);
        setAsking(false);
        lockNow();
      }}
    />
  );

  return { lock, lockDialog };
}
