import type { Page, UserInfo, UserOption } from '@console/contract';
import { UserInfoSchema } from '@console/contract/schema';
import type { ListQuery } from '../../core/list-query.js';
import { inDeptOrBelow } from '../../core/repository/data-scope.js';
import { TableRepository } from '../../core/repository/table-repository.js';
import type { Actor, Store } from '../../core/repository/store.js';
import { unscoped } from '../../core/repository/unscoped.js';
import { defineTable } from '../../core/repository/table.js';

/** A user row as the server reads it: the wire's UserInfo (never the password: S5). */
export type User = UserInfo;

/** User status: 1 active, 0 disabled, 2 registered and waiting for an administrator's approval. */
export const USER_STATUS = { DISABLED: 0, ACTIVE: 1, PENDING: 2 } as const;

/**
 * Users of a tenant. The list and every read or write by id honour the caller's data scopes of
 * resource code `user` (the user page's menu code); the signed-in user's own record does not.
 */
export const userTable = defineTable(
  UserInfoSchema,
  'blade_user',
  { tenantScoped: true, resourceCode: 'user' },
  {
    // passwordChangeRequired is set and cleared only with a password: a new user's insert,
    // setPassword, resetPasswords.
    kinds: { birthday: 'datetime', roleId: 'ids', deptId: 'ids', postId: 'ids' },
    filter: ['code', 'userType', 'account', 'name', 'realName', 'email', 'phone', 'sex', 'isLocked'],
    sort: ['account', 'name', 'realName'],
    readOnly: ['isLocked', 'tokenValidAfter'],
    writeOnly: { password: 'string', tokenValidAfter: 'datetime' },
  },
);

export interface Credentials {
  user: User;
  passwordHash: string;
}

/** A comma-joined id list as stored in blade_user (role_id, dept_id, post_id). */
export const idList = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

const toMs = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).getTime();

export class UserRepository extends TableRepository<User, 'blade_user'> {
  constructor(store: Store) {
    super(store, userTable);
  }

  /** How many accounts the actor's tenant has (pending and disabled ones included), whatever the data scope. */
  async countInTenant(actor: Actor): Promise<number> {
    const row = await this.scopedSelect(actor)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * The tenant's active users as a picker lists them (user-list), by account: names only. At most
   * `limit`, so a large tenant's picker stays a bounded answer.
   */
  async listOptions(actor: Actor, limit: number): Promise<UserOption[]> {
    const rows = await this.scopedSelect(actor)
      .select(['id', 'account', 'name', 'real_name', 'dept_id'])
      .where('status', '=', USER_STATUS.ACTIVE)
      .orderBy('account')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: String(row.id),
      account: String(row.account),
      name: row.name ?? null,
      realName: row.real_name ?? null,
      // A user in several departments: the first is their main one.
      deptId: row.dept_id ? String(row.dept_id).split(',')[0]! : null,
    }));
  }

  /** The actor's own row (the signed-in user), whatever the data scope. */
  async findSelf(actor: Actor): Promise<User | undefined> {
    return actor.userId ? this.findLive(actor, actor.userId) : undefined;
  }

  /** A user of the actor's tenant by account, with what sign-in needs to check. */
  async findCredentials(actor: Actor, account: string): Promise<Credentials | undefined> {
    const row = await this.scopedSelect(actor).selectAll().where('account', '=', account).executeTakeFirst();
    return row
      ? {
          user: this.toEntity(row),
          passwordHash: String(row.password),
        }
      : undefined;
  }

  async findState(
    actor: Actor,
    userId: string,
  ): Promise<
    | { status: number; tokenValidAfter: number | null; roleIds: string[]; passwordChangeRequired: boolean }
    | undefined
  > {
    const row = await this.scopedSelect(actor)
      .select(['status', 'token_valid_after', 'role_id', 'password_change_required'])
      .where('id', '=', BigInt(userId))
      .executeTakeFirst();
    return row
      ? {
          status: Number(row.status),
          tokenValidAfter: toMs(row.token_valid_after),
          roleIds: idList(row.role_id),
          passwordChangeRequired: Number(row.password_change_required) === 1,
        }
      : undefined;
  }

  /** The stored password hash of one of the actor's tenant's users (never sent anywhere: S5). */
  async findPasswordHash(actor: Actor, userId: string): Promise<string | undefined> {
    const row = await this.scopedSelect(actor)
      .select('password')
      .where('id', '=', BigInt(userId))
      .executeTakeFirst();
    return row ? String(row.password) : undefined;
  }

  /**
   * Stores a new password hash the user chose (no change required any more); tokens issued before
   * `tokensValidAfter` stop working (S8). False when there is no such user.
   */
  async setPassword(
    actor: Actor,
    userId: string,
    passwordHash: string,
    tokensValidAfter: Date,
  ): Promise<boolean> {
    // Without an acting user (a server-side change) the user changed their own record.
    const result = await this.scopedUpdate({ ...actor, userId: actor.userId ?? userId })
      .set({ password: passwordHash, token_valid_after: tokensValidAfter, password_change_required: 0 })
      .where('id', '=', BigInt(userId))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The list of the user page: the caller's data scope, and with deptId that department and below. */
  async pageUsers(actor: Actor, query: ListQuery, deptId?: string): Promise<Page<User>> {
    let q = await this.visibleSelect(actor);
    if (deptId)
      q = q.where((eb) =>
        inDeptOrBelow(eb, { ref: 'blade_user.dept_id', kind: 'ids' }, actor.tenantId, deptId),
      );
    return this.pageFrom(q, query);
  }

  /** Changes the actor's own record (update-info), whatever the data scope. */
  async updateSelf(actor: Actor, values: Partial<User>): Promise<boolean> {
    if (!actor.userId) return false;
    const result = await this.scopedUpdate(actor)
      .set(this.toColumns(values))
      .where('id', '=', BigInt(actor.userId))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Stores new password hashes (one per user), to be changed at their next sign-in; earlier tokens
   * of those users stop working (S8).
   */
  async resetPasswords(actor: Actor, hashes: ReadonlyMap<string, string>, at: Date): Promise<number> {
    let changed = 0;
    for (const [userId, hash] of hashes) {
      const result = await (
        await this.visibleUpdate(actor)
      )
        .set({ password: hash, token_valid_after: at, password_change_required: 1 })
        .where('id', '=', BigInt(userId))
        .executeTakeFirst();
      changed += Number(result.numUpdatedRows);
    }
    return changed;
  }

  /** Sets the roles (comma-joined ids) of visible users; answers how many changed. */
  /** The tenant's live, enabled users holding one of the roles (ids). */
  async holdersOfRoles(tenantId: string, roleIds: readonly string[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const rows = await unscoped(this.store)
      .selectFrom('blade_user')
      .select(['id', 'role_id'])
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where('status', '=', 1)
      .execute();
    const wanted = new Set(roleIds);
    return rows
      .filter((row) => idList(row.role_id).some((id) => wanted.has(id)))
      .map((row) => String(row.id));
  }

  async setRoles(actor: Actor, userIds: readonly string[], roleId: string): Promise<number> {
    const result = await (
      await this.visibleUpdate(actor)
    )
      .set({
        role_id: roleId,
      })
      .where(
        'id',
        'in',
        userIds.map((id) => BigInt(id)),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Sets the status of visible users that have status `from`; answers how many changed. */
  async changeStatus(actor: Actor, userIds: readonly string[], from: number, to: number): Promise<number> {
    const result = await (
      await this.visibleUpdate(actor)
    )
      .set({ status: to })
      .where(
        'id',
        'in',
        userIds.map((id) => BigInt(id)),
      )
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Sets the user type of a visible user. */
  async setUserType(actor: Actor, userId: string, userType: number): Promise<boolean> {
    const result = await (
      await this.visibleUpdate(actor)
    )
      .set({
        user_type: userType,
      })
      .where('id', '=', BigInt(userId))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
