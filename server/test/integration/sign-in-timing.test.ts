import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordVerifications } from '../../src/modules/auth/password-check.js';
import { createAccount } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { md5, SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

// Issue 44, item 7: how long a sign-in takes must not tell which accounts exist. The password hash
// is nearly all of that time, so every attempt runs exactly one verification, whether the account
// exists or not, is disabled or locked, or the password could not be read. Counted through the
// check's counter, never timed (the timings are in docs/benchmarks.md).

describe.each(oneEngineFor(import.meta.url))('sign-in work on %s', (kind) => {
  let t: TestApp;
  let addresses = 0;

  /** The password grant from an address of its own; answers the response and the verifications it ran. */
  const attempt = async (account: string, password: string, url = '/api/blade-auth/oauth/token') => {
    const before = passwordVerifications.count;
    const res = await t.app.inject({
      method: 'POST',
      url,
      remoteAddress: `198.51.100.${++addresses}`,
      query: url.endsWith('/oauth/token')
        ? { tenantId: '000000', username: account, password, grant_type: 'password', scope: 'all' }
        : { tenantId: '000000', account, password, grantType: 'password', scope: 'all' },
      headers: { authorization: SABER_BASIC },
    });
    return {
      status: res.statusCode,
      body: JSON.parse(res.body) as Record<string, unknown>,
      verifications: passwordVerifications.count - before,
    };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('verifies a password once for an unknown account, as for a known one, and answers alike', async () => {
    const ed = await createAccount(t, { account: 'timing-ed', password: 'right' });
    const unknown = await attempt('timing-nobody', md5('right'));
    const wrong = await attempt(ed.account, md5('wrong'));
    expect(unknown.verifications).toBe(1);
    expect(wrong.verifications).toBe(1);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(wrong.body);
    const right = await attempt(ed.account, md5('right'));
    expect([right.status, right.verifications]).toEqual([200, 1]);
  });

  it('verifies once for a disabled or pending user and for a removed one', async () => {
    const disabled = await createAccount(t, { account: 'timing-off', password: 'right', userStatus: 0 });
    const pending = await createAccount(t, { account: 'timing-wait', password: 'right', userStatus: 2 });
    const removed = await createAccount(t, { account: 'timing-gone', password: 'right' });
    await t.store.db
      .updateTable('blade_user')
      .set({ is_deleted: 1 })
      .where('id', '=', BigInt(removed.userId))
      .execute();
    for (const account of [disabled.account, pending.account, removed.account]) {
      for (const password of ['right', 'wrong']) {
        const res = await attempt(account, md5(password));
        expect(res.verifications, `${account} ${password}`).toBe(1);
        expect(res.status).toBe(400);
      }
    }
    // A removed account answers as an unknown one.
    expect((await attempt(removed.account, md5('right'))).body).toEqual(
      (await attempt('timing-nobody', md5('right'))).body,
    );
  });

  it('verifies once for a locked account (a dummy hash: its password is not tried)', async () => {
    const locked = await createAccount(t, { account: 'timing-lock', password: 'right' });
    for (let i = 0; i < 5; i++) expect((await attempt(locked.account, md5('wrong'))).verifications).toBe(1);
    const refused = await attempt(locked.account, md5('right'));
    expect(refused.status).toBe(400);
    expect(refused.body.error_description).toMatch(/锁定/);
    expect(refused.verifications).toBe(1);
  });

  it('verifies once when the password cannot be read (SpringBlade’s SM2), known account or not', async () => {
    for (const account of ['admin', 'timing-nobody']) {
      const res = await attempt(account, 'not-a-ciphertext', '/api/blade-auth/token');
      expect(res.status, account).toBe(400);
      expect(res.verifications, account).toBe(1);
    }
  });
});
