import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createOperator, createTenantAdmin } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 13, item 10: private parameters (account.initPassword) are the platform administrator's;
// public ones every signed-in user reads; reset-password hands out a random one-time password.

const PARAM = '/api/blade-system/param';

describe.each(oneEngineFor(import.meta.url))('parameter visibility and password resets on %s', (kind) => {
  let t: TestApp;
  let tenantAdmin: Awaited<ReturnType<typeof createTenantAdmin>>;
  let platformUser: Awaited<ReturnType<typeof createOperator>>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    tenantAdmin = await createTenantAdmin(t, '400080');
    // A user of the platform tenant without the administrator role.
    platformUser = await createOperator(t, ['param', 'param_view']);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const idOf = async (key: string) =>
    String(
      (await t.store.db
        .selectFrom('blade_param')
        .select('id')
        .where('param_key', '=', key)
        .executeTakeFirst())!.id,
    );

  it('hides account.initPassword from every user but the platform administrator (list and detail 404)', async () => {
    const initId = await idOf('account.initPassword');
    const registerId = await idOf('account.registerUser');
    for (const token of [tenantAdmin.token, platformUser.token]) {
      const all = await t.call({ method: 'GET', url: `${PARAM}/list?size=200` }, token);
      expect(all.status).toBe(200);
      expect(JSON.stringify(all.body)).not.toContain('initPassword');
      // The value is compared field by field: a generated id may contain the digits 123456.
      const records = all.body.data.records as { paramKey: string; paramValue: string }[];
      expect(records.map((p) => p.paramValue)).not.toContain('123456');
      const keys = records.map((p) => p.paramKey);
      expect(keys).toContain('account.registerUser');
      for (const query of ['paramKey=account.initPassword', 'paramValue=123456', 'visibility=0']) {
        const res = await t.call({ method: 'GET', url: `${PARAM}/list?${query}` }, token);
        expect(res.body.data.total, query).toBe(0);
      }
      const detail = await t.call({ method: 'GET', url: `${PARAM}/detail?id=${initId}` }, token);
      expect(detail.status).toBe(404);
      expect(detail.body).toMatchObject({ code: 404, success: false, data: null });
      const readable = await t.call({ method: 'GET', url: `${PARAM}/detail?id=${registerId}` }, token);
      expect(readable.status).toBe(200);
      expect(readable.body.data).toMatchObject({ paramKey: 'account.registerUser', visibility: 1 });
    }
    const mine = await t.call({ method: 'GET', url: `${PARAM}/detail?id=${initId}` });
    expect(mine.body.data).toMatchObject({ paramKey: 'account.initPassword', visibility: 0 });
  });

  it('lets the platform administrator set the visibility: new ones private unless marked public', async () => {
    const created = await t.call({
      method: 'POST',
      url: `${PARAM}/submit`,
      payload: { paramName: '站点名称', paramKey: 'site.name', paramValue: '控制台' },
    });
    expect(created.body.data.visibility).toBe(0);
    const id = created.body.data.id as string;
    const read = () => t.call({ method: 'GET', url: `${PARAM}/detail?id=${id}` }, tenantAdmin.token);
    expect((await read()).status).toBe(404);
    const published = await t.call({
      method: 'POST',
      url: `${PARAM}/submit`,
      payload: { ...created.body.data, visibility: 1 },
    });
    expect(published.body.data.visibility).toBe(1);
    expect((await read()).body.data.paramValue).toBe('控制台');
    // An update that leaves it out keeps it.
    const { visibility: _omitted, ...rest } = published.body.data;
    const kept = await t.call({ method: 'POST', url: `${PARAM}/submit`, payload: { ...rest, remark: 'r' } });
    expect(kept.body.data.visibility).toBe(1);
    expect(
      (
        await t.call({
          method: 'POST',
          url: `${PARAM}/submit`,
          payload: { ...rest, visibility: 2 },
        })
      ).status,
    ).toBe(400);
    await t.call({ method: 'POST', url: `${PARAM}/submit`, payload: { ...rest, visibility: 0 } });
    expect((await read()).status).toBe(404);
  });

  it('resets passwords to random one-time passwords, different per user and per call, that sign in', async () => {
    const a = await createAccount(t, { tenantId: '400080', account: 'reset-a' });
    const b = await createAccount(t, { tenantId: '400080', account: 'reset-b' });
    const reset = await t.call(
      { method: 'POST', url: `/api/blade-user/reset-password?userIds=${a.userId},${b.userId}` },
      tenantAdmin.token,
    );
    expect(reset.status).toBe(200);
    const answers = reset.body.data as Array<{ userId: string; account: string; password: string }>;
    expect(answers.map((x) => x.account).sort()).toEqual(['reset-a', 'reset-b']);
    const pa = answers.find((x) => x.userId === a.userId)!.password;
    const pb = answers.find((x) => x.userId === b.userId)!.password;
    for (const p of [pa, pb]) {
      expect(p).toMatch(/^[A-Za-z0-9]{14}$/);
      expect(p).not.toBe('123456');
    }
    expect(pa).not.toBe(pb);
    expect((await t.signIn('reset-a', pa, '400080')).status).toBe(200);
    expect((await t.signIn('reset-b', pb, '400080')).status).toBe(200);
    expect((await t.signIn('reset-a', '123456', '400080')).status).toBe(400);
    expect((await t.signIn('reset-a', a.password, '400080')).status).toBe(400);

    const again = await t.call(
      { method: 'POST', url: `/api/blade-user/reset-password?userIds=${a.userId}` },
      tenantAdmin.token,
    );
    const pa2 = again.body.data[0].password as string;
    expect(pa2).not.toBe(pa);
    expect((await t.signIn('reset-a', pa, '400080')).status).toBe(400);
    expect((await t.signIn('reset-a', pa2, '400080')).status).toBe(200);
    // The password is in the answer only: never in the API log.
    await t.app.logWriter.flush();
    const logs = await t.store.db.selectFrom('blade_log_api').select('params').execute();
    expect(JSON.stringify(logs)).not.toContain(pa2);
  });
});
