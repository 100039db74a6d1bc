import { createHash } from 'node:crypto';
import { hash as argon2 } from '@node-rs/argon2';
import { PLATFORM_TENANT_ID } from '@console/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { seedDictionaries } from './dictionaries.js';
import { seedLeaveProcess } from './leave-process.js';
import { seedRefundProcess } from './refund-process.js';
import { seedRepairProcess } from './repair-process.js';
import { seedReports } from './reports.js';
import { flattenMenus, menuRow, type SeedAudit, type SeedIds } from './menus.js';
import { seedRegions } from './regions.js';

// What an empty database needs to be usable: the platform tenant, its top department, the
// administrator role with every menu, the admin account (admin / admin, to be changed at the first
// sign-in), the console's client and the platform parameters. Ids of the well-known rows are BladeX's, so BladeX users find them.
// Reference data follows, each set on its own: the system dictionaries and the regions of China
// are loaded into their tables when those have never had a row (also into a database seeded by an
// earlier version).

export const SEED_IDS = {
  tenant: '1123598820738675201',
  dept: '1123598813738675201',
  administratorRole: '1123598816738675201',
  admin: '1123598821738675201',
  client: '1123598811738675202',
} as const;

/** The client's MD5 of the typed password (contract.md), slow-hashed for storage. */
export async function hashPassword(md5Hex: string): Promise<string> {
  // 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
  return argon2(md5Hex.toLowerCase(), { algorithm: 2 });
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export interface SeedOptions {
  /**
   * Load the regions of China (default true). Tests that do not read regions skip them, so that
   * every test app does not pay for 3,600 rows; the region tests load them.
   */
  regions?: boolean;
  /**
   * Deploy the leave process (default true). A test that seeds a schema from before the workflow
   * (an older installation, migrated only part of the way) leaves it out, as that seed did.
   */
  leaveProcess?: boolean;
  /** Deploy the machine repair process, built from a designed form (issue 51; default as leaveProcess). */
  repairProcess?: boolean;
  /** Seed the day-one reports (default true; skipped on a schema without blade_report). */
  reports?: boolean;
  /**
   * Require the seeded admin to change admin / admin at the first sign-in (default true). A test
   * that seeds a schema from before migration 0016 leaves it out, as that seed did; 0016 itself
   * marks such an admin.
   */
  passwordChange?: boolean;
}

/**
 * Seeds an empty database (the platform in one transaction, then each set of reference data);
 * answers false, having changed nothing, when everything was seeded already.
 */
export async function seedDatabase(
  db: Kysely<Database>,
  ids: SeedIds,
  options: SeedOptions = {},
): Promise<boolean> {
  const now = new Date();
  const audit = {
    create_user: BigInt(SEED_IDS.admin),
    create_dept: BigInt(SEED_IDS.dept),
    create_time: now,
    update_user: BigInt(SEED_IDS.admin),
    update_time: now,
    status: 1,
    is_deleted: 0,
  };
  const platform = await seedPlatform(db, ids, audit, options.passwordChange !== false);
  const dictionaries = await seedDictionaries(db, audit);
  const regions = options.regions === false ? 0 : await seedRegions(db);
  const leave = options.leaveProcess === false ? false : await seedLeaveProcess(db, ids, audit);
  const repair =
    (options.repairProcess ?? options.leaveProcess) === false
      ? false
      : await seedRepairProcess(db, ids, audit);
  // The refund's second approval (issue 51), seeded with the leave process.
  const refund = options.leaveProcess === false ? false : await seedRefundProcess(db, ids, audit);
  const reports = options.reports === false ? 0 : await seedReports(db, audit);
  return platform || dictionaries > 0 || regions > 0 || leave || repair || refund || reports > 0;
}

async function seedPlatform(
  db: Kysely<Database>,
  ids: SeedIds,
  audit: SeedAudit,
  passwordChange: boolean,
): Promise<boolean> {
  const existing = await db
    .selectFrom('blade_tenant')
    .select('id')
    .where('tenant_id', '=', PLATFORM_TENANT_ID)
    .executeTakeFirst();
  if (existing) return false;

  const passwordHash = await hashPassword(md5('admin'));
  try {
    await insertSeed(db, ids, passwordHash, audit, passwordChange);
  } catch (error) {
    // Another process starting at the same moment may have seeded first: that is success too.
    const seeded = await db
      .selectFrom('blade_tenant')
      .select('id')
      .where('tenant_id', '=', PLATFORM_TENANT_ID)
      .executeTakeFirst();
    if (!seeded) throw error;
    return false;
  }
  return true;
}

async function insertSeed(
  db: Kysely<Database>,
  ids: SeedIds,
  passwordHash: string,
  audit: SeedAudit,
  passwordChange: boolean,
): Promise<void> {
  const admin = audit.create_user;
  const dept = audit.create_dept;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('blade_tenant')
      .values({
        id: BigInt(SEED_IDS.tenant),
        tenant_id: PLATFORM_TENANT_ID,
        tenant_name: '管理组',
        domain: null,
        background_url: null,
        linkman: 'admin',
        contact_number: null,
        address: null,
        account_number: -1,
        expire_time: null,
        package_id: null,
        datasource_id: null,
        license_key: null,
        ...audit,
      })
      .execute();

    await trx
      .insertInto('blade_dept')
      .values({
        id: dept,
        tenant_id: PLATFORM_TENANT_ID,
        parent_id: 0n,
        ancestors: '0',
        dept_category: 1,
        dept_name: '总部',
        full_name: '总部',
        sort: 1,
        remark: null,
        ...audit,
      })
      .execute();

    await trx
      .insertInto('blade_role')
      .values({
        id: BigInt(SEED_IDS.administratorRole),
        tenant_id: PLATFORM_TENANT_ID,
        parent_id: 0n,
        role_name: '超级管理员',
        sort: 1,
        role_alias: 'administrator',
        ...audit,
      })
      .execute();

    await trx
      .insertInto('blade_user')
      .values({
        id: admin,
        tenant_id: PLATFORM_TENANT_ID,
        code: null,
        user_type: 1,
        account: 'admin',
        password: passwordHash,
        name: '管理员',
        real_name: '管理员',
        avatar: null,
        email: null,
        phone: null,
        birthday: null,
        sex: null,
        role_id: SEED_IDS.administratorRole,
        dept_id: SEED_IDS.dept,
        post_id: null,
        is_locked: 0,
        token_valid_after: null,
        // admin / admin is known to everyone: it must be changed at the first sign-in (issue 44).
        ...(passwordChange ? { password_change_required: 1 } : {}),
        ...audit,
      })
      .execute();

    await trx
      .insertInto('blade_client')
      .values({
        id: BigInt(SEED_IDS.client),
        client_id: 'saber',
        client_secret: 'saber_secret',
        resource_ids: null,
        scope: 'all',
        authorized_grant_types: 'refresh_token,password,captcha,social',
        web_server_redirect_uri: 'http://localhost:8080',
        authorities: null,
        access_token_validity: 3600,
        refresh_token_validity: 604_800,
        additional_information: null,
        autoapprove: null,
        ...audit,
      })
      .execute();

    const menus = flattenMenus();
    for (let i = 0; i < menus.length; i += 100) {
      await trx
        .insertInto('blade_menu')
        .values(menus.slice(i, i + 100).map((m) => ({ ...menuRow(m), ...audit })))
        .execute();
      await trx
        .insertInto('blade_role_menu')
        .values(
          menus.slice(i, i + 100).map((m) => ({
            id: BigInt(ids.next()),
            menu_id: BigInt(m.id),
            role_id: BigInt(SEED_IDS.administratorRole),
          })),
        )
        .execute();
    }

    await trx
      .insertInto('blade_param')
      .values([
        {
          id: BigInt(ids.next()),
          param_name: '是否开启注册功能',
          param_key: 'account.registerUser',
          param_value: 'true',
          remark: '开启注册',
          visibility: 1,
          ...audit,
        },
        {
          id: BigInt(ids.next()),
          param_name: '账号初始密码',
          param_key: 'account.initPassword',
          param_value: '123456',
          remark: '初始密码',
          visibility: 0,
          ...audit,
        },
      ])
      .execute();
  });
}
