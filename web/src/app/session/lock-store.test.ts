import { beforeEach, describe, expect, it, vi } from 'vitest';
import { md5 } from '../../utils/md5';

async function loadLock() {
  vi.resetModules();
  return import('./lock-store');
}

const stored = (key: string) => JSON.parse(sessionStorage.getItem(key) ?? 'null') as unknown;

beforeEach(() => sessionStorage.clear());

describe('lock', () => {
  it('has no lock and no lock password at first', async () => {
    const { isLocked, hasLockPassword } = await loadLock();
    expect(isLocked()).toBe(false);
    expect(hasLockPassword()).toBe(false);
  });

  it('keeps only the MD5 of the lock password, in sessionStorage', async () => {
    const { setLockPassword, hasLockPassword } = await loadLock();
    setLockPassword('unlock me');
    expect(hasLockPassword()).toBe(true);
    expect(stored('saber-lockPasswd')).toMatchObject({ content: md5('unlock me') });
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('unlock me');
  });

  it('sets the flag in sessionStorage, which a reload of the tab reads back', async () => {
    const first = await loadLock();
    first.setLockPassword('pw');
    first.lockScreen();
    expect(stored('saber-isLock')).toMatchObject({ content: true });

    const reloaded = await loadLock();
    expect(reloaded.isLocked()).toBe(true);
    expect(reloaded.hasLockPassword()).toBe(true);
  });

  it('stays locked with a wrong password', async () => {
    const { setLockPassword, lockScreen, unlockScreen, isLocked } = await loadLock();
    setLockPassword('pw');
    lockScreen();
    expect(unlockScreen('PW')).toBe(false);
    expect(unlockScreen('')).toBe(false);
    expect(isLocked()).toBe(true);
  });

  it('unlocks with the right password and forgets the lock password with the flag', async () => {
    const { setLockPassword, lockScreen, unlockScreen, isLocked, hasLockPassword } = await loadLock();
    setLockPassword('pw');
    lockScreen();
    expect(unlockScreen('pw')).toBe(true);
    expect(isLocked()).toBe(false);
    expect(hasLockPassword()).toBe(false);
    expect(sessionStorage.length).toBe(0);
  });

  it('cannot be unlocked when no lock password exists', async () => {
    const { lockScreen, unlockScreen, isLocked } = await loadLock();
    lockScreen();
    expect(unlockScreen('')).toBe(false);
    expect(isLocked()).toBe(true);
  });
});
