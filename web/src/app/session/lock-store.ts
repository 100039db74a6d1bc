import { create } from 'zustand';
import { md5 } from '../../utils/md5';
import { readStore, removeStore, writeStore } from '../storage';

// The lock lives in sessionStorage (spec §4): it survives a reload of the tab, not the tab itself.
const LOCKED_STORE = 'isLock';
const PASSWORD_STORE = 'lockPasswd';

interface LockState {
  locked: boolean;
  /** MD5 of the lock password: the password itself is never kept. */
  passwordHash: string | undefined;
}

function readPasswordHash(): string | undefined {
  const hash = readStore(PASSWORD_STORE, 'session');
  return typeof hash === 'string' && hash !== '' ? hash : undefined;
}

export const useLockState = create<LockState>()(() => ({
  locked: readStore(LOCKED_STORE, 'session') === true,
  passwordHash: readPasswordHash(),
}));

export const isLocked = (): boolean => useLockState.getState().locked;

export const hasLockPassword = (): boolean => useLockState.getState().passwordHash !== undefined;

export function setLockPassword(password: string): void {
  const passwordHash = md5(password);
  writeStore(PASSWORD_STORE, passwordHash, 'session');
  useLockState.setState({ passwordHash });
}

export function lockScreen(): void {
  writeStore(LOCKED_STORE, true, 'session');
  useLockState.setState({ locked: true });
}

/** Unlocks when the password is the lock password; answers whether it was. */
export function unlockScreen(password: string): boolean {
  const { passwordHash } = useLockState.getState();
  if (passwordHash === undefined || md5(password) !== passwordHash) return false;
  clearLock();
  return true;
}

/**
 * Forgets the lock and its password, as BladeX does: each lock sets its own password. Runs on
 * unlock, sign-in and sign-out.
 */
export function clearLock(): void {
  removeStore(LOCKED_STORE, 'session');
  removeStore(PASSWORD_STORE, 'session');
  useLockState.setState({ locked: false, passwordHash: undefined });
}
