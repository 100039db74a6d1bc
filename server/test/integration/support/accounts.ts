import { hashPassword } from '../../../src/db/seed/seed.js';
import { flattenMenus, menuId, systemAudit } from '../../../src/db/seed/menus.js';
import { md5, type TestApp } from './test-app.js';

// Rows the user, role and top-menu APIs will create once they exist; until then tests insert them
// through Kysely on the test app's store.

export interface TestAccount {
  tenantId: string;
  account: string;
  password: string;
  userId: string;
  roleIds: string[];
}

/** A tenant (if missing), roles granted the given menus, and a user holding all the roles. */
export async function createAccount(
  t: Pick<TestApp, 'store'>,
  options: {
    tenantId?: string;
    account?: string;
    password?: string;
    /** One role per entry: its alias and the menu ids granted to it. */
    roles?: Array<{ alias?: string; menuIds?: string[] }>;
    name?: string;
    /** Comma-joined department ids of the user (default '1', no such department). */
    deptId?: string;
    /** The user's status (default 1); 0 disabled, 2 pending. */
    userStatus?: number;
    /** Status and expiry of the tenant, when this call creates it. */
    tenantStatus?: number;
    expireTime?: Date | null;
  } = {},
): Promise<TestAccount> {
  const db = t.store.db;
  const tenantId = options.tenantId ?? '000000';
  const account = options.account ?? `u${t.store.ids.next().slice(-9)}`;
  const password = options.password ?? 'secret';
  const existing = await db
    .selectFrom('blade_tenant')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!existing) {
    await db
      .insertInto('blade_tenant')
      .values({
        id: BigInt(t.store.ids.next()),
        tenant_id: tenantId,
        tenant_name: `租户${tenantId}`,
        domain: null,
        background_url: null,
        linkman: null,
        contact_number: null,
        address: null,
        account_number: -1,
        expire_time: options.expireTime ?? null,
        package_id: null,
        datasource_id: null,
        license_key: null,
        ...systemAudit(),
        status: options.tenantStatus ?? 1,
      })
      .execute();
  }
  const roleIds: string[] = [];
  for (const role of options.roles ?? [{}]) {
    const roleId = t.store.ids.next();
    roleIds.push(roleId);
    await db
      .insertInto('blade_role')
      .values({
        id: BigInt(roleId),
        tenant_id: tenantId,
        parent_id: 0n,
        role_name: '角色',
        sort: 1,
        role_alias: role.alias ?? 'operator',
        ...systemAudit(),
      })
      .execute();
    await grantMenus(t, roleId, role.menuIds ?? []);
  }
  const userId = t.store.ids.next();
  await db
    .insertInto('blade_user')
    .values({
      id: BigInt(userId),
      tenant_id: tenantId,
      code: null,
      user_type: 1,
      account,
      password: await hashPassword(md5(password)),
      name: options.name ?? account,
      real_name: account.slice(0, 10),
      avatar: null,
      email: null,
      phone: null,
      birthday: null,
      sex: null,
      role_id: roleIds.join(','),
      dept_id: options.deptId ?? '1',
      post_id: null,
      is_locked: 0,
      token_valid_after: null,
      ...systemAudit(),
      status: options.userStatus ?? 1,
    })
    .execute();
  return { tenantId, account, password, userId, roleIds };
}

export async function grantMenus(
  t: Pick<TestApp, 'store'>,
  roleId: string,
  menuIds: string[],
): Promise<void> {
  if (menuIds.length === 0) return;
  await t.store.db
    .insertInto('blade_role_menu')
    .values(
      menuIds.map((menuId) => ({
        id: BigInt(t.store.ids.next()),
        menu_id: BigInt(menuId),
        role_id: BigInt(roleId),
      })),
    )
    .execute();
}

/** A top menu listing the given menus (blade_top_menu + blade_top_menu_setting); answers its id. */
export async function createTopMenu(
  t: Pick<TestApp, 'store'>,
  options: { code: string; name?: string; sort?: number; menuIds?: string[]; source?: string | null },
): Promise<string> {
  const id = t.store.ids.next();
  await t.store.db
    .insertInto('blade_top_menu')
    .values({
      id: BigInt(id),
      code: options.code,
      name: options.name ?? options.code,
      source: options.source ?? null,
      sort: options.sort ?? 1,
      ...systemAudit(),
    })
    .execute();
  const menuIds = options.menuIds ?? [];
  if (menuIds.length > 0) {
    await t.store.db
      .insertInto('blade_top_menu_setting')
      .values(
        menuIds.map((menuId) => ({
          id: BigInt(t.store.ids.next()),
          top_menu_id: BigInt(id),
          menu_id: BigInt(menuId),
        })),
      )
      .execute();
  }
  return id;
}

/** Signs in and answers the access token (and the rest of the token response). */
export async function signInAs(t: TestApp, user: TestAccount) {
  const res = await t.signIn(user.account, user.password, user.tenantId);
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  return res.body as { access_token: string; refresh_token: string };
}

/** 我的事务's pages (their reads need them: security S16) and the buttons of starting, claiming and handling. */
export const WORK_CODES = [
  'work',
  'work_start',
  'work_claim',
  'work_todo',
  'work_start_flow',
  'work_claim_sign',
  'work_todo_handle',
];

/** Every seeded menu and button: what a tenant's administrator role is granted in these tests. */
export const ALL_MENU_IDS = flattenMenus().map((m) => m.id);

/** An administrator (alias admin) of another tenant, granted every menu and button. */
export async function createTenantAdmin(
  t: TestApp,
  tenantId: string,
): Promise<TestAccount & { token: string }> {
  const admin = await createAccount(t, { tenantId, roles: [{ alias: 'admin', menuIds: ALL_MENU_IDS }] });
  return { ...admin, token: (await signInAs(t, admin)).access_token };
}

/** A user of the tenant with one role granted exactly these menu codes; answers it with a token. */
export async function createOperator(
  t: TestApp,
  codes: string[],
  options: { tenantId?: string; deptId?: string; account?: string } = {},
): Promise<TestAccount & { token: string }> {
  const user = await createAccount(t, { ...options, roles: [{ menuIds: codes.map(menuId) }] });
  return { ...user, token: (await signInAs(t, user)).access_token };
}

/** A department row inserted directly (ancestors as given); answers its id. */
export async function insertDept(
  t: Pick<TestApp, 'store'>,
  options: { tenantId?: string; parentId?: string; ancestors?: string; deptName: string; sort?: number },
): Promise<string> {
  const id = t.store.ids.next();
  await t.store.db
    .insertInto('blade_dept')
    .values({
      id: BigInt(id),
      tenant_id: options.tenantId ?? '000000',
      parent_id: BigInt(options.parentId ?? '0'),
      ancestors: options.ancestors ?? '0',
      dept_category: 1,
      dept_name: options.deptName,
      full_name: null,
      sort: options.sort ?? 1,
      remark: null,
      ...systemAudit(),
    })
    .execute();
  return id;
}

/** The menu ids granted to a role (blade_role_menu), sorted. */
export async function menusOfRole(t: Pick<TestApp, 'store'>, roleId: string): Promise<string[]> {
  const rows = await t.store.db
    .selectFrom('blade_role_menu')
    .select('menu_id')
    .where('role_id', '=', BigInt(roleId))
    .execute();
  return rows.map((r) => String(r.menu_id)).sort();
}

/** The scope ids granted to a role (blade_role_scope), of one category or all, sorted. */
export async function scopesOfRole(
  t: Pick<TestApp, 'store'>,
  roleId: string,
  category?: number,
): Promise<string[]> {
  let query = t.store.db
    .selectFrom('blade_role_scope')
    .select('scope_id')
    .where('role_id', '=', BigInt(roleId));
  if (category !== undefined) query = query.where('scope_category', '=', category);
  return (await query.execute()).map((r) => String(r.scope_id)).sort();
}

/** What tests change a new tenant administrator's initial password to. */
export const CHANGED_INITIAL_PASSWORD = 'Tenant-admin-1';

/**
 * The query of the update-password call a new tenant's administrator must make before anything
 * else (issue 44: the initial password is to be changed at the first sign-in); the session that
 * makes it carries on.
 */
export const initialPasswordChange = (initial = '123456') => ({
  oldPassword: md5(initial),
  newPassword: md5(CHANGED_INITIAL_PASSWORD),
  newPassword1: md5(CHANGED_INITIAL_PASSWORD),
});
