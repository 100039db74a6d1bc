import { describe, expect, it } from 'vitest';
import { decideNavigation, type GuardInput } from './guard';

const signedIn: GuardInput = {
  path: '/wel/index',
  signedIn: true,
  token: 'access-token',
  locked: false,
  needsAuth: true,
};
const signedOut: GuardInput = { ...signedIn, signedIn: false, token: undefined };

describe('navigation guard', () => {
  it('shows a route that needs auth to a signed-in user', () => {
    expect(decideNavigation(signedIn)).toEqual({ action: 'show' });
    expect(decideNavigation({ ...signedIn, path: '/404', needsAuth: false })).toEqual({ action: 'show' });
  });

  it('sends a locked user to /lock from every other path, public ones included', () => {
    for (const path of ['/wel/index', '/', '/login', '/404']) {
      expect(decideNavigation({ ...signedIn, path, locked: true }), path).toEqual({
        action: 'redirect',
        to: '/lock',
      });
    }
    expect(decideNavigation({ ...signedIn, path: '/lock', locked: true, needsAuth: false })).toEqual({
      action: 'show',
    });
  });

  it('sends a signed-in user from /login to /', () => {
    expect(decideNavigation({ ...signedIn, path: '/login', needsAuth: false })).toEqual({
      action: 'redirect',
      to: '/',
    });
  });

  it.each([undefined, ''])('logs out locally and goes to /login with an empty token (%j)', (token) => {
    expect(decideNavigation({ ...signedIn, token })).toEqual({
      action: 'redirect',
      to: '/login',
      logout: true,
    });
    // Also on a public page: the session is broken wherever it is noticed.
    expect(decideNavigation({ ...signedIn, token, path: '/404', needsAuth: false })).toEqual({
      action: 'redirect',
      to: '/login',
      logout: true,
    });
  });

  it('lets a user without a session open only the routes that need no auth', () => {
    expect(decideNavigation(signedOut)).toEqual({ action: 'redirect', to: '/login' });
    expect(decideNavigation({ ...signedOut, path: '/' })).toEqual({ action: 'redirect', to: '/login' });
    for (const path of ['/login', '/lock', '/403', '/404', '/500']) {
      expect(decideNavigation({ ...signedOut, path, needsAuth: false }), path).toEqual({ action: 'show' });
    }
  });

  it('ignores a stored token and a lock flag without the session cookie', () => {
    expect(decideNavigation({ ...signedOut, token: 'stale', locked: true })).toEqual({
      action: 'redirect',
      to: '/login',
    });
  });
});
