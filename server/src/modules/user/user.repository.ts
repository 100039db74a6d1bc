import { TableRepository } from '../../core/repository/table-repository.js';
import type { Actor, Store } from '../../core/repository/store.js';
import { defineTable } from '../../core/repository/table.js';

export interface User {
  id: string;
  tenantId: string;
  code: string | null;
  userType: number;
  account: string;
  name: string | null;
  realName: string | null;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  birthday: string | null;
  sex: number | null;
  roleId: string | null;
  deptId: string | null;
  postId: string | null;
  isLocked: number;
  status: number;
  createTime: string | null;
}

/** User status: 1 active, 0 disabled, 2 registered and waiting for an administrator's approval. */
export const USER_STATUS = { DISABLED: 0, ACTIVE: 1, PENDING: 2 } as const;

export const userTable = defineTable<User>(
  'blade_user',
  { tenantScoped: true },
  {
    code: ['string', { filter: true }],
    userType: ['int', { filter: true }],
    account: ['string', { filter: true, sort: true }],
    password: ['string', { writeOnly: true }],
    name: ['string', { filter: true, sort: true }],
    realName: ['string', { filter: true, sort: true }],
    avatar: ['string'],
    email: ['string', { filter: true }],
    phone: ['string', { filter: true }],
    birthday: ['datetime'],
    sex: ['int', { filter: true }],
    roleId: ['string'],
    deptId: ['string'],
    postId: ['string'],
    isLocked: ['int', { filter: true, readOnly: true }],
    tokenValidAfter: ['datetime', { readOnly: true, writeOnly: true }],
  },
);

export interface Credentials {
  user: User;
  passwordHash: string;
}

const toMs = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).getTime();

export class UserRepository extends TableRepository<User> {
  constructor(store: Store) {
    super(store, userTable);
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
  ): Promise<{ status: number; locked: boolean; tokenValidAfter: number | null } | undefined> {
    const row = await this.scopedSelect(actor)
      .select(['status', 'is_locked', 'token_valid_after'])
      .where('id', '=', BigInt(userId))
      .executeTakeFirst();
    return row
      ? {
          status: Number(row.status),
          locked: Number(row.is_locked) === 1,
          tokenValidAfter: toMs(row.token_valid_after),
        }
      : undefined;
  }

  async setLocked(actor: Actor, ids: string[], locked: boolean): Promise<string[]> {
    if (ids.length === 0) return [];
    const bigIds = ids.map((id) => BigInt(id));
    const rows = await this.scopedSelect(actor).select(['id', 'account']).where('id', 'in', bigIds).execute();
    if (rows.length === 0) return [];
    await this.scopedUpdate(actor)
      .set({ is_locked: locked ? 1 : 0, update_time: new Date() })
      .where(
        'id',
        'in',
        rows.map((r) => BigInt(r.id as string)),
      )
      .execute();
    return rows.map((r) => String(r.account));
  }
}
