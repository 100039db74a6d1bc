import { randomUUID } from 'node:crypto';
import {
  SECOND_FACTOR_ATTEMPTS,
  SECOND_FACTOR_CHALLENGE_SECONDS,
  SECOND_FACTOR_GRANT,
  SINGLE_SESSION,
  UNLINKED_USER_ID,
  type LoginOutcome,
  type TokenResponse,
} from '@console/contract';
import {
  idleTooLong,
  lastActivityKey,
  sessionTokenAllowed,
  type AccountStateLoader,
  type AccountStates,
} from '../../core/auth/account-states.js';
import type { ClientRecord } from '../../core/auth/guard.js';
import type { Principal } from '../../core/auth/principal.js';
import type { SessionClaims, TokenSigner } from '../../core/auth/tokens.js';
import { badRequest, notFound } from '../../core/errors.js';
import { isId } from '../../core/ids.js';
import type { MessageKey } from '../../core/i18n.js';
import { inTransaction, type Actor, type Store } from '../../core/repository/store.js';
import { RoleRepository } from '../system/role/role.repository.js';
import { checkAccountLimit } from '../system/tenant/account-limit.js';
import { TenantRepository, type TenantStanding } from '../system/tenant/tenant.repository.js';
import { USER_STATUS, UserRepository, type User } from '../user/user.repository.js';
import { UserOauthRepository, type SocialIdentity } from '../user/user-oauth.repository.js';
import { ParamRepository } from '../system/param/param.repository.js';
import { recordPassword, refuseCommonPassword } from '../user/password-rules.js';
import { hashPassword } from '../../db/seed/seed.js';
import type { Cache } from '../../core/cache/index.js';
import type { Captchas } from './captcha.js';
import { describeUserAgent } from '../../core/user-agent.js';
import { checkPassword } from './password-check.js';
import type { SocialProvider } from './social-provider.js';
import type { Sessions } from './sessions.js';
import { waitMinutes, type SignInLimits } from './sign-in-limits.js';

/** A refused token request: answered as `{ error_code, error_description }` (contract.md). */
export class OAuthError extends Error {
  constructor(
    readonly code: 400 | 401 | 429,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string> = {},
    /** The user the refusal is about, once known (the login log records it; never answered). */
    readonly who?: { tenantId: string; userId: string; account: string },
  ) {
    super(messageKey);
  }
}

export interface TokenRequest {
  grantType: string;
  tenantId: string;
  username?: string;
  password?: string;
  /**
   * A password was sent but could not be read (the SpringBlade dialect's SM2 ciphertext that does
   * not decrypt): a wrong password like any other, counted toward the locks.
   */
  passwordUnreadable?: boolean;
  refreshToken?: string;
  /** Second-factor grant: the challenge of the password step (the code goes in `code`). */
  challenge?: string;
  /** Social grant: the provider, its authorisation code and the state of the render call. */
  source?: string;
  code?: string;
  state?: string;
  captchaKey?: string;
  captchaCode?: string;
  /** Switch mode: the department and role the session is for. */
  deptId?: string;
  roleId?: string;
  ip: string;
  /** The request's User-Agent, for the login log and the online users page. */
  userAgent?: string;
}

const LICENSE = 'made for hospital cabinet fleets';
const list = (value: string | null) =>
  value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

export interface AuthDependencies {
  store: Store;
  signer: TokenSigner;
  accounts: AccountStates;
  captchas: Captchas;
  limits: SignInLimits;
  sessions: Sessions;
  providers: ReadonlyMap<string, SocialProvider>;
  cache: Cache;
  /** Where sign-in attempts and sign-outs are reported (the login log). */
  events?: AuthEvents;
  /** Users' second factors (modules/user/totp): none, and sign-in asks for no code. */
  secondFactor?: SecondFactorGate;
}

/** What signing in needs of the users' second factors (modules/user/totp/second-factor.ts). */
export interface SecondFactorGate {
  /** A confirmed second factor: sign-in asks for a code. */
  enabled(tenantId: string, userId: string): Promise<boolean>;
  /** A code typed at sign-in, accepted once. */
  check(tenantId: string, userId: string, code: string): Promise<'accepted' | 'refused'>;
  /** Required (by the tenant or one of the roles) and not set up. */
  setupRequired(tenantId: string, userId: string, roleIds: readonly string[]): Promise<boolean>;
}

/** A sign-in waiting for its second factor (in the shared cache under its challenge). */
interface PendingSecondFactor {
  tenantId: string;
  userId: string;
  clientId: string;
  grantType: string;
  deptId?: string;
  roleId?: string;
}

const challengeKey = (challenge: string) => `auth:second-factor:${challenge}`;
const challengeFailuresKey = (challenge: string) => `auth:second-factor-failures:${challenge}`;

/**
 * The password was right and the account has a second factor: 400 with a challenge, which the
 * `totp` grant sends back with the code (SecondFactorRequired in the contract).
 */
export class SecondFactorNeeded extends OAuthError {
  constructor(
    readonly challenge: string,
    who: { tenantId: string; userId: string; account: string },
  ) {
    super(400, 'auth.secondFactorRequired', {}, who);
  }
}

/** A sign-in attempt through any grant, or a logout, and what came of it: the login log's row. */
export interface SignInRecord {
  /** As typed (or the refreshed session's). */
  tenantId: string;
  account: string | null;
  /** The user, once known. */
  userId: string | null;
  outcome: LoginOutcome;
  grantType: string;
  clientId: string;
  ip: string;
  userAgent: string | null;
}

export interface AuthEvents {
  recorded(record: SignInRecord): void;
}

/** The login log's outcome of a refused token request, by the refusal's message. */
const REFUSAL_OUTCOMES: Partial<Record<MessageKey, LoginOutcome>> = {
  'auth.badCredentials': 'badCredentials',
  'auth.accountLocked': 'locked',
  'auth.addressLocked': 'addressLocked',
  'auth.captchaMissing': 'badCaptcha',
  'auth.captchaInvalid': 'badCaptcha',
  'auth.tenantMissing': 'unknownTenant',
  'auth.tenantDisabled': 'tenantDisabled',
  'auth.tenantExpired': 'tenantDisabled',
  'auth.userDisabled': 'disabled',
  'auth.userPending': 'pending',
  'auth.refreshInvalid': 'refreshRefused',
  'auth.socialUnknown': 'socialFailed',
  'auth.socialState': 'socialFailed',
  'auth.socialFailed': 'socialFailed',
  'auth.sessionActive': 'sessionActive',
  'auth.secondFactorRequired': 'secondFactorRequired',
  'auth.secondFactorInvalid': 'secondFactorFailed',
  'auth.secondFactorExpired': 'secondFactorFailed',
};

export interface GuestRegistration {
  tenantId: string;
  name?: string | null;
  account: string;
  /** The MD5 of the typed password, as at sign-in. */
  password: string;
  oauthId: string;
}

/** Who a refusal is about, for the login log. */
const whoOf = (user: User) => ({ tenantId: user.tenantId, userId: user.id, account: user.account });

const SOCIAL_STATE_TTL_SECONDS = 600;
const socialStateKey = (state: string) => `auth:social-state:${state}`;

/** Loads the state the guard checks on every request (through AccountStates' short cache). */
export function accountStateLoader(store: Store, secondFactor?: SecondFactorGate): AccountStateLoader {
  const users = new UserRepository(store);
  const tenants = new TenantRepository(store);
  const roles = new RoleRepository(store);
  return async (tenantId, userId) => {
    const actor: Actor = { tenantId, userId: null, deptId: null };
    const [user, tenant] = await Promise.all([users.findState(actor, userId), tenants.standing(tenantId)]);
    if (!user || !tenant) return undefined;
    // The role records (of the tenant, not removed) decide which of the user's roles count.
    const held = await roles.findByIds(actor, user.roleIds.filter(isId));
    const heldIds = held.map((role) => role.id);
    return {
      userStatus: user.status,
      tokenValidAfter: user.tokenValidAfter,
      tenantStatus: tenant.status,
      tenantExpiresAt: tenant.expiresAt,
      idleTimeoutMs: tenant.idleTimeoutMinutes * 60_000,
      roles: held.map((role) => ({ id: role.id, alias: role.roleAlias })),
      passwordChangeRequired: user.passwordChangeRequired,
      secondFactorSetupRequired: (await secondFactor?.setupRequired(tenantId, userId, heldIds)) ?? false,
    };
  };
}

export class AuthService {
  readonly #users: UserRepository;
  readonly #roles: RoleRepository;
  readonly #tenants: TenantRepository;
  readonly #accountState: AccountStateLoader;

  constructor(private readonly deps: AuthDependencies) {
    this.#accountState = accountStateLoader(deps.store);
    this.#users = new UserRepository(deps.store);
    this.#roles = new RoleRepository(deps.store);
    this.#tenants = new TenantRepository(deps.store);
  }

  /**
   * A token request of any grant; each one, and what came of it, goes to the login log (never the
   * password or a token). A failure that is not a refusal (the database away) is not an attempt's
   * outcome and is not recorded.
   */
  async token(client: ClientRecord, request: TokenRequest): Promise<TokenResponse> {
    const record = (
      outcome: LoginOutcome,
      account: string | null,
      userId: string | null,
      tenantId?: string,
    ) =>
      this.deps.events?.recorded({
        tenantId: tenantId ?? request.tenantId,
        account,
        userId,
        outcome,
        grantType: request.grantType,
        clientId: client.clientId,
        ip: request.ip,
        userAgent: request.userAgent ?? null,
      });
    try {
      const answer = await this.#token(client, request);
      if (answer.user_id !== UNLINKED_USER_ID)
        record('success', answer.account, answer.user_id, answer.tenant_id);
      return answer;
    } catch (error) {
      if (error instanceof OAuthError)
        record(
          REFUSAL_OUTCOMES[error.messageKey] ?? 'refused',
          error.who?.account ?? request.username ?? null,
          error.who?.userId ?? null,
          error.who?.tenantId,
        );
      throw error;
    }
  }

  async #token(client: ClientRecord, request: TokenRequest): Promise<TokenResponse> {
    const grant = request.grantType;
    if (!['password', 'captcha', 'refresh_token', 'social', SECOND_FACTOR_GRANT].includes(grant)) {
      throw new OAuthError(400, 'auth.unsupportedGrant');
    }
    // The second factor's grant completes a password or captcha sign-in: a client allowed those.
    const allowed =
      grant === SECOND_FACTOR_GRANT
        ? client.grantTypes.includes('password') || client.grantTypes.includes('captcha')
        : client.grantTypes.includes(grant);
    if (!allowed) throw new OAuthError(400, 'auth.grantNotAllowed');
    if (grant === 'refresh_token') return this.#refresh(client, request);
    if (grant === SECOND_FACTOR_GRANT) return this.#secondFactor(client, request);
    if (grant === 'social') return this.#social(client, request);
    return this.#signIn(client, request);
  }

  /** Where to send someone for a provider's sign-in; the state comes back with the code. */
  async socialAuthorizeUrl(source: string): Promise<string> {
    const provider = this.deps.providers.get(source);
    if (!provider) throw new OAuthError(400, 'auth.socialUnknown', { source });
    const state = randomUUID();
    await this.deps.cache.set(socialStateKey(state), source, SOCIAL_STATE_TTL_SECONDS);
    return provider.authorizeUrl(state);
  }

  async #social(client: ClientRecord, request: TokenRequest): Promise<TokenResponse> {
    const source = request.source ?? '';
    const provider = this.deps.providers.get(source);
    if (!provider) throw new OAuthError(400, 'auth.socialUnknown', { source });
    if (!request.code || !request.state) throw new OAuthError(400, 'auth.socialState');
    // The state proves this sign-in started here (CSRF); it works once.
    if ((await this.deps.cache.take(socialStateKey(request.state))) !== source) {
      throw new OAuthError(400, 'auth.socialState');
    }
    let profile;
    try {
      profile = await provider.profile(request.code);
    } catch {
      throw new OAuthError(400, 'auth.socialFailed');
    }
    const tenant = await this.#checkTenant(request.tenantId);
    const identity = await new UserOauthRepository(this.deps.store).upsert(request.tenantId, source, profile);
    if (identity.userId === null) return this.#unlinked(client, identity);
    const user = await this.#users.findById(
      { tenantId: request.tenantId, userId: null, deptId: null },
      identity.userId,
    );
    if (!user) return this.#unlinked(client, identity);
    // No password is tried here: a sign-in lock (which stops password guessing) does not apply.
    this.#checkUserStatus(user);
    const response = await this.#begin(client, user, request, tenant);
    return { ...response, oauth_id: identity.id };
  }

  /** No local user yet: no session, but what the console needs for the registration dialog. */
  #unlinked(client: ClientRecord, identity: SocialIdentity): TokenResponse {
    return {
      access_token: '',
      token_type: 'bearer',
      refresh_token: '',
      expires_in: 0,
      scope: 'all',
      tenant_id: identity.tenantId,
      user_id: UNLINKED_USER_ID,
      user_name: identity.username ?? '',
      real_name: identity.nickname ?? '',
      nick_name: identity.nickname ?? '',
      account: identity.username ?? '',
      avatar: identity.avatar ?? '',
      role_id: '',
      role_name: '',
      dept_id: '',
      post_id: '',
      oauth_id: identity.id,
      client_id: client.clientId,
      license: LICENSE,
      jti: '',
      password_change_required: false,
      second_factor_setup_required: false,
    };
  }

  /**
   * Registers the person behind an unlinked third-party identity: a user of the tenant waiting for
   * an administrator's approval (status 2), linked to the identity.
   */
  async registerGuest(input: GuestRegistration): Promise<void> {
    const actor: Actor = { tenantId: input.tenantId, userId: null, deptId: null };
    const open = await new ParamRepository(this.deps.store).findByKey(actor, 'account.registerUser');
    if (open && open.paramValue.trim().toLowerCase() !== 'true') throw badRequest('register.closed');
    const tenant = await this.#tenants.standing(input.tenantId);
    if (!tenant) throw badRequest('auth.tenantMissing');
    if (tenant.status !== 1) throw badRequest('auth.tenantDisabled');
    const identities = new UserOauthRepository(this.deps.store);
    const identity = await identities.findById(input.tenantId, input.oauthId);
    if (!identity || identity.userId !== null) throw badRequest('register.identityInvalid');
    if (await this.#users.findCredentials(actor, input.account)) {
      throw badRequest('register.accountExists', { account: input.account });
    }
    refuseCommonPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    const pending: Partial<User> & { password: string } = {
      account: input.account,
      name: input.name || input.account,
      realName: input.name || input.account,
      avatar: identity.avatar,
      email: identity.email,
      userType: 1,
      status: USER_STATUS.PENDING,
      password: passwordHash,
    };
    // One transaction: the user and the link exist together or not at all.
    await inTransaction(this.deps.store, async (tx) => {
      await checkAccountLimit(tx, input.tenantId);
      const userId = await new UserRepository(tx).insert(actor, pending);
      if (!(await new UserOauthRepository(tx).link(input.tenantId, identity.id, userId))) {
        throw badRequest('register.identityInvalid');
      }
      await recordPassword(tx, input.tenantId, userId, passwordHash, new Date());
    });
  }

  async #signIn(client: ClientRecord, request: TokenRequest): Promise<TokenResponse> {
    const { limits, captchas } = this.deps;
    const addressWait = await limits.addressWait(request.ip);
    if (addressWait > 0)
      throw new OAuthError(429, 'auth.addressLocked', { minutes: waitMinutes(addressWait) });

    if (request.grantType === 'captcha') {
      if (!request.captchaKey || !request.captchaCode) throw new OAuthError(400, 'auth.captchaMissing');
      if (!(await captchas.check(request.captchaKey, request.captchaCode))) {
        await limits.recordAddressFailure(request.ip);
        throw new OAuthError(400, 'auth.captchaInvalid');
      }
    }
    if (!request.username) throw new OAuthError(400, 'auth.missingParameter', { name: 'username' });
    const password = request.passwordUnreadable ? null : request.password;
    if (password === undefined || password === '')
      throw new OAuthError(400, 'auth.missingParameter', { name: 'password' });

    const tenant = await this.#checkTenant(request.tenantId);
    const actor: Actor = { tenantId: request.tenantId, userId: null, deptId: null };
    const found = await this.#users.findCredentials(actor, request.username);
    // A locked account is refused before the password is tried, so guessing cannot continue; the
    // lock ends on its own (decision 0013). Attempts while it lasts are not counted.
    const accountWait = found ? await limits.accountWait(found.user.id) : 0;
    // One verification for every attempt, a dummy one when there is no account's hash to try, so
    // the time taken does not tell which accounts exist (password-check.ts).
    const passwordOk = await checkPassword(accountWait > 0 ? null : (found?.passwordHash ?? null), password);
    if (accountWait > 0)
      throw new OAuthError(
        400,
        'auth.accountLocked',
        { minutes: waitMinutes(accountWait) },
        whoOf(found!.user),
      );
    if (!found || !passwordOk) {
      const lockedFor = found ? await limits.recordAccountFailure(request.tenantId, found.user.id) : 0;
      const addressLockedFor = await limits.recordAddressFailure(request.ip);
      if (lockedFor > 0)
        throw new OAuthError(
          400,
          'auth.accountLocked',
          { minutes: waitMinutes(lockedFor) },
          whoOf(found!.user),
        );
      if (addressLockedFor > 0)
        throw new OAuthError(429, 'auth.addressLocked', { minutes: waitMinutes(addressLockedFor) });
      throw new OAuthError(400, 'auth.badCredentials', {}, found && whoOf(found.user));
    }
    // Status is told only to someone who knows the password.
    this.#checkUserStatus(found.user);
    // With a second factor the failures are forgotten once the code is right, not before: a known
    // password does not buy more guesses of the code.
    if (await this.deps.secondFactor?.enabled(request.tenantId, found.user.id))
      return this.#askSecondFactor(client, found.user, request);
    await limits.clearAccounts(request.tenantId, [found.user.id]);
    return this.#begin(client, found.user, request, tenant);
  }

  /** Keeps the sign-in waiting for its code, and answers the challenge (SecondFactorNeeded). */
  async #askSecondFactor(client: ClientRecord, user: User, request: TokenRequest): Promise<never> {
    const challenge = randomUUID();
    const pending: PendingSecondFactor = {
      tenantId: user.tenantId,
      userId: user.id,
      clientId: client.clientId,
      grantType: request.grantType,
      ...(request.deptId ? { deptId: request.deptId } : {}),
      ...(request.roleId ? { roleId: request.roleId } : {}),
    };
    await this.deps.cache.set(
      challengeKey(challenge),
      JSON.stringify(pending),
      SECOND_FACTOR_CHALLENGE_SECONDS,
    );
    throw new SecondFactorNeeded(challenge, whoOf(user));
  }

  /**
   * The second step of a sign-in: the challenge of the password step and a code. A wrong code counts
   * toward the account's lock like a wrong password; after SECOND_FACTOR_ATTEMPTS of them the
   * challenge is spent, and the sign-in starts again with the password.
   */
  async #secondFactor(client: ClientRecord, request: TokenRequest): Promise<TokenResponse> {
    const gate = this.deps.secondFactor;
    const raw = request.challenge ? await this.deps.cache.get(challengeKey(request.challenge)) : null;
    const pending = raw === null ? undefined : (JSON.parse(raw) as PendingSecondFactor);
    if (!gate || !pending || pending.clientId !== client.clientId)
      throw new OAuthError(400, 'auth.secondFactorExpired');
    const challenge = request.challenge!;
    const tenant = await this.#checkTenant(pending.tenantId);
    const actor: Actor = { tenantId: pending.tenantId, userId: null, deptId: null };
    const user = await this.#users.findById(actor, pending.userId);
    if (!user) throw new OAuthError(400, 'auth.secondFactorExpired');
    this.#checkUserStatus(user);
    const { limits } = this.deps;
    const locked = await limits.accountWait(user.id);
    if (locked > 0)
      throw new OAuthError(400, 'auth.accountLocked', { minutes: waitMinutes(locked) }, whoOf(user));
    if ((await gate.check(user.tenantId, user.id, request.code ?? '')) === 'refused') {
      const lockedFor = await limits.recordAccountFailure(user.tenantId, user.id);
      await limits.recordAddressFailure(request.ip);
      const failures = await this.deps.cache.increment(
        challengeFailuresKey(challenge),
        SECOND_FACTOR_CHALLENGE_SECONDS,
      );
      if (failures >= SECOND_FACTOR_ATTEMPTS || lockedFor > 0)
        await this.deps.cache.delete(challengeKey(challenge));
      if (lockedFor > 0)
        throw new OAuthError(400, 'auth.accountLocked', { minutes: waitMinutes(lockedFor) }, whoOf(user));
      throw new OAuthError(400, 'auth.secondFactorInvalid', {}, whoOf(user));
    }
    // The challenge is spent by the sign-in it completes.
    if ((await this.deps.cache.take(challengeKey(challenge))) === null)
      throw new OAuthError(400, 'auth.secondFactorExpired', {}, whoOf(user));
    await limits.clearAccounts(user.tenantId, [user.id]);
    return this.#begin(
      client,
      user,
      { ...request, tenantId: user.tenantId, deptId: pending.deptId, roleId: pending.roleId },
      tenant,
    );
  }

  async #refresh(client: ClientRecord, request: TokenRequest): Promise<TokenResponse> {
    if (!request.refreshToken) throw new OAuthError(400, 'auth.missingParameter', { name: 'refresh_token' });
    const claims = await this.deps.signer.verify(request.refreshToken, 'refresh');
    if (!claims || claims.client_id !== client.clientId) throw new OAuthError(401, 'auth.refreshInvalid');
    const state = await this.#accountState(claims.tenant_id, claims.user_id);
    const who = { tenantId: claims.tenant_id, userId: claims.user_id, account: claims.account };
    if (!(await sessionTokenAllowed(this.deps.cache, state, claims))) {
      throw new OAuthError(401, 'auth.refreshInvalid', {}, who);
    }
    // Refreshing is not activity: a session idle longer than its tenant allows ends here too.
    if (state?.idleTimeoutMs && idleTooLong(state, await this.deps.cache.get(lastActivityKey(claims.sid)))) {
      await this.deps.sessions.end([claims.sid], client.accessTokenValidity, 'idle');
      throw new OAuthError(401, 'auth.refreshInvalid', {}, who);
    }
    const user = await this.#users.findById(
      { tenantId: claims.tenant_id, userId: null, deptId: null },
      claims.user_id,
    );
    if (!user) throw new OAuthError(401, 'auth.refreshInvalid', {}, who);
    // Rotation happens inside #issue, which refuses a refresh token that is no longer current.
    return this.#issue(client, user, { ...request, tenantId: claims.tenant_id }, claims.sid, claims.jti);
  }

  async #checkTenant(tenantId: string): Promise<TenantStanding> {
    const tenant = await this.#tenants.standing(tenantId);
    if (!tenant) throw new OAuthError(400, 'auth.tenantMissing');
    if (tenant.status !== 1) throw new OAuthError(400, 'auth.tenantDisabled');
    if (tenant.expiresAt !== null && tenant.expiresAt <= Date.now())
      throw new OAuthError(400, 'auth.tenantExpired');
    return tenant;
  }

  /**
   * A new session for a user who has proved who they are, under the tenant's single-session policy
   * (SINGLE_SESSION): refused while another session of the account lives, or begun and the older
   * ones ended (their pages are told they were replaced). Only someone who knows the password learns
   * that a session lives. Two sign-ins at the same instant may both pass the refusal: it is a
   * policy for people, not a lock.
   */
  async #begin(
    client: ClientRecord,
    user: User,
    request: TokenRequest,
    tenant: TenantStanding,
  ): Promise<TokenResponse> {
    const { sessions } = this.deps;
    const older =
      tenant.singleSession === SINGLE_SESSION.OFF ? [] : await sessions.liveOf(user.tenantId, user.id);
    if (tenant.singleSession === SINGLE_SESSION.REFUSE_NEW && older.length > 0)
      throw new OAuthError(400, 'auth.sessionActive', {}, whoOf(user));
    const answer = await this.#issue(client, user, request, randomUUID());
    if (older.length > 0) await sessions.end(older, client.refreshTokenValidity, 'replaced');
    return answer;
  }

  #checkUserStatus(user: User): void {
    if (user.status === USER_STATUS.PENDING) throw new OAuthError(400, 'auth.userPending', {}, whoOf(user));
    if (user.status !== USER_STATUS.ACTIVE) throw new OAuthError(400, 'auth.userDisabled', {}, whoOf(user));
  }

  async #issue(
    client: ClientRecord,
    user: User,
    request: TokenRequest,
    sid: string,
    previousRefreshJti?: string,
  ): Promise<TokenResponse> {
    const heldDepts = list(user.deptId);
    const heldRoles = list(user.roleId);
    if (
      (request.deptId && !heldDepts.includes(request.deptId)) ||
      (request.roleId && !heldRoles.includes(request.roleId))
    ) {
      throw new OAuthError(400, 'auth.switchInvalid');
    }
    const actor: Actor = { tenantId: user.tenantId, userId: user.id, deptId: null };
    const roles = await this.#roles.findMany(actor, request.roleId ? [request.roleId] : heldRoles);
    const claims: SessionClaims = {
      tenant_id: user.tenantId,
      user_id: user.id,
      account: user.account,
      user_name: user.account,
      real_name: user.realName ?? '',
      nick_name: user.name ?? '',
      dept_id: request.deptId ?? heldDepts[0] ?? '',
      post_id: list(user.postId)[0] ?? '',
      role_id: roles.map((r) => r.id).join(','),
      role_name: roles.map((r) => r.roleAlias).join(','),
      client_id: client.clientId,
      sid,
    };
    const access = await this.deps.signer.sign(claims, 'access', client.accessTokenValidity);
    const refresh = await this.deps.signer.sign(claims, 'refresh', client.refreshTokenValidity);
    if (previousRefreshJti === undefined) {
      const agent = describeUserAgent(request.userAgent);
      await this.deps.sessions.start(sid, refresh.jti, client.refreshTokenValidity, {
        tenantId: user.tenantId,
        userId: user.id,
        account: user.account,
        realName: user.realName,
        deptId: claims.dept_id || null,
        ip: request.ip,
        browser: agent.browser,
        os: agent.os,
        clientId: client.clientId,
        grantType: request.grantType,
      });
    } else if (
      !(await this.deps.sessions.rotate(sid, previousRefreshJti, refresh.jti, client.refreshTokenValidity))
    ) {
      throw new OAuthError(401, 'auth.refreshInvalid');
    }
    return {
      access_token: access.token,
      token_type: 'bearer',
      refresh_token: refresh.token,
      expires_in: client.accessTokenValidity,
      scope: 'all',
      tenant_id: claims.tenant_id,
      user_id: claims.user_id,
      user_name: claims.user_name,
      real_name: claims.real_name,
      nick_name: claims.nick_name,
      account: claims.account,
      avatar: user.avatar ?? '',
      role_id: claims.role_id,
      role_name: claims.role_name,
      dept_id: claims.dept_id,
      post_id: claims.post_id,
      oauth_id: '',
      client_id: client.clientId,
      license: LICENSE,
      jti: access.jti,
      password_change_required: user.passwordChangeRequired === 1,
      second_factor_setup_required:
        (await this.deps.secondFactor?.setupRequired(user.tenantId, user.id, heldRoles)) ?? false,
    };
  }

  /** Ends the caller's session: its refresh token and every access token it issued (S8). */
  async logout(
    principal: Principal,
    client: ClientRecord,
    ip: string,
    userAgent: string | null,
  ): Promise<void> {
    // The session's open event streams (its other tabs) are told it ended, in every process.
    await this.deps.sessions.end([principal.sessionId], client.accessTokenValidity, 'signedOut');
    this.deps.events?.recorded({
      tenantId: principal.tenantId,
      account: principal.account,
      userId: principal.userId,
      outcome: 'signedOut',
      grantType: 'logout',
      clientId: client.clientId,
      ip,
      userAgent,
    });
  }

  /** The signed-in user's own record (never the password: the table declares it write-only). */
  async userInfo(principal: Principal): Promise<User | undefined> {
    return this.#users.findSelf(principal);
  }

  /**
   * Lifts the sign-in locks of users of the caller's tenant (within its data scope) and forgets
   * their failures. All or nothing: an id that is not there answers 404. Sessions are not
   * touched: a lock never ended them (decision 0013).
   */
  async unlock(actor: Actor, userIds: string[]): Promise<number> {
    if ((await this.#users.findByIds(actor, userIds)).length !== userIds.length) throw notFound();
    return this.deps.limits.clearAccounts(actor.tenantId, userIds);
  }
}
