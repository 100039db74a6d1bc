import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemAudit } from '../../src/db/seed/menus.js';
import { MessageRepository } from '../../src/modules/desk/message/message.repository.js';
import { MessageService } from '../../src/modules/desk/message/message.service.js';
import {
  createAccount,
  createOperator,
  createTenantAdmin,
  signInAs,
  type TestAccount,
} from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

// Issue 47: a notice's audience (decision 0038). Creating a notice publishes it: once it has
// committed, each live, enabled user of its tenant in its audience (all, the holders of roles, the
// members of departments) is sent it as a message of kind notice, once; an edit sends nothing. An
// audience naming a role or department that is not the caller's tenant's answers 400, nothing saved.

const BASE = '/api/blade-desk/notice';
const TENANT = '300047';
const OTHER_TENANT = '300048';

describe.each(oneEngineFor(import.meta.url))('a notice’s audience on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createTenantAdmin>>;
  let other: Awaited<ReturnType<typeof createTenantAdmin>>;
  /** Two roles and two departments of TENANT, one role and one department of OTHER_TENANT. */
  const ids = { nurse: '', pharmacist: '', ward: '', clinic: '', otherRole: '', otherDept: '' };
  /** TENANT's users by name (the administrator among them). */
  const users: Record<string, string> = {};
  const accounts: Record<string, TestAccount> = {};

  const submit = (body: object, token = admin.token, language = 'zh-CN') =>
    t.call(
      { method: 'POST', url: `${BASE}/submit`, payload: body, headers: { 'accept-language': language } },
      token,
    );

  /** The recipients of the messages titled `title`, by name (ids unknown to the test as themselves). */
  const recipients = async (title: string) => {
    const rows = await t.store.db
      .selectFrom('blade_message')
      .select(['user_id', 'tenant_id'])
      .where('title', '=', title)
      .execute();
    const names = new Map(Object.entries(users).map(([name, id]) => [id, name]));
    return rows
      .map((row) => `${row.tenant_id}:${names.get(String(row.user_id)) ?? String(row.user_id)}`)
      .sort();
  };
  const inTenant = (...names: string[]) => names.map((name) => `${TENANT}:${name}`).sort();
  const count = async (table: 'blade_notice' | 'blade_message') =>
    Number(
      (
        await t.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A user of the tenant with these comma-joined roles and departments. */
  const addUser = async (
    name: string,
    roleId: string,
    deptId: string,
    options: { tenantId?: string; status?: number; deleted?: boolean } = {},
  ) => {
    const user = await createAccount(t, {
      tenantId: options.tenantId ?? TENANT,
      roles: [],
      deptId,
      userStatus: options.status ?? 1,
    });
    await t.store.db
      .updateTable('blade_user')
      .set({ role_id: roleId, is_deleted: options.deleted ? 1 : 0 })
      .where('id', '=', BigInt(user.userId))
      .execute();
    users[name] = user.userId;
    accounts[name] = user;
  };

  const addDept = async (deptName: string, token: string) => {
    const res = await t.call(
      { method: 'POST', url: '/api/blade-system/dept/submit', payload: { deptName, sort: 1 } },
      token,
    );
    expect(res.status).toBe(200);
    return String(res.body.data.id);
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await createTenantAdmin(t, TENANT);
    other = await createTenantAdmin(t, OTHER_TENANT);
    users.admin = admin.userId;
    ids.nurse = (await createAccount(t, { tenantId: TENANT, roles: [{ alias: 'nurse' }] })).roleIds[0]!;
    ids.pharmacist = (
      await createAccount(t, { tenantId: TENANT, roles: [{ alias: 'pharmacist' }] })
    ).roleIds[0]!;
    ids.otherRole = other.roleIds[0]!;
    for (const [id, roleName] of [
      [ids.nurse, '护士'],
      [ids.pharmacist, '药师'],
    ] as const)
      await t.store.db
        .updateTable('blade_role')
        .set({ role_name: roleName })
        .where('id', '=', BigInt(id))
        .execute();
    ids.ward = await addDept('病房', admin.token);
    ids.clinic = await addDept('门诊', admin.token);
    ids.otherDept = await addDept('别家', other.token);
    // The accounts that created the two roles hold them; they are users too: give them no role.
    await t.store.db
      .updateTable('blade_user')
      .set({ role_id: '', dept_id: '' })
      .where('tenant_id', '=', TENANT)
      .where('id', '!=', BigInt(admin.userId))
      .execute();
    const roleHolders = await t.store.db
      .selectFrom('blade_user')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .where('id', '!=', BigInt(admin.userId))
      .execute();
    roleHolders.forEach((row, i) => (users[`spare${i}`] = String(row.id)));

    // Each id alone, first, last and in the middle of a comma-joined list.
    await addUser('nurse', ids.nurse, ids.ward);
    await addUser('both', `${ids.pharmacist},${ids.nurse}`, `${ids.clinic}`);
    await addUser('pharmacist', ids.pharmacist, `${ids.clinic},${ids.ward}`);
    await addUser('middle', `${ids.pharmacist},${ids.nurse},${ids.otherRole}`, `1,${ids.ward},2`);
    // Never sent anything: a disabled user, a pending one, a removed one, and another tenant's
    // user whose lists name this tenant's role and department.
    await addUser('disabled', ids.nurse, ids.ward, { status: 0 });
    await addUser('pending', ids.nurse, ids.ward, { status: 2 });
    await addUser('removed', ids.nurse, ids.ward, { deleted: true });
    await addUser('stranger', ids.nurse, ids.ward, { tenantId: OTHER_TENANT });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sends a notice to all to every live, enabled user of the tenant, once, as the publisher', async () => {
    const created = await submit({
      title: '全员通知',
      category: 1,
      content: '<p onclick="x()">周六<b>停机</b><script>alert(1)</script></p>',
    });
    expect(created.status).toBe(200);
    const notice = created.body.data;
    expect(notice).toMatchObject({ audienceType: 'all', audienceIds: null, tenantId: TENANT });
    const detail = await t.call({ method: 'GET', url: `${BASE}/detail?id=${notice.id}` }, admin.token);
    expect(detail.body.data).toMatchObject({ audienceType: 'all', audienceNames: null });
    expect(await recipients('全员通知')).toEqual(
      inTenant('admin', 'nurse', 'both', 'pharmacist', 'middle', 'spare0', 'spare1'),
    );
    const message = await t.store.db
      .selectFrom('blade_message')
      .selectAll()
      .where('title', '=', '全员通知')
      .where('user_id', '=', BigInt(users.nurse!))
      .executeTakeFirstOrThrow();
    expect(message).toMatchObject({ kind: 'notice', body: '<p>周六<b>停机</b></p>', link: null });
    expect(message.read_time).toBeNull();
    expect(String(message.create_user)).toBe(admin.userId);

    // The recipient reads it in their inbox.
    const nurse = await signInAs(t, accounts.nurse!);
    const inbox = await t.call({ method: 'GET', url: '/api/blade-desk/message/list' }, nurse.access_token);
    expect(inbox.body.data.records.map((m: { title: string }) => m.title)).toContain('全员通知');

    // An edit, even one naming another audience, changes the notice and sends nothing.
    const before = await count('blade_message');
    const edited = await submit({
      ...notice,
      title: '全员通知（改）',
      audienceType: 'roles',
      audienceIds: ids.nurse,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      title: '全员通知（改）',
      audienceType: 'all',
      audienceIds: null,
    });
    expect(await count('blade_message')).toBe(before);
  });

  it('sends a notice to roles to their holders only, each once', async () => {
    const created = await submit({
      title: '护士通知',
      category: 1,
      audienceType: 'roles',
      audienceIds: ids.nurse,
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ audienceType: 'roles', audienceIds: ids.nurse });
    expect(await recipients('护士通知')).toEqual(inTenant('nurse', 'both', 'middle'));

    const two = await submit({
      title: '两种角色',
      category: 1,
      audienceType: 'roles',
      audienceIds: `${ids.pharmacist},${ids.nurse}`,
    });
    expect(await recipients('两种角色')).toEqual(inTenant('nurse', 'both', 'pharmacist', 'middle'));
    // The detail names them, in the notice's order.
    const detail = await t.call({ method: 'GET', url: `${BASE}/detail?id=${two.body.data.id}` }, admin.token);
    expect(detail.body.data).toMatchObject({
      audienceType: 'roles',
      audienceIds: `${ids.pharmacist},${ids.nurse}`,
      audienceNames: '药师,护士',
    });
  });

  it('sends a notice to departments to their members only', async () => {
    const created = await submit({
      title: '病房通知',
      category: 1,
      audienceType: 'depts',
      audienceIds: ids.ward,
    });
    expect(created.body.data).toMatchObject({ audienceType: 'depts', audienceIds: ids.ward });
    const detail = await t.call({ method: 'GET', url: `${BASE}/detail?id=${created.body.data.id}` });
    // Another tenant's notice is not the platform administrator's to read either.
    expect(detail.status).toBe(404);
    const own = await t.call(
      { method: 'GET', url: `${BASE}/detail?id=${created.body.data.id}` },
      admin.token,
    );
    expect(own.body.data.audienceNames).toBe('病房');
    expect(await recipients('病房通知')).toEqual(inTenant('nurse', 'pharmacist', 'middle'));

    await submit({ title: '门诊通知', category: 1, audienceType: 'depts', audienceIds: ids.clinic });
    expect(await recipients('门诊通知')).toEqual(inTenant('both', 'pharmacist'));
  });

  it('refuses an audience of another tenant’s, unknown or no roles and departments: 400, nothing saved or sent', async () => {
    const notices = await count('blade_notice');
    const messages = await count('blade_message');
    const refused = async (body: object, msg: string, language?: string) => {
      const res = await submit({ title: '不该发出', category: 1, ...body }, admin.token, language);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, msg });
    };
    await refused(
      { audienceType: 'roles', audienceIds: `${ids.nurse},${ids.otherRole}` },
      `角色不存在: ${ids.otherRole}`,
    );
    await refused(
      { audienceType: 'roles', audienceIds: ids.otherRole },
      `No such role: ${ids.otherRole}`,
      'en',
    );
    // A department's id is not a role's, nor the other way round.
    await refused({ audienceType: 'roles', audienceIds: ids.ward }, `角色不存在: ${ids.ward}`);
    await refused({ audienceType: 'depts', audienceIds: ids.nurse }, `部门不存在: ${ids.nurse}`);
    await refused({ audienceType: 'depts', audienceIds: `${ids.otherDept}` }, `部门不存在: ${ids.otherDept}`);
    await refused({ audienceType: 'depts', audienceIds: '' }, '请选择接收通知的部门');
    await refused({ audienceType: 'roles' }, '请选择接收通知的角色');
    await refused({ audienceType: 'roles', audienceIds: 'abc' }, '通知对象应为以逗号分隔的编号');
    const unknownType = await submit({ title: '不该发出', category: 1, audienceType: 'everyone' });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.msg).toContain('通知范围');
    expect(await count('blade_notice')).toBe(notices);
    expect(await count('blade_message')).toBe(messages);
  });

  it('writes the messages once the notice has committed: a failed send leaves the notice saved and answered', async () => {
    vi.spyOn(MessageService.prototype, 'send').mockRejectedValueOnce(new Error('message store down'));
    const res = await submit({ title: '发送失败', category: 1 });
    // The notice was added: the caller is told so, and the failure is logged (decision 0037).
    expect(res.status).toBe(200);
    const saved = await t.store.db
      .selectFrom('blade_notice')
      .select('id')
      .where('title', '=', '发送失败')
      .where('tenant_id', '=', TENANT)
      .execute();
    expect(saved).toHaveLength(1);
    expect(await recipients('发送失败')).toEqual([]);
  });

  it('lists the audience’s choices, the tenant’s own, to the holders of the notice buttons only', async () => {
    const titles = (nodes: Array<{ title: string }>) => nodes.map((node) => node.title).sort();
    const roles = await t.call({ method: 'GET', url: `${BASE}/audience-roles` }, admin.token);
    expect(roles.status).toBe(200);
    expect(roles.body.data.map((node: { id: string }) => node.id)).toEqual(
      expect.arrayContaining([ids.nurse, ids.pharmacist]),
    );
    expect(roles.body.data.map((node: { id: string }) => node.id)).not.toContain(ids.otherRole);
    const depts = await t.call({ method: 'GET', url: `${BASE}/audience-depts` }, admin.token);
    expect(titles(depts.body.data)).toEqual(['病房', '门诊']);

    // The notice page's buttons are enough, without the role and department pages.
    const editor = await createOperator(t, ['notice', 'notice_add'], { tenantId: TENANT });
    expect((await t.call({ method: 'GET', url: `${BASE}/audience-depts` }, editor.token)).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/blade-system/dept/tree' }, editor.token)).status).toBe(
      403,
    );
    const reader = await createOperator(t, ['notice'], { tenantId: TENANT });
    expect((await t.call({ method: 'GET', url: `${BASE}/audience-roles` }, reader.token)).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `${BASE}/audience-depts` }, reader.token)).status).toBe(403);
  });

  it('sends to a large tenant in chunks of at most 500 rows, and fewer rows of a long body', async () => {
    const tenantId = '300049';
    const big = await createTenantAdmin(t, tenantId);
    const many = 5000;
    const few = 100;
    const ward = await addDept('病房', big.token);
    const audit = systemAudit();
    for (let from = 0; from < many; from += 500)
      await t.store.db
        .insertInto('blade_user')
        .values(
          Array.from({ length: Math.min(500, many - from) }, (_, i) => ({
            id: BigInt(t.store.ids.next()),
            tenant_id: tenantId,
            code: null,
            user_type: 1,
            account: `bulk${from + i}`,
            password: 'x',
            name: null,
            real_name: null,
            avatar: null,
            email: null,
            phone: null,
            birthday: null,
            sex: null,
            role_id: big.roleIds[0]!,
            dept_id: from + i < few ? ward : '1',
            post_id: null,
            is_locked: 0,
            token_valid_after: null,
            ...audit,
          })),
        )
        .execute();
    const inserts = vi.spyOn(MessageRepository.prototype, 'insertMany');
    const res = await submit({ title: '大租户通知', category: 1 }, big.token);
    expect(res.status).toBe(200);
    const sent = await t.store.db
      .selectFrom('blade_message')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('title', '=', '大租户通知')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect(Number(sent.n)).toBe(many + 1);
    const sizes = inserts.mock.calls.map(([, rows]) => rows.length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(many + 1);
    expect(Math.max(...sizes)).toBe(500);

    // A long notice (100 KB a copy) to a department of 100: at most 4 MB of bodies in one insert.
    inserts.mockClear();
    const content = `<p>${'维'.repeat(34_000)}</p>`;
    const long = await submit(
      { title: '长通知', category: 1, content, audienceType: 'depts', audienceIds: ward },
      big.token,
    );
    expect(long.status).toBe(200);
    expect(inserts.mock.calls.map(([, rows]) => rows.length)).toEqual([39, 39, 22]);
  }, 120_000);
});
