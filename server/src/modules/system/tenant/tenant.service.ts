import { createHash, randomInt } from 'node:crypto';
import {
  PLATFORM_TENANT_ID,
  DEFAULT_UPLOAD_QUOTA,
  MESSAGE_RETENTION_DAYS,
  SINGLE_SESSION,
  IDLE_TIMEOUT_MINUTES,
  ROOT_PARENT_ID,
  UNLIMITED_ACCOUNTS,
  type Page,
  type Tenant,
  type TenantInfo,
  type TenantInput,
  type TenantOption,
  type TenantPackage,
  type PasswordPolicy,
  PASSWORD_POLICY_DEFAULTS,
} from '@console/contract';
import type { AccountStates } from '../../../core/auth/account-states.js';
import { isPlatformAdminActor, TENANT_ADMIN_ALIAS } from '../../../core/auth/principal.js';
import { parseDateTime } from '../../../core/dates.js';
import { badRequest, notFound } from '../../../core/errors.js';

import { parseListQuery } from '../../../core/list-query.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { hashPassword } from '../../../db/seed/seed.js';
import { DEFAULT_INIT_PASSWORD } from '../../user/user-admin.service.js';
import { UserRepository, type User } from '../../user/user.repository.js';
import { passwordPolicy, recordPassword } from '../../user/password-rules.js';
import { DeptRepository } from '../dept/dept.repository.js';
import { dictBizTable, DictRepository } from '../dict/dict.repository.js';
import { MenuRepository } from '../menu/menu.repository.js';
import { menusBelow, packageMenuIds, type MenuService } from '../menu/menu.service.js';
import { ParamRepository } from '../param/param.repository.js';
import { RoleGrantRepository } from '../role/role-grant.repository.js';
import { RoleRepository } from '../role/role.repository.js';
import { TenantPackageRepository } from '../tenant-package/tenant-package.repository.js';
import { TenantRepository, tenantTable } from './tenant.repository.js';
import { DatasourceRepository } from '../../develop/datasource/datasource.repository.js';
import { PLATFORM } from '../../../core/repository/actors.js';
import { idsOf, removeAll } from '../../../core/entity-service.js';
import { ApiError } from '../../../core/errors.js';
import { MigrationFailedError, type TenantDatabases } from '../../../core/repository/tenant-databases.js';
import { tenantRows } from './tenant-rows.repository.js';

export interface TenantServiceDependencies {
  store: Store;
  /** Where each tenant's business records are (decision 0020): binding moves a tenant there. */
  databases: Pick<TenantDatabases, 'prepare' | 'tenantChanged'>;
  menus: MenuService;
  accounts: AccountStates;
  /** A tenant's package changed: the guard's caches of permission codes must forget them. */
  permissionsChanged(): Promise<void>;
}

/**
 * The menus a new tenant's administrator gets when the tenant has no package (BladeX grants a
 * default list of menu codes the same way): the tenant's own pages, not the platform's (tenants,
 * packages, menus, top menus, clients, parameters, system dictionaries, regions, data and API
 * scope rules, code generation).
 */
export const TENANT_DEFAULT_MENU_CODES = [
  'desk',
  'work',
  'business',
  'monitor',
  'report',
  'resource',
  'flow',
  'role',
  'user',
  'dept',
  'post',
  'dictbiz',
] as const;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const text = (value: string | null | undefined) => value?.trim() || null;
/** Domains are matched as written, without surrounding blanks or a trailing slash. */
const domainOf = (value: string | null | undefined) => text(value)?.replace(/\/+$/, '') || null;

/**
 * Gives the tenant's administrator roles (alias admin) exactly the menus of its package, so that
 * what a package adds reaches the tenant (what it drops is cut by MenuService.allowedMenuIds).
 */
export async function grantPackage(tx: Store, tenantId: string, menuIdList: string): Promise<void> {
  const actor: Actor = { tenantId, userId: null, deptId: null };
  const roleIds = await new RoleRepository(tx).idsWithAlias(actor, TENANT_ADMIN_ALIAS);
  if (roleIds.length === 0) return;
  const all = await new MenuRepository(tx).findAll();
  await new RoleGrantRepository(tx).replaceMenus(roleIds, [...packageMenuIds(menuIdList, all)]);
}

/**
 * Tenants (spec §7, "Tenant"): platform-wide rows, the platform administrator's only (S3, S4), except
 * the login page's `info`. Creating a tenant provisions it in one transaction.
 */
export class TenantService {
  readonly #tenants: TenantRepository;

  constructor(private readonly deps: TenantServiceDependencies) {
    this.#tenants = new TenantRepository(deps.store);
  }

  list(query: Record<string, unknown>): Promise<Page<Tenant>> {
    return this.#tenants.page(PLATFORM, parseListQuery(query, tenantTable, this.deps.store.timeZone));
  }

  async detail(id: string): Promise<Tenant> {
    const tenant = await this.#tenants.findById(PLATFORM, id);
    if (!tenant) throw notFound();
    return tenant;
  }

  /**
   * `select`: the tenants an administrator may pick (the user form's tenant field): every tenant
   * for the platform administrator, the caller's own for another tenant's administrator.
   */
  select(actor: Actor): Promise<TenantOption[]> {
    return this.#tenants.options(isPlatformAdminActor(actor) ? undefined : actor.tenantId);
  }

  /** `info?domain=`: what the login page needs to preset the tenant, or nothing for an unknown domain. */
  async info(domain: string | undefined): Promise<TenantInfo> {
    const wanted = domainOf(domain);
    const tenant = wanted ? await this.#tenants.findByDomain(wanted) : undefined;
    if (!tenant) return {};
    return {
      tenantId: tenant.tenantId,
      tenantName: tenant.tenantName,
      domain: tenant.domain,
      backgroundUrl: tenant.backgroundUrl,
    };
  }

  /** `password-policy?tenantId=`: the registration form's policy (the defaults for an unknown tenant). */
  passwordPolicy(tenantId: string): Promise<PasswordPolicy> {
    return passwordPolicy(this.deps.store, tenantId);
  }

  /** `package-detail`: the tenant's package, or null when it has none. */
  async packageDetail(ref: string): Promise<TenantPackage | null> {
    const tenant = await this.#tenants.findByCodeOrId(ref);
    if (!tenant) throw notFound();
    if (tenant.packageId === null) return null;
    return (await new TenantPackageRepository(this.deps.store).findById(PLATFORM, tenant.packageId)) ?? null;
  }

  #expireTime(value: string | null | undefined): Date | null | undefined {
    if (value === undefined) return undefined;
    if (value === null || value.trim() === '') return null;
    const parsed = parseDateTime(value, this.deps.store.timeZone);
    if (!parsed) throw badRequest('tenant.expireTime.invalid');
    return parsed.instant;
  }

  /** The package a tenant is given must exist. */
  async #checkPackage(tx: Store, packageId: string | null): Promise<void> {
    if (packageId !== null && !(await new TenantPackageRepository(tx).findById(PLATFORM, packageId)))
      throw badRequest('tenant.packageMissing');
  }

  /** Creates without an id (provisioning the tenant), updates with one. */
  async submit(actor: Actor, input: TenantInput): Promise<Tenant> {
    const id = input.id || undefined;
    const values = {
      tenantName: input.tenantName.trim(),
      domain: domainOf(input.domain),
      backgroundUrl: text(input.backgroundUrl),
      linkman: text(input.linkman),
      contactNumber: text(input.contactNumber),
      address: text(input.address),
    };
    const policy = {
      passwordMinLength: input.passwordMinLength,
      passwordMinClasses: input.passwordMinClasses,
      passwordHistory: input.passwordHistory,
    };
    const expireTime = this.#expireTime(input.expireTime);
    const packageId = input.packageId === undefined ? undefined : input.packageId || null;
    const accountNumber = input.accountNumber ?? undefined;
    const status = input.status ?? undefined;
    const uploadQuota = input.uploadQuota ?? undefined;
    const messageRetentionDays = input.messageRetentionDays ?? undefined;
    const singleSession = input.singleSession ?? undefined;
    const idleTimeoutMinutes = input.idleTimeoutMinutes ?? undefined;
    const totpRequired = input.totpRequired ?? undefined;
    if (id === undefined)
      return this.#create(actor, {
        ...values,
        accountNumber: accountNumber ?? UNLIMITED_ACCOUNTS,
        uploadQuota: uploadQuota ?? DEFAULT_UPLOAD_QUOTA,
        expireTime: (expireTime ?? null) as unknown as string | null,
        packageId: packageId ?? null,
        status: status ?? 1,
        passwordMinLength: policy.passwordMinLength ?? PASSWORD_POLICY_DEFAULTS.minLength,
        passwordMinClasses: policy.passwordMinClasses ?? PASSWORD_POLICY_DEFAULTS.minClasses,
        passwordHistory: policy.passwordHistory ?? PASSWORD_POLICY_DEFAULTS.history,
        messageRetentionDays: messageRetentionDays ?? MESSAGE_RETENTION_DAYS.default,
        singleSession: singleSession ?? SINGLE_SESSION.OFF,
        idleTimeoutMinutes: idleTimeoutMinutes ?? IDLE_TIMEOUT_MINUTES.default,
        totpRequired: totpRequired ?? 0,
      });

    const changed = await inTransaction(this.deps.store, async (tx) => {
      const tenants = new TenantRepository(tx);
      const existing = await tenants.findById(actor, id);
      if (!existing) throw notFound();
      if (existing.tenantId === PLATFORM_TENANT_ID && ((status ?? 1) !== 1 || (expireTime ?? null) !== null))
        throw badRequest('tenant.platformLocked');
      await this.#checkDomain(tx, values.domain, id);
      const packageChanged = packageId !== undefined && packageId !== existing.packageId;
      if (packageChanged) await this.#checkPackage(tx, packageId);
      const update: Partial<Tenant> = { ...values };
      if (accountNumber !== undefined) update.accountNumber = accountNumber;
      // A quota below what the tenant's files take already stops further uploads; nothing is removed.
      if (uploadQuota !== undefined) update.uploadQuota = uploadQuota;
      // Shortening it deletes the older messages at the next purge (MessageRetention), not now.
      if (messageRetentionDays !== undefined) update.messageRetentionDays = messageRetentionDays;
      // Sessions already open stay: the policy applies from the next sign-in.
      if (singleSession !== undefined) update.singleSession = singleSession;
      // The guard reads it with the account states (dropped below for the tenant's users).
      if (idleTimeoutMinutes !== undefined) update.idleTimeoutMinutes = idleTimeoutMinutes;
      // Users without a second factor are led to set one up (their account states are dropped below).
      if (totpRequired !== undefined) update.totpRequired = totpRequired;
      if (expireTime !== undefined) update.expireTime = expireTime as unknown as string | null;
      if (packageId !== undefined) update.packageId = packageId;
      if (status !== undefined) update.status = status;
      for (const [field, value] of Object.entries(policy))
        if (value !== undefined) update[field as keyof typeof policy] = value;
      if (!(await tenants.update(actor, id, update))) throw notFound();
      if (packageChanged && packageId !== null) {
        const pkg = (await new TenantPackageRepository(tx).findById(PLATFORM, packageId))!;
        await grantPackage(tx, existing.tenantId, pkg.menuId);
      }
      return { tenantId: existing.tenantId, packageChanged };
    });
    // Disabling or an expiry takes effect on the tenant's tokens at once, in every process.
    await this.deps.accounts.invalidate({ tenantId: changed.tenantId });
    if (changed.packageChanged) await this.deps.permissionsChanged();
    return this.detail(id);
  }

  async #checkDomain(tx: Store, domain: string | null, exceptId?: string): Promise<void> {
    if (domain === null) return;
    const holder = await new TenantRepository(tx).findByDomain(domain);
    if (holder && holder.id !== exceptId) throw badRequest('tenant.domain.exists', { domain });
  }

  /**
   * A new tenant, in one transaction: a generated 6-digit code (never one given before), its
   * administrator role (alias admin), its top department, its admin account with the initial
   * password (parameter account.initPassword, 123456 when unset), to be changed at its first
   * sign-in (whoever knows the parameter knows it), and the role's grants — the
   * package's menus and their buttons, or the default tenant menus without a package — and a copy
   * of the platform tenant's business dictionaries.
   */
  async #create(actor: Actor, values: Partial<Tenant>): Promise<Tenant> {
    const store = this.deps.store;
    const param = await new ParamRepository(store).findByKey(PLATFORM, 'account.initPassword');
    const passwordHash = await hashPassword(md5(param?.paramValue || DEFAULT_INIT_PASSWORD));
    for (let attempt = 1; ; attempt++) {
      try {
        const id = await inTransaction(store, (tx) => this.#provision(tx, actor, values, passwordHash));
        return this.detail(id);
      } catch (error) {
        // Another process took the same code at the same moment: try another one.
        if (attempt < 3 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  async #provision(tx: Store, actor: Actor, values: Partial<Tenant>, passwordHash: string): Promise<string> {
    const tenants = new TenantRepository(tx);
    await this.#checkDomain(tx, values.domain ?? null);
    await this.#checkPackage(tx, values.packageId ?? null);
    let code = '';
    for (let i = 0; i < 50 && (code === '' || (await tenants.codeTaken(code))); i++)
      code = String(randomInt(1, 1_000_000)).padStart(6, '0');
    if (await tenants.codeTaken(code)) throw new Error('no free tenant code found');
    const id = await tenants.insert(actor, { ...values, tenantId: code });

    // The new tenant's rows, created by the platform administrator.
    const inTenant: Actor = { tenantId: code, userId: actor.userId, deptId: actor.deptId };
    const roleId = await new RoleRepository(tx).insert(inTenant, {
      parentId: ROOT_PARENT_ID,
      roleName: '管理员',
      roleAlias: TENANT_ADMIN_ALIAS,
      sort: 2,
    });
    const deptName = values.tenantName!.slice(0, 45);
    const deptId = await new DeptRepository(tx).insert(inTenant, {
      parentId: ROOT_PARENT_ID,
      ancestors: ROOT_PARENT_ID,
      deptCategory: 1,
      deptName,
      fullName: deptName,
      sort: 2,
      remark: null,
    });
    const adminId = await new UserRepository(tx).insert(inTenant, {
      account: 'admin',
      password: passwordHash,
      name: 'admin',
      realName: 'admin',
      userType: 1,
      roleId,
      deptId,
      passwordChangeRequired: 1,
    } as Partial<User> & { password: string });
    await recordPassword(tx, code, adminId, passwordHash, new Date());

    const all = await new MenuRepository(tx).findAll();
    let menuIds: Set<string>;
    if (values.packageId) {
      const pkg = (await new TenantPackageRepository(tx).findById(PLATFORM, values.packageId))!;
      menuIds = packageMenuIds(pkg.menuId, all);
    } else menuIds = menusBelow(TENANT_DEFAULT_MENU_CODES, all);
    await new RoleGrantRepository(tx).replaceMenus([roleId], [...menuIds]);

    await new DictRepository(tx, dictBizTable).copyTenant(
      { tenantId: PLATFORM_TENANT_ID, userId: null, deptId: null },
      inTenant,
    );
    return id;
  }

  /** Removes all of the ids or none; never the platform tenant. Removed tenants' tokens stop working. */
  async remove(actor: Actor, rawIds: string): Promise<number> {
    const removed = await removeAll(
      this.deps.store,
      (tx) => new TenantRepository(tx),
      actor,
      rawIds,
      (found) => {
        if (found.some((tenant) => tenant.tenantId === PLATFORM_TENANT_ID))
          throw badRequest('tenant.platformLocked');
      },
    );
    for (const tenant of removed) await this.deps.accounts.invalidate({ tenantId: tenant.tenantId });
    return removed.length;
  }

  /**
   * `setting`: the licence of the tenants — accountNumber (empty: unlimited) and expireTime (empty:
   * never). All of the ids or none. The platform tenant cannot be given an expiry.
   */
  async setting(
    actor: Actor,
    rawIds: string,
    rawAccountNumber: string | undefined,
    rawExpireTime: string | undefined,
  ): Promise<void> {
    const ids = idsOf(rawIds);
    const accountNumber = rawAccountNumber ? Number(rawAccountNumber) : UNLIMITED_ACCOUNTS;
    const expireTime = this.#expireTime(rawExpireTime ?? null) ?? null;
    const found = await inTransaction(this.deps.store, async (tx) => {
      const tenants = new TenantRepository(tx);
      const found = await tenants.findByIds(actor, ids);
      if (found.length !== ids.length) throw notFound();
      if (expireTime !== null && found.some((tenant) => tenant.tenantId === PLATFORM_TENANT_ID))
        throw badRequest('tenant.platformLocked');
      for (const id of ids)
        await tenants.update(actor, id, {
          accountNumber,
          expireTime: expireTime as unknown as string | null,
        });
      return found;
    });
    for (const tenant of found) await this.deps.accounts.invalidate({ tenantId: tenant.tenantId });
  }

  /**
   * `datasource`: binds the tenant to one of the data sources, whose database then holds its
   * business and workflow records (decision 0020); empty or 0 unbinds (back to the main database).
   * Only a tenant without such records where they are now moves (none are copied, none are left
   * behind: a tenant's records are never split between two databases). The new data source must
   * answer; its schema is brought up to date first. Every server process routes the tenant anew
   * at once.
   */
  async datasource(actor: Actor, ref: string, datasourceId: string | undefined): Promise<void> {
    const tenant = await this.#tenants.findByCodeOrId(ref);
    if (!tenant) throw notFound();
    const to = datasourceId && datasourceId !== '0' ? datasourceId : null;
    const from = tenant.datasourceId;
    if (to === from) return;
    if (tenant.tenantId === PLATFORM_TENANT_ID) throw badRequest('tenant.datasource.platform');
    const sources = new DatasourceRepository(this.deps.store);
    const target = to === null ? undefined : await sources.findById(PLATFORM, to);
    if (to !== null && !target) throw badRequest('tenant.datasource.unknown', { id: to });

    // Where the records are now must hold none of this tenant's.
    const current = from === null ? undefined : await sources.findById(PLATFORM, from);
    const here = from === null ? this.deps.store : await this.#reach(from, current?.name ?? from);
    const held = await tenantRows(here, tenant.tenantId);
    if (held)
      throw badRequest(from === null ? 'tenant.datasource.rowsInMain' : 'tenant.datasource.rowsInSource', {
        tenant: tenant.tenantId,
        name: current?.name ?? from ?? '',
        table: held.table,
        rows: held.rows,
      });
    if (to !== null) await this.#reach(to, target!.name);

    if (!(await this.#tenants.moveDatasource(actor, tenant.id, from, to)))
      throw badRequest('tenant.datasource.changed');
    await this.deps.databases.tenantChanged(tenant.tenantId);
  }

  /** A data source's database, answering and migrated, or the 400 that says why not. */
  async #reach(datasourceId: string, name: string): Promise<Store> {
    try {
      return await this.deps.databases.prepare(datasourceId);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // The driver's own words (a ping's are without the password: datasource/connection.ts).
      const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
      const reason = (cause instanceof Error ? cause.message : String(cause)).slice(0, 300) || '-';
      throw badRequest(
        error instanceof MigrationFailedError
          ? 'tenant.datasource.migrationFailed'
          : 'tenant.datasource.unreachable',
        { name, reason },
      );
    }
  }

  /**
   * `package-setting`: gives the tenant a package (empty: none, every menu its roles are granted)
   * and its administrator roles that package's menus. Signed-in users see the change at once.
   */
  async packageSetting(actor: Actor, ref: string, rawPackageId: string | undefined): Promise<void> {
    const packageId = rawPackageId && rawPackageId !== '0' ? rawPackageId : null;
    await inTransaction(this.deps.store, async (tx) => {
      const tenants = new TenantRepository(tx);
      const tenant = await tenants.findByCodeOrId(ref);
      if (!tenant) throw notFound();
      await this.#checkPackage(tx, packageId);
      if (!(await tenants.update(actor, tenant.id, { packageId }))) throw notFound();
      if (packageId !== null) {
        const pkg = (await new TenantPackageRepository(tx).findById(PLATFORM, packageId))!;
        await grantPackage(tx, tenant.tenantId, pkg.menuId);
      }
    });
    await this.deps.permissionsChanged();
  }
}
