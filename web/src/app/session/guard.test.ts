import { describe, expect, it } from 'vitest';
import { decideNavigation, loginPath, safeRedirect, type GuardInput } from './guard';

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

  it('sends a session that must set up a second factor to the setup, after a password change', () => {
    for (const path of ['/wel/index', '/', '/info/index'])
      expect(decideNavigation({ ...signedIn, path, secondFactorSetup: true }), path).toEqual({
        action: 'redirect',
        to: '/second-factor-setup',
      });
    expect(decideNavigation({ ...signedIn, path: '/second-factor-setup', secondFactorSetup: true })).toEqual({
      action: 'show',
    });
    // The password change comes first.
    expect(
      decideNavigation({
        ...signedIn,
        path: '/second-factor-setup',
        passwordChange: true,
        secondFactorSetup: true,
      }),
    ).toEqual({ action: 'redirect', to: '/password-change' });
    expect(
      decideNavigation({
        ...signedIn,
        path: '/password-change',
        passwordChange: true,
        secondFactorSetup: true,
      }),
    ).toEqual({ action: 'show' });
  });

  it('sends a session whose password must be changed to the change form from everywhere else', () => {
    for (const path of ['/wel/index', '/', '/info/index', '/404'])
      expect(decideNavigation({ ...signedIn, path, passwordChange: true }), path).toEqual({
        action: 'redirect',
        to: '/password-change',
      });
    expect(decideNavigation({ ...signedIn, path: '/password-change', passwordChange: true })).toEqual({
      action: 'show',
    });
    // The screen lock still comes first; without a session it is the sign-in page as before.
    expect(decideNavigation({ ...signedIn, locked: true, passwordChange: true })).toEqual({
      action: 'redirect',
      to: '/lock',
    });
    expect(decideNavigation({ ...signedOut, path: '/password-change', passwordChange: true })).toEqual({
      action: 'redirect',
      to: '/login?redirect=%2Fpassword-change',
    });
  });

  it('sends a signed-in user from /login to the redirect it names, when that is a console path', () => {
    const from = (search: string) =>
      decideNavigation({ ...signedIn, path: '/login', search, needsAuth: false });
    expect(from('?redirect=%2Fsystem%2Fparam%2Findex%3Fa%3D1')).toEqual({
      action: 'redirect',
      to: '/system/param/index?a=1',
    });
    for (const outside of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(from(`?${new URLSearchParams({ redirect: outside }).toString()}`), outside).toEqual({
        action: 'redirect',
        to: '/',
      });
    }
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
    expect(decideNavigation({ ...signedOut, path: '/system/param/index', search: '?a=1' })).toEqual({
      action: 'redirect',
      to: '/login?redirect=%2Fsystem%2Fparam%2Findex%3Fa%3D1',
    });
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

describe('redirect after sign-in', () => {
  it('accepts absolute paths of the console, normalised', () => {
    expect(safeRedirect('/system/user/index')).toBe('/system/user/index');
    expect(safeRedirect('/myiframe/urlPath?src=https%3A%2F%2Fexample.com#top')).toBe(
      '/myiframe/urlPath?src=https%3A%2F%2Fexample.com#top',
    );
    expect(safeRedirect('/a/../system/user/index')).toBe('/system/user/index');
  });

  it.each([
    undefined,
    null,
    '',
    'system/user/index',
    'https://evil.example/',
    'http:/evil.example',
    '//evil.example/x',
    '///evil.example',
    '/\\evil.example',
    '/\tevil',
    '\\evil.example',
    ' /x',
    'javascript:alert(1)',
    '/login',
    '/login?redirect=/x',
  ])('refuses %j', (value) => {
    expect(safeRedirect(value)).toBeUndefined();
  });

  it('builds the sign-in address that comes back, plain for the home page', () => {
    expect(loginPath('/system/user/index')).toBe('/login?redirect=%2Fsystem%2Fuser%2Findex');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/wel/index')).toBe('/login');
    expect(loginPath('/login', '?redirect=%2Fx')).toBe('/login');
  });
});
