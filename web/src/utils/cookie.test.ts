import { afterEach, describe, expect, it } from 'vitest';
import { cookieString, readCookie, removeCookie, writeCookie } from './cookie';

afterEach(() => {
  for (const name of ['a', 'b', 'ab']) removeCookie(name);
});

describe('cookies', () => {
  it('builds a session cookie with path, SameSite and Secure', () => {
    expect(cookieString('a', 'x y;z', { sameSite: 'Lax', secure: true })).toBe(
      'a=x%20y%3Bz; path=/; SameSite=Lax; Secure',
    );
    expect(cookieString('a', 'v')).toBe('a=v; path=/');
  });

  it('writes, reads back and removes a value', () => {
    writeCookie('a', 'token.with=signs;and spaces', { sameSite: 'Lax' });
    writeCookie('ab', 'other');
    expect(readCookie('a')).toBe('token.with=signs;and spaces');
    expect(readCookie('ab')).toBe('other');
    expect(readCookie('b')).toBeUndefined();

    removeCookie('a');
    expect(readCookie('a')).toBeUndefined();
    expect(readCookie('ab')).toBe('other');
  });

  it('answers undefined for a value this module did not encode', () => {
    document.cookie = 'b=%E0%A4%A; path=/';
    expect(readCookie('b')).toBeUndefined();
  });
});
