import { describe, expect, it } from 'vitest';
import { MASK, redact } from '../../src/core/redact.js';

// The one redaction of every log (security S14), on each shape a secret travels in.

const DIGEST = '21232f297a57a5a743894a0e4a801fc3';
const JWT =
  'eyJhbGciOiJIUzUxMiJ9.eyJ0ZW5hbnRfaWQiOiIwMDAwMDAiLCJ1c2VyX2lkIjoiMSJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const BASIC = 'c2FiZXI6c2FiZXJfc2VjcmV0';

describe('redact', () => {
  it('masks the secrets of a query string and keeps the rest', () => {
    const url = `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${DIGEST}&grant_type=password&refresh_token=${JWT}&scope=all`;
    expect(redact(url)).toBe(
      `/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${MASK}&grant_type=password&refresh_token=${MASK}&scope=all`,
    );
    expect(redact(`/api/x?access_token=abc123&Blade-Auth=bearer+xyz&id=7`)).toBe(
      `/api/x?access_token=${MASK}&Blade-Auth=${MASK}&id=7`,
    );
  });

  it('masks a sign-in route’s code (captcha, authorisation code), not a dictionary’s', () => {
    expect(redact('/api/blade-auth/oauth/token?grant_type=social&source=github&code=c0de&state=s')).toBe(
      `/api/blade-auth/oauth/token?grant_type=social&source=github&code=${MASK}&state=s`,
    );
    expect(redact('/api/blade-system/dict/dictionary?code=sex')).toBe(
      '/api/blade-system/dict/dictionary?code=sex',
    );
    expect(redact({ code: 'c0de', grantType: 'captcha' }, '/api/blade-auth/token')).toEqual({
      code: MASK,
      grantType: 'captcha',
    });
    expect(redact({ code: 'sex', dictValue: '性别' }, '/api/blade-system/dict/submit')).toEqual({
      code: 'sex',
      dictValue: '性别',
    });
  });

  it('masks JSON bodies at any depth, and headers, by their keys in any case', () => {
    expect(
      redact({
        account: 'ed',
        password: DIGEST,
        nested: { secretKey: 's3cr3t', list: [{ newPassword1: 'x', refreshToken: JWT, ok: 1 }] },
        empty: { password: '', token: null },
      }),
    ).toEqual({
      account: 'ed',
      password: MASK,
      nested: { secretKey: MASK, list: [{ newPassword1: MASK, refreshToken: MASK, ok: 1 }] },
      empty: { password: '', token: null },
    });
    expect(
      redact({
        authorization: `Basic ${BASIC}`,
        'blade-auth': `bearer ${JWT}`,
        'Machine-Secret': 'm4ch1ne',
        'captcha-code': 'QX7YZ',
        'captcha-key': 'k-1',
        'machine-no': 'DEMO-0001',
      }),
    ).toEqual({
      authorization: MASK,
      'blade-auth': MASK,
      'Machine-Secret': MASK,
      'captcha-code': MASK,
      'captcha-key': 'k-1',
      'machine-no': 'DEMO-0001',
    });
  });

  it('masks a parsed query string, whose object has no Object prototype', () => {
    const query = Object.assign(Object.create(Object.create(null)) as object, { password: DIGEST, id: '7' });
    expect(redact(query, '/api/blade-auth/oauth/token')).toEqual({ password: MASK, id: '7' });
  });

  it('masks form bodies and JSON held as text', () => {
    expect(redact(`account=admin&password=${DIGEST}&grantType=password`)).toBe(
      `account=admin&password=${MASK}&grantType=password`,
    );
    const json = JSON.stringify({ user: { password: DIGEST, name: 'a' }, captchaCode: 'QX7YZ' });
    const masked = redact(json) as string;
    expect(JSON.parse(masked)).toEqual({ user: { password: MASK, name: 'a' }, captchaCode: MASK });
  });

  it('masks an error’s message and stack that quote a URL, headers or a token', () => {
    const error = new Error(`GET /api/x?password=${DIGEST}&refresh_token=${JWT} failed`);
    error.stack = `Error: request to https://h/api?access_token=abc123 failed\n    at call (file:///srv/a.js:1:2)\nAuthorization: Basic ${BASIC}\nMachine-Secret: m4ch1ne\nsent ${JWT}`;
    const out = redact(error) as { type: string; message: string; stack: string };
    expect(out.type).toBe('Error');
    expect(out.message).toBe(`GET /api/x?password=${MASK}&refresh_token=${MASK} failed`);
    for (const secret of [DIGEST, JWT, 'abc123', BASIC, 'm4ch1ne']) expect(out.stack).not.toContain(secret);
    expect(out.stack).toContain('at call (file:///srv/a.js:1:2)');
    expect(redact(`header bearer ${JWT.slice(0, 20)}`)).toBe(`header bearer ${MASK}`);
    expect(redact('connect to postgres://console:pg-pass@db:5432/console failed')).toBe(
      `connect to postgres://console:${MASK}@db:5432/console failed`,
    );
    expect(redact('REDIS_URL must be a redis:// URL (got "redis://:r3d1s@cache:6379")')).toBe(
      `REDIS_URL must be a redis:// URL (got "redis://:${MASK}@cache:6379")`,
    );
  });

  it('reads a 1 MB text in one pass (a name is tried only where a word starts)', () => {
    // Tried from every letter, this would take hours: the test would not end.
    const word = 'a'.repeat(1_000_000);
    expect(redact(word)).toBe(word);
    expect(redact(`${word}&password=${DIGEST}`)).toBe(`${word}&password=${MASK}`);
  });

  it('leaves text without secrets as it is', () => {
    for (const text of [
      'request completed',
      'https://minio.internal:9000/bucket/a.png?versionId=3',
      '12:30 at line 4: value=7',
    ])
      expect(redact(text)).toBe(text);
    expect(redact({ statusCode: 500, responseTime: 12.5, ok: true })).toEqual({
      statusCode: 500,
      responseTime: 12.5,
      ok: true,
    });
  });
});
