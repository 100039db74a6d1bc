import type { PasswordChange, PasswordPolicy, UserInfo, UserInfoInput, UserOption } from '@console/contract';
import { verify as verifyPassword } from '@node-rs/argon2';
import type { AccountStates } from '../../core/auth/account-states.js';
import type { Principal } from '../../core/auth/principal.js';
import { badRequest, notFound } from '../../core/errors.js';
import { inTransaction, type Store } from '../../core/repository/store.js';
import { hashPassword } from '../../db/seed/seed.js';
import type { Sessions } from '../auth/sessions.js';
import {
  passwordPolicy,
  recordPassword,
  refuseCommonPassword,
  refuseReusedPassword,
} from './password-rules.js';
import { UserRepository } from './user.repository.js';

export interface UserServiceDependencies {
  store: Store;
  accounts: AccountStates;
  sessions: Sessions;
}

const PHONE = /^\d{11}$/;
/** The most users user-list answers: a picker of a tenant of thousands searches by name instead. */
export const USER_OPTIONS_LIMIT = 2_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A submitted text: absent leaves the field as it is; null or blank clears it. */
const edited = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value?.trim() || null;

/** The signed-in user's own record: read it, edit a few details, change the password. */
export class UserService {
  readonly #users: UserRepository;

  constructor(private readonly deps: UserServiceDependencies) {
    this.#users = new UserRepository(deps.store);
  }

  async info(principal: Principal): Promise<UserInfo> {
    const user = await this.#users.findSelf(principal);
    if (!user) throw notFound();
    return user;
  }

  /** user-list: the tenant's active users for a picker (an approver), names only. */
  options(principal: Principal): Promise<UserOption[]> {
    return this.#users.listOptions(principal, USER_OPTIONS_LIMIT);
  }

  /** Changes the caller's own avatar, names, phone and email; the row is the token's, never the body's. */
  async updateInfo(principal: Principal, input: UserInfoInput): Promise<UserInfo> {
    const values = {
      avatar: edited(input.avatar),
      realName: edited(input.realName),
      name: edited(input.name),
      phone: edited(input.phone),
      email: edited(input.email),
    };
    if (values.phone && !PHONE.test(values.phone)) throw badRequest('user.phone.invalid');
    if (values.email && !EMAIL.test(values.email)) throw badRequest('user.email.invalid');
    if (!(await this.#users.updateSelf(principal, values))) throw notFound();
    return this.info(principal);
  }

  /** The caller's tenant's password policy, for the console to check a typed password against. */
  passwordPolicy(principal: Principal): Promise<PasswordPolicy> {
    return passwordPolicy(this.deps.store, principal.tenantId);
  }

  /**
   * Changes the caller's password (both digests as at sign-in): not a common one, none of the
   * latest the policy keeps. Every token issued before stops working (S8) except the caller's own
   * session, which stays signed in for `sessionTtlSeconds`; a required change is done.
   */
  async updatePassword(
    principal: Principal,
    change: PasswordChange,
    sessionTtlSeconds: number,
  ): Promise<void> {
    if (change.newPassword.toLowerCase() !== change.newPassword1.toLowerCase())
      throw badRequest('user.passwordMismatch');
    const stored = await this.#users.findPasswordHash(principal, principal.userId);
    if (stored === undefined) throw notFound();
    if (!(await verifyPassword(stored, change.oldPassword.toLowerCase()).catch(() => false)))
      throw badRequest('user.oldPasswordWrong');
    refuseCommonPassword(change.newPassword);
    await refuseReusedPassword(this.deps.store, principal, principal.userId, change.newPassword, stored);

    const hash = await hashPassword(change.newPassword);
    const now = new Date();
    // The caller's session is renewed before the old tokens are cut off, so it never sees a gap.
    await this.deps.sessions.renew(principal.sessionId, now, sessionTtlSeconds);
    await inTransaction(this.deps.store, async (tx) => {
      if (!(await new UserRepository(tx).setPassword(principal, principal.userId, hash, now)))
        throw notFound();
      await recordPassword(tx, principal.tenantId, principal.userId, hash, now);
    });
    await this.deps.accounts.invalidate({ userId: principal.userId });
  }
}
