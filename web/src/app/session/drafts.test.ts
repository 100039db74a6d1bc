import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginByUsername, logout as revokeToken } from '../../api/auth';
import { tokenAnswer } from '../../test/fixtures';
import {
  DRAFT_LIFETIME_MS,
  discardDrafts,
  keepDrafts,
  registerDraft,
  takeDraft,
  type StoredDrafts,
} from './drafts';
import { endSessionKeepingDrafts, login, signOut } from './session-actions';
import { logoutLocal, startSession } from './session-store';
import type * as AuthModule from '../../api/auth';

vi.mock('../../api/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthModule>()),
  loginByUsername: vi.fn(),
  logout: vi.fn(() => Promise.resolve()),
}));
// Signing in reads the new user's menus ahead: nothing to read here.
vi.mock('../menu/menu-prefetch', () => ({ prefetchMenus: vi.fn() }));

const KEY = '/system/param/index|param|dialog';
const TYPED = { mode: 'add', values: { paramName: '超时', paramValue: '30' } };
const ADMIN = tokenAnswer();
const OTHER_USER = tokenAnswer({ user_id: '2000000000000000001', account: 'clerk' });
const OTHER_TENANT = tokenAnswer({ tenant_id: '100001' });

/** What localStorage holds of the drafts (`saber-drafts`, as { content, datetime }). */
const stored = (): StoredDrafts | undefined =>
  (JSON.parse(localStorage.getItem('saber-drafts') ?? 'null') as { content: StoredDrafts } | null)?.content;

let unregister: () => void = () => undefined;

/** A form on screen, signed in as `user`, when the session ends with a 401: the drafts are kept. */
function leaveWhileTyping(user = ADMIN, value: unknown = TYPED): void {
  startSession(user);
  unregister = registerDraft(KEY, () => value);
  endSessionKeepingDrafts();
  unregister();
}

beforeEach(() => {
  localStorage.clear();
  history.replaceState(null, '', '/system/param/index?tab=1');
});

afterEach(() => {
  unregister();
  logoutLocal();
  discardDrafts();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('drafts kept when a session ends', () => {
  it('writes the user, tenant, page and time with the entries, before the session is cleared', () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-07T10:00:00Z'), toFake: ['Date'] });
    leaveWhileTyping();
    expect(stored()).toEqual({
      tenantId: '000000',
      userId: ADMIN.user_id,
      path: '/system/param/index?tab=1',
      savedAt: Date.parse('2026-12-07T10:00:00Z'),
      entries: { [KEY]: TYPED },
    });
  });

  it('gives an entry back, once, to the same user of the same tenant', () => {
    leaveWhileTyping();
    startSession(ADMIN);
    expect(takeDraft('/other|page|search')).toBeUndefined();
    expect(takeDraft(KEY)).toEqual(TYPED);
    expect(takeDraft(KEY)).toBeUndefined();
    expect(stored()).toBeUndefined();
  });

  it.each([
    ['another user', OTHER_USER],
    ['the same user id in another tenant', OTHER_TENANT],
  ])('gives nothing to %s, and the drafts are gone', (_case, other) => {
    leaveWhileTyping();
    startSession(other);
    expect(takeDraft(KEY)).toBeUndefined();
    expect(stored()).toBeUndefined();
    // Nor does the one who left them find them afterwards.
    startSession(ADMIN);
    expect(takeDraft(KEY)).toBeUndefined();
  });

  it('discards them when someone else signs in, before any page asks', async () => {
    leaveWhileTyping();
    vi.mocked(loginByUsername).mockResolvedValue(OTHER_USER);
    await login({ tenantId: '000000', username: 'clerk', password: 'x' });
    expect(stored()).toBeUndefined();
  });

  it('keeps them through the same user’s sign-in', async () => {
    leaveWhileTyping();
    vi.mocked(loginByUsername).mockResolvedValue(ADMIN);
    await login({ tenantId: '000000', username: 'admin', password: 'x' });
    expect(takeDraft(KEY)).toEqual(TYPED);
  });

  it('keeps nothing on logging out, even what a 401 on the way out kept', async () => {
    startSession(ADMIN);
    unregister = registerDraft(KEY, () => TYPED);
    // The token had expired: revoking it answers 401, which ends the session as any 401 does.
    vi.mocked(revokeToken).mockImplementationOnce(() => {
      endSessionKeepingDrafts();
      return Promise.reject(new Error('401'));
    });
    await signOut();
    expect(stored()).toBeUndefined();
    startSession(ADMIN);
    expect(takeDraft(KEY)).toBeUndefined();
  });

  it('logging out discards drafts kept earlier', async () => {
    leaveWhileTyping();
    startSession(ADMIN);
    await signOut();
    expect(stored()).toBeUndefined();
  });

  it('keeps them for a day at most', () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-07T10:00:00Z'), toFake: ['Date'] });
    leaveWhileTyping();
    startSession(ADMIN);
    vi.setSystemTime(Date.now() + DRAFT_LIFETIME_MS - 1);
    expect(takeDraft('/other|page|search')).toBeUndefined();
    expect(stored()).toBeDefined();
    vi.setSystemTime(Date.now() + 1);
    expect(takeDraft(KEY)).toBeUndefined();
    expect(stored()).toBeUndefined();
  });

  it('never writes a password or a secret, nor values JSON would not give back', () => {
    class Moment {
      toJSON() {
        return '2026-12-07T10:00:00.000Z';
      }
    }
    leaveWhileTyping(ADMIN, {
      account: 'clerk',
      password: 'Secret-pass-1',
      password2: 'Secret-pass-1',
      newPassword: 'Secret-pass-2',
      settings: { secretKey: 'sk-123', region: 'cn' },
      range: [new Moment(), null],
      when: new Moment(),
      tags: ['a', 'b'],
    });
    const raw = localStorage.getItem('saber-drafts') ?? '';
    expect(raw).not.toMatch(/Secret-pass|sk-123|2026-12-07T10/);
    startSession(ADMIN);
    expect(takeDraft(KEY)).toEqual({ account: 'clerk', settings: { region: 'cn' }, tags: ['a', 'b'] });
  });

  it('keeps nothing without a signed-in user, and nothing new leaves earlier drafts as they were', () => {
    unregister = registerDraft(KEY, () => TYPED);
    keepDrafts();
    expect(stored()).toBeUndefined();
    unregister();

    leaveWhileTyping();
    // A page opened later whose first call answers 401, nothing typed yet.
    startSession(ADMIN);
    unregister = registerDraft(KEY, () => undefined);
    endSessionKeepingDrafts();
    expect(stored()?.entries).toEqual({ [KEY]: TYPED });
  });

  it('keeps what the other forms on screen hold when one reader fails', () => {
    startSession(ADMIN);
    const stops = [
      registerDraft('a', () => {
        throw new Error('unreadable');
      }),
      registerDraft('b', () => ({ name: 'b' })),
    ];
    endSessionKeepingDrafts();
    for (const stop of stops) stop();
    expect(stored()?.entries).toEqual({ b: { name: 'b' } });
  });

  it('forgets a reader once unregistered, but not one registered again under its key', () => {
    startSession(ADMIN);
    const first = registerDraft(KEY, () => ({ from: 'first' }));
    unregister = registerDraft(KEY, () => ({ from: 'second' }));
    first();
    endSessionKeepingDrafts();
    expect(stored()?.entries).toEqual({ [KEY]: { from: 'second' } });
  });
});
