import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 45, item 1: every call the public BladeX console (Saber 4.9) makes against a menu this
// server has reaches a handler: none answers the router's 404 "接口不存在". The list is written
// down from Saber's sources (src/api/**, and the URLs its pages use directly: dictionaries,
// selects, imports and exports), with the method Saber uses; the paths are under /api as Saber's
// proxy sends them. What each call answers is tested where its module is; here only that it is
// served. Left out: the spreadsheets (below), Saber's `/user/getUserInfo` and `/user/send-logs` (answered by Saber's own
// mock server, no BladeX service) and its social sign-in render (`/blade-auth/oauth/render`).

type Method = 'GET' | 'POST';

/** src/api/**: [method, path] per exported call (a path called twice is listed once). */
const SABER_API: ReadonlyArray<readonly [Method, string]> = [
  // src/api/user.js
  ['POST', '/blade-auth/token'],
  ['GET', '/blade-auth/captcha'],
  ['POST', '/blade-auth/logout'],
  ['GET', '/blade-system/menu/buttons'],
  ['POST', '/blade-system/user/register-guest'],
  // src/api/base/region.js
  ['GET', '/blade-system/region/list'],
  ['GET', '/blade-system/region/lazy-tree'],
  ['GET', '/blade-system/region/detail'],
  ['POST', '/blade-system/region/remove'],
  ['POST', '/blade-system/region/submit'],
  // src/api/desk/notice.js
  ['GET', '/blade-desk/notice/list'],
  ['POST', '/blade-desk/notice/remove'],
  ['POST', '/blade-desk/notice/submit'],
  ['GET', '/blade-desk/notice/detail'],
  // src/api/logs.js
  ['GET', '/blade-log/usual/list'],
  ['GET', '/blade-log/api/list'],
  ['GET', '/blade-log/error/list'],
  ['GET', '/blade-log/usual/detail'],
  ['GET', '/blade-log/api/detail'],
  ['GET', '/blade-log/error/detail'],
  // src/api/report/report.js
  ['GET', '/blade-report/report/rest/list'],
  ['POST', '/blade-report/report/rest/remove'],
  // src/api/system/client.js
  ['GET', '/blade-system/client/list'],
  ['GET', '/blade-system/client/detail'],
  ['POST', '/blade-system/client/remove'],
  ['POST', '/blade-system/client/submit'],
  // src/api/system/dept.js
  ['GET', '/blade-system/dept/list'],
  ['POST', '/blade-system/dept/remove'],
  ['POST', '/blade-system/dept/submit'],
  ['GET', '/blade-system/dept/detail'],
  ['GET', '/blade-system/dept/tree'],
  // src/api/system/dict.js
  ['GET', '/blade-system/dict/list'],
  ['POST', '/blade-system/dict/remove'],
  ['POST', '/blade-system/dict/submit'],
  ['GET', '/blade-system/dict/detail'],
  ['GET', '/blade-system/dict/tree?code=DICT'],
  // src/api/system/menu.js
  ['GET', '/blade-system/menu/list'],
  ['POST', '/blade-system/menu/remove'],
  ['POST', '/blade-system/menu/submit'],
  ['GET', '/blade-system/menu/detail'],
  ['GET', '/blade-system/menu/lazy-menu-list'],
  ['GET', '/blade-system/menu/top-menu'],
  ['GET', '/blade-system/menu/routes'],
  // src/api/system/param.js
  ['GET', '/blade-system/param/list'],
  ['POST', '/blade-system/param/remove'],
  ['POST', '/blade-system/param/submit'],
  // src/api/system/post.js
  ['GET', '/blade-system/post/list'],
  ['GET', '/blade-system/post/select'],
  ['GET', '/blade-system/post/detail'],
  ['POST', '/blade-system/post/remove'],
  ['POST', '/blade-system/post/submit'],
  // src/api/system/role.js
  ['GET', '/blade-system/role/list'],
  ['GET', '/blade-system/menu/grant-tree'],
  ['POST', '/blade-system/role/grant'],
  ['POST', '/blade-system/role/remove'],
  ['POST', '/blade-system/role/submit'],
  ['GET', '/blade-system/menu/role-tree-keys'],
  ['GET', '/blade-system/role/tree'],
  // src/api/system/scope.js
  ['GET', '/blade-system/data-scope/list'],
  ['POST', '/blade-system/data-scope/remove'],
  ['POST', '/blade-system/data-scope/submit'],
  ['GET', '/blade-system/data-scope/detail'],
  ['GET', '/blade-system/api-scope/list'],
  ['POST', '/blade-system/api-scope/remove'],
  ['POST', '/blade-system/api-scope/submit'],
  ['GET', '/blade-system/api-scope/detail'],
  // src/api/system/tenant.js
  ['GET', '/blade-system/tenant/list'],
  ['POST', '/blade-system/tenant/remove'],
  ['POST', '/blade-system/tenant/submit'],
  ['GET', '/blade-system/tenant/info'],
  // src/api/system/topmenu.js
  ['GET', '/blade-system/topmenu/list'],
  ['GET', '/blade-system/topmenu/detail'],
  ['POST', '/blade-system/topmenu/remove'],
  ['POST', '/blade-system/topmenu/submit'],
  ['GET', '/blade-system/menu/grant-top-tree'],
  ['GET', '/blade-system/menu/top-tree-keys'],
  ['POST', '/blade-system/topmenu/grant'],
  // src/api/system/user.js
  ['GET', '/blade-system/user/list'],
  ['POST', '/blade-system/user/remove'],
  ['POST', '/blade-system/user/submit'],
  ['POST', '/blade-system/user/update'],
  ['POST', '/blade-system/user/grant'],
  ['GET', '/blade-system/user/detail'],
  ['GET', '/blade-system/user/info'],
  ['POST', '/blade-system/user/reset-password'],
  ['POST', '/blade-system/user/update-password'],
  ['POST', '/blade-system/user/update-info'],
  ['POST', '/blade-system/user/unlock'],
  // src/api/tool/code.js
  ['GET', '/blade-develop/code/list'],
  ['POST', '/blade-develop/code/gen-code'],
  ['POST', '/blade-develop/code/remove'],
  ['POST', '/blade-develop/code/submit'],
  ['POST', '/blade-develop/code/copy'],
  ['GET', '/blade-develop/code/detail'],
  // src/api/tool/datasource.js
  ['GET', '/blade-develop/datasource/list'],
  ['GET', '/blade-develop/datasource/detail'],
  ['POST', '/blade-develop/datasource/remove'],
  ['POST', '/blade-develop/datasource/submit'],
];

/**
 * The URLs Saber's pages (src/views/**) call directly: dictionaries, selects, the avatar upload.
 * Its user and region spreadsheets (user/import-user, export-user, export-template,
 * region/import-region) are left out: this server's are at `…/import`, `…/export` and
 * `…/import-template` of each area, with a dry run Saber's forms do not send (decision 0046).
 */
const SABER_PAGES: ReadonlyArray<readonly [Method, string]> = [
  ['GET', '/blade-system/menu/tree'],
  ['GET', '/blade-system/dict/dictionary?code=api_scope_type'],
  ['GET', '/blade-system/dict/dictionary?code=data_scope_type'],
  ['GET', '/blade-system/tenant/select'],
  ['GET', '/blade-system/region/select'],
  ['GET', '/blade-develop/datasource/select'],
  ['POST', '/blade-resource/oss/endpoint/put-file'],
];

describe.each(oneEngineFor(import.meta.url))("Saber's calls on %s", (kind) => {
  let t: TestApp;
  let notFound: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    // The router's own answer for a path it has no route for, to tell it from a handler's 404.
    const missing = await t.call({ method: 'GET', url: '/api/blade-system/no-such-call' });
    expect(missing.status).toBe(404);
    notFound = (missing.body.msg as string).split(':')[0]!;
    expect(notFound).toBe('接口不存在');
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each([...SABER_API, ...SABER_PAGES])('serves %s /api%s', async (method, path) => {
    const res = await t.call({ method, url: `/api${path}` });
    const routerNotFound = res.status === 404 && String(res.body?.msg).startsWith(notFound);
    expect(routerNotFound, `${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`).toBe(false);
  });
});
