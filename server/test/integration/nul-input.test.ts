import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesUnderTest } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { multipart, PNG } from './support/uploads.js';

// Issue 13, item 8: a NUL character in any string input is a 400 in the contract's envelope,
// naming the field, on every engine: never a 500 from PostgreSQL, never a row, never an error log.

describe.each(enginesUnderTest())('NUL characters in input on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const count = async (table: 'blade_notice' | 'blade_param' | 'blade_log_error') =>
    Number(
      (
        await t.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );

  it('refuses a NUL in a query filter, a JSON body field (nested too), a key, a detail id and a path parameter', async () => {
    const notices = await count('blade_notice');
    const params = await count('blade_param');
    const cases: Array<{ call: Parameters<TestApp['call']>[0]; field: string }> = [
      { call: { method: 'GET', url: '/api/blade-desk/notice/list?title=a%00b' }, field: 'title' },
      { call: { method: 'GET', url: '/api/blade-desk/notice/list?title_like=%00' }, field: 'title_like' },
      { call: { method: 'GET', url: '/api/blade-system/param/list?paramKey=x%00' }, field: 'paramKey' },
      { call: { method: 'GET', url: '/api/blade-system/user/list?account=a%00' }, field: 'account' },
      { call: { method: 'GET', url: '/api/blade-desk/notice/detail?id=1%002' }, field: 'id' },
      {
        call: {
          method: 'POST',
          url: '/api/blade-desk/notice/submit',
          payload: { title: 'a\u0000b', category: 1, content: '<p>x</p>' },
        },
        field: 'title',
      },
      {
        call: {
          method: 'POST',
          url: '/api/blade-system/param/submit',
          payload: { paramName: 'n', paramKey: 'k.nul', paramValue: 'v\u0000' },
        },
        field: 'paramValue',
      },
      {
        call: {
          method: 'POST',
          url: '/api/blade-system/role/grant',
          payload: { roleIds: ['1'], menuIds: ['2', '3\u0000'] },
        },
        field: 'menuIds[1]',
      },
      {
        call: {
          method: 'POST',
          url: '/api/blade-system/param/submit',
          payload: { paramName: 'n', paramKey: 'k.nul2', paramValue: 'v', 're\u0000mark': 'x' },
        },
        field: 're\\0mark',
      },
      { call: { method: 'GET', url: '/oss/local/000000/upload/20240101/a%00.png' }, field: 'file' },
    ];
    for (const { call, field } of cases) {
      const res = await t.call(call);
      expect(res.status, String(call.url)).toBe(400);
      expect(res.body, String(call.url)).toEqual({
        code: 400,
        success: false,
        data: null,
        msg: `${field}不能包含空字符`,
      });
    }
    const en = await t.call({
      method: 'GET',
      url: '/api/blade-desk/notice/list?title=a%00b',
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.msg).toBe('title must not contain a NUL character');
    // Sign-in too (the password grant's query).
    const signIn = await t.call(
      {
        method: 'POST',
        url: '/api/blade-auth/oauth/token?tenantId=000000&username=ad%00min&password=x&grant_type=password&scope=all',
      },
      null,
    );
    expect(signIn.status).toBe(400);

    expect(await count('blade_notice')).toBe(notices);
    expect(await count('blade_param')).toBe(params);
    await t.app.logWriter.flush();
    expect(await count('blade_log_error')).toBe(0);
  });

  it('leaves file contents alone: an upload full of NUL bytes is stored', async () => {
    expect(PNG.includes(0)).toBe(true);
    const { payload, headers } = multipart('n.png', PNG);
    const res = await t.call({
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file',
      payload,
      headers,
    });
    expect(res.status).toBe(200);
  });
});
