import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STREAM_PATH } from '@console/contract';
import type { RouteRule } from '../../src/core/auth/guard.js';
import { menuId } from '../../src/db/seed/menus.js';
import { ALL_MENU_IDS, createAccount, createOperator, signInAs, WORK_CODES } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { setRoleScopes } from './support/scopes.js';
import { SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

// Issue 44, item 10 (security S16): reads are as guarded as writes. The routes come from the server
// itself (app.routeRules), so a route added later is called here without being listed. A user with
// no menus is refused every GET route that is not one of the reviewed exceptions below; a user with
// every menu but no administrator role is refused none of them but the administrators'.

/** The GET routes every signed-in user may call, and why (reviewed: a new one fails this test). */
const EVERYONE: Record<string, 'own' | 'reference'> = {
  '/api/blade-auth/oauth/user-info': 'own',
  '/api/blade-auth/oauth/logout': 'own',
  '/api/blade-auth/logout': 'own',
  '/api/blade-user/info': 'own',
  '/api/blade-system/user/info': 'own',
  '/api/blade-user/password-policy': 'reference',
  '/api/blade-system/user/password-policy': 'reference',
  '/api/blade-flow/work/claim-list': 'own',
  '/api/blade-flow/work/todo-list': 'own',
  '/api/blade-flow/work/done-list': 'own',
  '/api/blade-flow/work/send-list': 'own',
  // Issue 51: where the caller's own task may be returned to; the requests copied to the caller.
  '/api/blade-flow/work/return-targets': 'own',
  // A countersign the caller signs: its signers and their votes (加签 / 减签 choose from them).
  '/api/blade-flow/work/signers': 'own',
  '/api/blade-flow/work/copy-list': 'own',
  '/api/blade-system/menu/routes': 'reference',
  '/api/blade-system/menu/buttons': 'reference',
  '/api/blade-system/menu/top-menu': 'reference',
  '/api/blade-desk/notice/list': 'reference',
  '/api/blade-desk/notice/detail': 'reference',
  // The caller's own messages (issue 47, decision 0037).
  '/api/blade-desk/message/list': 'own',
  '/api/blade-desk/message/detail': 'own',
  '/api/blade-desk/message/unread-count': 'own',
  // The file a message carries (a delivered report, issue 49): its recipient's only.
  '/api/blade-desk/message/file': 'own',
  '/api/blade-desk/stream': 'own',
  // The caller's own second factor (issue 48).
  '/api/blade-user/totp/status': 'own',
};
for (const dict of ['dict', 'dict-biz'])
  for (const path of ['list', 'parent-list', 'child-list', 'detail', 'tree', 'dictionary'])
    EVERYONE[`/api/blade-system/${dict}/${path}`] = 'reference';
for (const path of ['list', 'lazy-list', 'lazy-tree', 'detail', 'select'])
  EVERYONE[`/api/blade-system/region/${path}`] = 'reference';

/** A route's path with each `:param` filled in. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'x');

describe.each(oneEngineFor(import.meta.url))('reads need their menus (S16) on %s', (kind) => {
  let t: TestApp;
  let gets: RouteRule[];
  let nobody: Awaited<ReturnType<typeof createOperator>>;

  /** The status of a GET (an export answers a workbook, not JSON). */
  const statusOf = async (url: string, token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: concrete(url),
        headers: { authorization: SABER_BASIC, 'blade-auth': `bearer ${token}` },
      })
    ).statusCode;

  beforeAll(async () => {
    t = await startTestApp(kind);
    gets = t.app.routeRules.filter((rule) => rule.method === 'GET');
    nobody = await createOperator(t, [], { tenantId: '300016' });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('declares a rule on every API route of access user (a route without one stops the start)', () => {
    expect(gets.length).toBeGreaterThan(100);
    for (const { url, config } of t.app.routeRules) {
      if ((config.access ?? 'user') !== 'user') continue;
      expect(
        config.button !== undefined || config.menu !== undefined || config.everyone !== undefined,
        url,
      ).toBe(true);
    }
    const open = gets.filter((rule) => rule.config.everyone !== undefined).map((rule) => rule.url);
    expect(new Set(open)).toEqual(new Set(Object.keys(EVERYONE)));
    for (const rule of gets)
      if (rule.config.everyone !== undefined) expect(rule.config.everyone, rule.url).toBe(EVERYONE[rule.url]);
  });

  it('refuses a user without menus every GET route but the reviewed ones', async () => {
    const wrong: string[] = [];
    for (const { url, config } of gets) {
      const access = config.access ?? 'user';
      // (Logout ends the session the loop goes on with: the first test shows it is 'own'. The event
      // stream never ends: event-stream.test.ts opens it as users without menus.)
      if (
        access === 'open' ||
        access === 'public' ||
        config.ownWithoutMenu ||
        url.endsWith('/logout') ||
        url === EVENT_STREAM_PATH
      )
        continue;
      const status = await statusOf(url, nobody.token);
      if ((status === 403) !== (config.everyone === undefined)) wrong.push(`${url}: ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets a user holding every menu (not an administrator) call every GET route of access user', async () => {
    const user = await createAccount(t, { tenantId: '300016', roles: [{ menuIds: ALL_MENU_IDS }] });
    const everything = { token: (await signInAs(t, user)).access_token };
    const wrong: string[] = [];
    for (const { url, config } of gets) {
      if ((config.access ?? 'user') !== 'user' || url.endsWith('/logout') || url === EVENT_STREAM_PATH)
        continue;
      if ((await statusOf(url, everything.token)) === 403) wrong.push(url);
    }
    expect(wrong).toEqual([]);
  });

  it('opens a read to a role granted an API scope over it instead of the menu', async () => {
    const reader = await createOperator(t, []);
    const url = '/api/zxgxg-api/hospital/list';
    expect((await t.call({ method: 'GET', url }, reader.token)).status).toBe(403);
    const rule = {
      menuId: menuId('hospital'),
      resourceCode: 'hospital_list',
      scopeName: '医院列表',
      scopePath: '/zxgxg-api/hospital/list',
      scopeMethod: 'get',
      scopeType: 1,
    };
    const submit = (payload: object) =>
      t.call({ method: 'POST', url: '/api/blade-system/api-scope/submit', payload });
    const scope = (await submit(rule)).body.data.id as string;
    await setRoleScopes(t, reader.roleIds[0]!, 'api', [scope]);
    await submit({ ...rule, id: scope }); // reaches the guard's cache
    const res = await t.call({ method: 'GET', url }, reader.token);
    expect(res.status).toBe(200);
    expect(res.body.data.records).toEqual([]);
  });

  it('answers a process and its leave record to the people in it, and to no one else without the tracking menu', async () => {
    const applicant = await createOperator(t, WORK_CODES);
    const approver = await createOperator(t, WORK_CODES);
    const stranger = await createOperator(t, WORK_CODES);
    const tracker = await createOperator(t, ['flow_follow']);
    const get = (url: string, token: string) => t.call({ method: 'GET', url }, token);
    const offered = (await get('/api/blade-flow/work/start-list', applicant.token)).body.data
      .records as Array<{
      id: string;
      key: string;
    }>;
    const definitionId = offered.find((d) => d.key === 'Leave')!.id;
    const started = await t.call(
      {
        method: 'POST',
        url: '/api/blade-desk/process/leave/start-process',
        payload: {
          processDefinitionId: definitionId,
          leaveType: 1,
          startTime: '2026-12-01 09:00:00',
          endTime: '2026-12-03 09:00:00',
          days: 2,
          reason: '家中有事',
          taskUser: approver.userId,
        },
      },
      applicant.token,
    );
    expect(started.status).toBe(200);
    const { id: businessId, processInstanceId } = started.body.data as {
      id: string;
      processInstanceId: string;
    };
    const reads = [
      `/api/blade-flow/process/history-flow-list?processInstanceId=${processInstanceId}`,
      `/api/blade-flow/process/model-view?processInstanceId=${processInstanceId}`,
      `/api/blade-flow/process/form-data?processInstanceId=${processInstanceId}`,
      `/api/blade-desk/process/leave/detail?businessId=${businessId}`,
    ];
    for (const url of reads) {
      for (const reader of [applicant, approver, tracker])
        expect((await get(url, reader.token)).status, url).toBe(200);
      expect(await get(url, stranger.token), url).toMatchObject({ status: 404, body: { success: false } });
    }
    // A definition's diagram is for the pages that manage processes.
    const definition = `/api/blade-flow/process/model-view?processDefinitionId=${definitionId}`;
    expect((await get(definition, stranger.token)).body).toMatchObject({ code: 403, msg: '缺少菜单权限' });
    expect((await get(definition, tracker.token)).status).toBe(200);
  });

  it("answers the switch dialog's departments and roles of the caller only, without the user menu", async () => {
    const plain = await createOperator(t, []);
    const manager = await createOperator(t, ['user']);
    for (const what of ['dept', 'role']) {
      const url = `/api/blade-system/${what}/select`;
      expect((await t.call({ method: 'GET', url }, plain.token)).status).toBe(200);
      expect(
        (await t.call({ method: 'GET', url: `${url}?userId=${plain.userId}` }, plain.token)).status,
      ).toBe(200);
      const other = await t.call({ method: 'GET', url: `${url}?userId=${manager.userId}` }, plain.token);
      expect(other).toMatchObject({ status: 403, body: { code: 403, success: false } });
      expect(
        (await t.call({ method: 'GET', url: `${url}?userId=${plain.userId}` }, manager.token)).status,
      ).toBe(200);
    }
  });
});
