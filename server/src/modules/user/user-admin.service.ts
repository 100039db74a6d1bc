import { createHash, randomInt } from 'node:crypto';
import {
  USER_TYPE,
  type Page,
  type PasswordPolicy,
  type ResetPassword,
  type User,
  type UserInput,
  type UserPlatform,
} from '@console/contract';
import type { AccountStates } from '../../core/auth/account-states.js';
import type { Principal } from '../../core/auth/principal.js';
import { formatDateTime, parseDateTime } from '../../core/dates.js';
import { ApiError, badRequest, notFound } from '../../core/errors.js';
import { isId, parseIdList } from '../../core/ids.js';
import { parseListQuery } from '../../core/list-query.js';
import { inTransaction, whenCommitted, type Actor, type Store } from '../../core/repository/store.js';
import { hashPassword } from '../../db/seed/seed.js';
import { DeptRepository } from '../system/dept/dept.repository.js';
import { PostRepository } from '../system/post/post.repository.js';
import type { GrantPolicy } from '../system/role/grant-policy.js';
import { checkAccountLimit } from '../system/tenant/account-limit.js';
import { RoleRepository } from '../system/role/role.repository.js';
import { UserPlatformRepository } from './user-platform.repository.js';
import { idList, USER_STATUS, UserRepository, userTable, type User as UserRow } from './user.repository.js';
import { idsOf } from '../../core/entity-service.js';
import { recordPassword, refuseCommonPassword } from './password-rules.js';
import { UserInputSchema } from '@console/contract/schema';
import { Type, type Static } from 'typebox';
import { dictLabels } from '../../core/workbook/dict-labels.repository.js';
import { CellError, type SheetImporter } from '../../core/workbook/sheet-import.js';

export interface UserAdminDependencies {
  store: Store;
  accounts: AccountStates;
  /** Who may give which roles to whom (security S12). */
  grants: GrantPolicy;
  /** The accounts locked by failed sign-ins now, with when each lock ends (SignInLimits). */
  locks: { accountLocks(tenantId: string, userIds: readonly string[]): Promise<Map<string, Date>> };
}

/** The new tenant administrator's password when the parameter account.initPassword is not set (BladeX's). */
export const DEFAULT_INIT_PASSWORD = '123456';

/** Letters and digits that cannot be mistaken for one another when read out or copied by hand. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random password of 14 characters (about 80 bits), uniform over PASSWORD_ALPHABET. */
export function oneTimePassword(length = 14): string {
  let out = '';
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

/**
 * A one-time password that meets a tenant's policy (a password printed for someone to sign in
 * with): at least 14 characters and the policy's length, lower case, upper case and digits, and a
 * symbol when the policy asks for all four classes.
 */
export function policyPassword(policy: PasswordPolicy): string {
  const length = Math.max(14, policy.minLength);
  let password = oneTimePassword(length);
  while (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password))
    password = oneTimePassword(length);
  if (policy.minClasses < 4) return password;
  const at = randomInt(length + 1);
  return `${password.slice(0, at)}-${password.slice(at)}`;
}

const { account, name, realName, email, phone, sex, code } = UserInputSchema.properties;
const NamesText = (label: 'user.deptId' | 'user.postId' | 'user.roleId') =>
  Type.String({ maxLength: 2000, 'x-label': label });

/**
 * An imported user: the form's fields, with departments, posts and roles named (comma-separated,
 * by name or code) instead of ids; no password (one is generated).
 */
export const UserImportSchema = Type.Object(
  {
    account,
    name,
    realName,
    deptNames: Type.String({
      minLength: 1,
      maxLength: 2000,
      'x-label': 'user.deptId',
      'x-required': 'user.deptId.required',
    }),
    postNames: Type.Optional(NamesText('user.postId')),
    roleNames: Type.String({
      minLength: 1,
      maxLength: 2000,
      'x-label': 'user.roleId',
      'x-required': 'user.roleId.required',
    }),
    phone,
    email,
    sex,
    birthday: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}', 'x-label': 'user.birthday' })),
    code,
  },
  { additionalProperties: false },
);
type UserImport = Static<typeof UserImportSchema>;

/** What a submit's own fields become once checked (#checked). */
interface CheckedUser {
  phone: string | null;
  email: string | null;
  birthday: Date | null;
  passwordHash: string | undefined;
}

const PHONE = /^\d{11}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const text = (value: string | null | undefined) => value?.trim() || null;

/**
 * The user page (spec §7, "User"): users of the caller's tenant within its data scope. Accounts
 * are unique within a tenant; passwords are stored as slow hashes of the client's digest and never
 * answered (S5).
 */
export class UserAdminService {
  readonly #users: UserRepository;

  constructor(private readonly deps: UserAdminDependencies) {
    this.#users = new UserRepository(deps.store);
  }

  /**
   * Users as the user pages show them: the names of their roles, departments and posts (one query
   * per kind), and their sign-in locks (one query: the stored is_locked flag means nothing since
   * decision 0013, the lock is blade_sign_in_lock's, whichever process set it).
   */
  async #withNames(actor: Actor, users: UserRow[]): Promise<User[]> {
    const store = this.deps.store;
    const locks = await this.deps.locks.accountLocks(
      actor.tenantId,
      users.map((u) => u.id),
    );
    const all = (pick: (u: UserRow) => string | null) => [...new Set(users.flatMap((u) => idList(pick(u))))];
    const [roles, depts, posts] = await Promise.all([
      new RoleRepository(store).findByIds(
        actor,
        all((u) => u.roleId),
      ),
      new DeptRepository(store).findByIds(
        actor,
        all((u) => u.deptId),
      ),
      new PostRepository(store).findByIds(
        actor,
        all((u) => u.postId),
      ),
    ]);
    const roleNames = new Map(roles.map((r) => [r.id, r.roleName]));
    const deptNames = new Map(depts.map((d) => [d.id, d.deptName]));
    const postNames = new Map(posts.map((p) => [p.id, p.postName]));
    const names = (ids: string | null, known: Map<string, string>) =>
      idList(ids)
        .map((id) => known.get(id))
        .filter((name): name is string => name !== undefined)
        .join(',');
    return users.map((user) => {
      const lockedUntil = locks.get(user.id);
      return {
        ...user,
        roleName: names(user.roleId, roleNames),
        deptName: names(user.deptId, deptNames),
        postName: names(user.postId, postNames),
        isLocked: lockedUntil ? 1 : 0,
        lockedUntil: lockedUntil ? formatDateTime(lockedUntil, store.timeZone) : null,
      };
    });
  }

  /** `page`: filters as every list, plus deptId meaning that department and every one below it. */
  async page(actor: Actor, raw: Record<string, unknown>): Promise<Page<User>> {
    const { deptId: rawDeptId, ...rest } = raw;
    const deptId = typeof rawDeptId === 'string' ? rawDeptId.trim() : undefined;
    if (deptId && !isId(deptId)) throw badRequest('query.filter', { field: 'deptId' });
    const page = await this.#users.pageUsers(
      actor,
      parseListQuery(rest, userTable, this.deps.store.timeZone),
      deptId || undefined,
    );
    return { ...page, records: await this.#withNames(actor, page.records) };
  }

  async detail(actor: Actor, id: string): Promise<User> {
    const user = await this.#users.findById(actor, id);
    if (!user) throw notFound();
    return (await this.#withNames(actor, [user]))[0]!;
  }

  /** `platform-detail`: the user and the settings of its current platform (user type). */
  async platformDetail(actor: Actor, id: string): Promise<UserPlatform> {
    const user = await this.detail(actor, id);
    const userExt = await new UserPlatformRepository(this.deps.store).find(actor, id, user.userType);
    return { ...user, userExt };
  }

  /**
   * The roles a submit gives may change only as the caller may change them (keeping them as they
   * are is no grant). Checked before the write's transaction (the policy reads through the store);
   * malformed or unknown ids are left to #checkRefs, which refuses them inside it.
   */
  async #checkRoleChange(actor: Principal, userId: string | undefined, rawRoleIds: string): Promise<void> {
    const roleIds = parseIdList(rawRoleIds);
    if (!roleIds) return;
    const existing = userId === undefined ? undefined : await this.#users.findById(actor, userId);
    const roleRepository = new RoleRepository(this.deps.store);
    const roles = await roleRepository.findByIds(actor, roleIds);
    if (roles.length !== roleIds.length) return;
    await this.deps.grants.checkUserRoles(
      actor,
      [existing ? { userId: existing.id, previous: idList(existing.roleId) } : { userId: '', previous: [] }],
      roles,
      (ids) => roleRepository.findByIds(actor, ids),
    );
  }

  /** Checks the ids of roles, departments and posts against the tenant (404 naming the missing ones). */
  async #checkRefs(tx: Store, actor: Actor, input: UserInput) {
    const roleIds = parseIdList(input.roleId);
    if (!roleIds) throw badRequest('user.roleId.invalid');
    const deptIds = parseIdList(input.deptId);
    if (!deptIds) throw badRequest('user.deptId.invalid');
    const postIds = input.postId ? parseIdList(input.postId) : [];
    if (!postIds) throw badRequest('user.postId.invalid');
    const roles = await new RoleRepository(tx).findByIds(actor, roleIds);
    const missing = (ids: string[], found: Array<{ id: string }>) =>
      ids.filter((id) => !found.some((row) => row.id === id)).join(',');
    if (roles.length !== roleIds.length)
      throw new ApiError(404, 'role.unknown', { ids: missing(roleIds, roles) });
    const depts = await new DeptRepository(tx).findByIds(actor, deptIds);
    if (depts.length !== deptIds.length)
      throw new ApiError(404, 'dept.unknown', { ids: missing(deptIds, depts) });
    const posts = await new PostRepository(tx).findByIds(actor, postIds);
    if (posts.length !== postIds.length)
      throw new ApiError(404, 'post.unknown', { ids: missing(postIds, posts) });
    return {
      roleId: roleIds.join(','),
      deptId: deptIds.join(','),
      postId: postIds.length ? postIds.join(',') : null,
    };
  }

  /**
   * `submit` (no id creates, an id updates) and `update` (an id): the account is unique within the
   * tenant; a new user needs a password (the client's MD5 digest, stored slow-hashed). Updates
   * never change the password (reset-password does).
   */
  async save(actor: Principal, input: UserInput): Promise<User> {
    const checked = await this.#checked(input);
    await this.#checkRoleChange(actor, input.id || undefined, input.roleId);
    const saved = await inTransaction(this.deps.store, (tx) => this.#write(tx, actor, input, checked));
    // Roles may have changed: the guard counts only the roles the user holds now.
    await this.deps.accounts.invalidate({ userId: saved });
    return this.detail(actor, saved);
  }

  /** A submit's own fields checked (phone, email, birthday, a new user's password, hashed). */
  async #checked(input: UserInput): Promise<CheckedUser> {
    const id = input.id || undefined;
    const phone = text(input.phone);
    const email = text(input.email);
    if (phone && !PHONE.test(phone)) throw badRequest('user.phone.invalid');
    if (email && !EMAIL.test(email)) throw badRequest('user.email.invalid');
    let birthday: Date | null = null;
    if (input.birthday) {
      const parsed = parseDateTime(input.birthday, this.deps.store.timeZone);
      if (!parsed) throw badRequest('user.birthday.invalid');
      birthday = parsed.instant;
    }
    if (id === undefined) {
      if (!input.password) throw badRequest('user.password.required');
      if (input.password2 && input.password2.toLowerCase() !== input.password.toLowerCase())
        throw badRequest('user.passwordMismatch');
      refuseCommonPassword(input.password);
    }
    const passwordHash = id === undefined ? await hashPassword(input.password!) : undefined;
    return { phone, email, birthday, passwordHash };
  }

  /** Writes a checked submit in the transaction tx (the account once per tenant, the references there); answers the id. */
  async #write(
    tx: Store,
    actor: Actor,
    input: UserInput,
    { phone, email, birthday, passwordHash }: CheckedUser,
  ): Promise<string> {
    const id = input.id || undefined;
    const account = input.account.trim();
    const users = new UserRepository(tx);
    const existing = id === undefined ? undefined : await users.findById(actor, id);
    if (id !== undefined && !existing) throw notFound();
    const holder = await users.findCredentials(actor, account);
    if (holder && holder.user.id !== id) throw badRequest('user.account.exists', { account });
    const refs = await this.#checkRefs(tx, actor, input);
    const values = {
      account,
      name: text(input.name),
      realName: text(input.realName),
      avatar: text(input.avatar),
      email,
      phone,
      birthday: birthday as unknown as string | null,
      sex: input.sex ?? null,
      code: text(input.code),
      userType: input.userType ?? existing?.userType ?? USER_TYPE.WEB,
      ...refs,
    };
    if (!existing) {
      // The tenant's licence caps its accounts (blade_tenant.account_number).
      await checkAccountLimit(tx, actor.tenantId);
      const created = await users.insert(actor, {
        ...values,
        password: passwordHash,
        passwordChangeRequired: input.passwordChangeRequired === 1 ? 1 : 0,
      } as Partial<UserRow>);
      await recordPassword(tx, actor.tenantId, created, passwordHash!, new Date());
      return created;
    }
    if (!(await users.update(actor, existing.id, values))) throw notFound();
    return existing.id;
  }

  /**
   * The import (core/workbook/sheet-import.ts): the account is the key column; departments, posts
   * and roles are named (comma-separated) by name or code and resolved in the tenant; each row is
   * saved by `save`, in the import's transaction, so a role the importer may not give is refused
   * as in the form (S12). A new user gets a generated password, to be changed at the first sign-in:
   * answered once, in the report of the commit.
   */
  importer(): SheetImporter<UserImport> {
    const names = (value: string | null | undefined) =>
      (value ?? '')
        .split(/[,，、]/)
        .map((name) => name.trim())
        .filter(Boolean);
    const resolve = async <R extends { id: string }>(
      field: string,
      value: string | null | undefined,
      find: (name: string) => Promise<R[]>,
    ): Promise<string> => {
      const ids: string[] = [];
      for (const name of names(value)) {
        const found = await find(name);
        if (found.length === 0) throw new CellError(field, 'import.unknownRelated', { name });
        if (found.length > 1) throw new CellError(field, 'import.ambiguousRelated', { name });
        ids.push(found[0]!.id);
      }
      return ids.join(',');
    };
    return {
      columns: async (actor, language) => {
        const [depts, posts, roles] = await Promise.all([
          new DeptRepository(this.deps.store).listAll(actor, { filters: [], orders: [] }),
          new PostRepository(this.deps.store).listAll(actor, { filters: [], orders: [] }),
          new RoleRepository(this.deps.store).listAll(actor, { filters: [], orders: [] }),
        ]);
        return [
          { header: 'user.account', field: 'account', width: 20 },
          { header: 'user.name', field: 'name' },
          { header: 'user.realName', field: 'realName' },
          {
            header: 'user.deptId',
            field: 'deptNames',
            width: 24,
            note: 'user.import.names',
            choices: (depts ?? []).map((d) => d.deptName),
          },
          {
            header: 'user.postId',
            field: 'postNames',
            width: 24,
            note: 'user.import.names',
            choices: (posts ?? []).map((p) => p.postName),
          },
          {
            header: 'user.roleId',
            field: 'roleNames',
            width: 24,
            note: 'user.import.names',
            choices: (roles ?? []).map((r) => r.roleName),
          },
          { header: 'user.phone', field: 'phone' },
          { header: 'user.email', field: 'email', width: 24 },
          {
            header: 'user.sex',
            field: 'sex',
            kind: 'int',
            labels: await dictLabels(this.deps.store, 'sex', language),
          },
          { header: 'user.birthday', field: 'birthday', note: 'user.import.birthday' },
          { header: 'user.code', field: 'code' },
        ];
      },
      schema: UserImportSchema,
      keys: ['account'],
      storeFor: async () => this.deps.store,
      findByKey: async (tx, actor, _key, input) =>
        (await new UserRepository(tx).findCredentials(actor, input.account.trim()))?.user.id,
      // S12 as in the form: the roles given only as the importer may give them. The grant policy
      // reads through its own store: checked before the import's transaction, once per set of roles
      // (and previous roles, for an update by account).
      prepare: async (actor, rows, key) => {
        const refused = new Map<number, ApiError>();
        const checked = new Map<string, ApiError | null>();
        const roleRepository = new RoleRepository(this.deps.store);
        for (const { row, input } of rows) {
          try {
            const roleIds = await resolve('roleNames', input.roleNames, (name) =>
              roleRepository.findByAliasOrName(actor, name),
            );
            const existing =
              key === 'account'
                ? (await this.#users.findCredentials(actor, input.account.trim()))?.user
                : undefined;
            const previous = existing
              ? ((await this.#users.findById(actor, existing.id))?.roleId ?? null)
              : null;
            const said = `${roleIds}|${existing?.id ?? ''}|${previous ?? ''}`;
            if (!checked.has(said)) {
              try {
                await this.#checkRoleChange(actor as Principal, existing?.id, roleIds);
                checked.set(said, null);
              } catch (error) {
                if (!(error instanceof ApiError)) throw error;
                checked.set(said, error);
              }
            }
            const refusal = checked.get(said);
            if (refusal) refused.set(row, refusal);
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            refused.set(row, error);
          }
        }
        return { refused };
      },
      store: async (tx, actor, input, existing) => {
        const { deptNames, postNames, roleNames, birthday, ...fields } = input;
        const deptId = await resolve('deptNames', deptNames, (name) =>
          new DeptRepository(tx).findByName(actor, name),
        );
        const postId = await resolve('postNames', postNames, async (name) => {
          const byCode = await new PostRepository(tx).findByCode(actor, name);
          return byCode ? [byCode] : new PostRepository(tx).findByName(actor, name);
        });
        const roleId = await resolve('roleNames', roleNames, (name) =>
          new RoleRepository(tx).findByAliasOrName(actor, name),
        );
        const password = existing ? undefined : oneTimePassword();
        const submitted: UserInput = {
          ...fields,
          ...(birthday ? { birthday: birthday.slice(0, 10) } : {}),
          deptId,
          roleId,
          postId: postId || null,
          ...(existing ? { id: existing } : { password: md5(password!), passwordChangeRequired: 1 }),
        };
        const saved = await this.#write(tx, actor, submitted, await this.#checked(submitted));
        // An updated user's roles may have changed: the guard counts only those held once committed.
        if (existing) await whenCommitted(tx, () => this.deps.accounts.invalidate({ userId: saved }));
        return password ? { account: input.account.trim(), password } : undefined;
      },
    };
  }

  /** Removes all of the ids or none; never the caller itself. Removed users' tokens stop working. */
  async remove(actor: Actor, rawIds: string): Promise<number> {
    const ids = idsOf(rawIds);
    if (actor.userId && ids.includes(actor.userId)) throw badRequest('user.selfRemove');
    const removed = await inTransaction(this.deps.store, async (tx) => {
      const count = await new UserRepository(tx).softDelete(actor, ids);
      if (count !== ids.length) throw notFound();
      return count;
    });
    for (const id of ids) await this.deps.accounts.invalidate({ userId: id });
    return removed;
  }

  /** `update-platform`: the user's type and the settings of that platform. */
  async updatePlatform(
    actor: Actor,
    userId: string,
    userType: number,
    userExt: string | null,
  ): Promise<void> {
    await inTransaction(this.deps.store, async (tx) => {
      if (!(await new UserRepository(tx).setUserType(actor, userId, userType))) throw notFound();
      await new UserPlatformRepository(tx).save(actor, userId, userType, userExt);
    });
  }

  /**
   * `reset-password`: each user gets a new random password, answered once to the caller (who
   * hands it over) and stored only as a hash, to be changed at their next sign-in; every token they
   * hold stops working (S8). All or nothing. (BladeX set the shared parameter account.initPassword
   * instead: decision 0014.)
   */
  async resetPassword(actor: Principal, rawIds: string): Promise<ResetPassword[]> {
    const ids = idsOf(rawIds);
    const users = await this.#users.findByIds(actor, ids);
    if (users.length !== ids.length) throw notFound();
    const roleRepository = new RoleRepository(this.deps.store);
    await this.deps.grants.checkPasswordReset(
      actor,
      users.map((user) => ({ userId: user.id, roleIds: idList(user.roleId) })),
      (roleIds) => roleRepository.findByIds(actor, roleIds),
    );
    const answers: ResetPassword[] = [];
    const hashes = new Map<string, string>();
    for (const user of users) {
      const password = oneTimePassword();
      answers.push({ userId: user.id, account: user.account, password });
      hashes.set(user.id, await hashPassword(md5(password)));
    }
    await inTransaction(this.deps.store, async (tx) => {
      const now = new Date();
      if ((await new UserRepository(tx).resetPasswords(actor, hashes, now)) !== ids.length) throw notFound();
      for (const [userId, hash] of hashes) await recordPassword(tx, actor.tenantId, userId, hash, now);
    });
    for (const id of ids) await this.deps.accounts.invalidate({ userId: id });
    return answers;
  }

  /** `grant`: the users' roles become roleIds (of the caller's tenant). All or nothing. */
  async grant(actor: Principal, rawUserIds: string, rawRoleIds: string): Promise<void> {
    const userIds = parseIdList(rawUserIds);
    const roleIds = parseIdList(rawRoleIds);
    if (!userIds || !roleIds) throw badRequest('ids.invalid');
    // The policy reads through the store, so it runs before the write's transaction.
    const found = await this.#users.findByIds(actor, userIds);
    if (found.length !== userIds.length) throw notFound();
    const roleRepository = new RoleRepository(this.deps.store);
    const roles = await roleRepository.findMany(actor, roleIds);
    if (roles.length !== roleIds.length) throw notFound();
    await this.deps.grants.checkUserRoles(
      actor,
      found.map((user) => ({ userId: user.id, previous: idList(user.roleId) })),
      roles,
      (ids) => roleRepository.findByIds(actor, ids),
    );
    await inTransaction(this.deps.store, async (tx) => {
      const users = new UserRepository(tx);
      if ((await users.findByIds(actor, userIds)).length !== userIds.length) throw notFound();
      if ((await new RoleRepository(tx).findMany(actor, roleIds)).length !== roleIds.length) throw notFound();
      if ((await users.setRoles(actor, userIds, roleIds.join(','))) !== userIds.length) throw notFound();
    });
    for (const id of userIds) await this.deps.accounts.invalidate({ userId: id });
  }

  /** Approves pending registrations (status 2 → 1). All or nothing; only pending users. */
  async approve(actor: Actor, rawIds: string): Promise<void> {
    const ids = idsOf(rawIds);
    await inTransaction(this.deps.store, async (tx) => {
      const users = new UserRepository(tx);
      const found = await users.findByIds(actor, ids);
      if (found.length !== ids.length) throw notFound();
      const notPending = found.filter((user) => user.status !== USER_STATUS.PENDING);
      if (notPending.length > 0)
        throw badRequest('user.notPending', { accounts: notPending.map((u) => u.account).join(', ') });
      await users.changeStatus(actor, ids, USER_STATUS.PENDING, USER_STATUS.ACTIVE);
    });
    for (const id of ids) await this.deps.accounts.invalidate({ userId: id });
  }
}
