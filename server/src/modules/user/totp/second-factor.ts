import type { TotpConfirmed, TotpSetup, TotpStatus } from '@console/contract';
import type { AccountStates } from '../../../core/auth/account-states.js';
import type { Principal } from '../../../core/auth/principal.js';
import { badRequest, notFound } from '../../../core/errors.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import type { SecretBox } from '../../../core/secret-box.js';
import type { RecordEvent } from '../../log/usual-events.js';
import { UserRepository } from '../user.repository.js';
import { isRecoveryCode, matchedStep, newRecoveryCodes, newSecret, recoveryDigest } from './totp-codes.js';
import { TotpRepository } from './totp.repository.js';

// A user's TOTP second factor (issue 48). 个人信息 sets it up (setup, then confirm with one code,
// which answers ten recovery codes once) and turns it off (with a code); an administrator resets it
// for users of their tenant and data scope (the usual log says so). Sign-in asks for a code of an
// account whose second factor is confirmed (AuthService); a code, or a recovery code, works once.
// The secret is sealed at rest with DATA_KEY and never answered after setup.

/** What an authenticator app shows above the code. */
const ISSUER = 'Cabinet Console';

export interface SecondFactorDependencies {
  store: Store;
  secrets: SecretBox;
  /** Whether a second factor must be set up first is part of the account's state (the guard). */
  accounts: Pick<AccountStates, 'invalidate'>;
  record: RecordEvent;
  /** The clock (tests fix it). */
  now?: () => number;
}

/** What came of a code typed at sign-in. */
export type CodeCheck = 'accepted' | 'refused';

export class SecondFactor {
  readonly #totps: TotpRepository;
  readonly #now: () => number;

  constructor(private readonly deps: SecondFactorDependencies) {
    this.#totps = new TotpRepository(deps.store);
    this.#now = deps.now ?? Date.now;
  }

  /** Whether sign-in asks the user for a code: a confirmed second factor. */
  async enabled(tenantId: string, userId: string): Promise<boolean> {
    return (await this.#totps.find(tenantId, userId))?.confirmed === true;
  }

  /** Whether the user must set one up before anything else: required, and none confirmed. */
  async setupRequired(tenantId: string, userId: string, roleIds: readonly string[]): Promise<boolean> {
    return (await this.#totps.required(tenantId, roleIds)) && !(await this.enabled(tenantId, userId));
  }

  async status(principal: Principal): Promise<TotpStatus> {
    const stored = await this.#totps.find(principal.tenantId, principal.userId);
    const enabled = stored?.confirmed === true;
    return {
      enabled,
      required: await this.#totps.required(principal.tenantId, principal.roleIds),
      recoveryCodesLeft: enabled ? stored.recoveryDigests.length : 0,
    };
  }

  /** Begins a setup (a new secret, replacing one not confirmed); refused while one is on. */
  async setup(principal: Principal): Promise<TotpSetup> {
    if (await this.enabled(principal.tenantId, principal.userId)) throw badRequest('totp.alreadyOn');
    const setup = newSecret(`${principal.account}@${principal.tenantId}`, ISSUER);
    await this.#totps.begin(principal.tenantId, principal.userId, this.deps.secrets.seal(setup.secret));
    return setup;
  }

  /** Confirms the setup with a code of the new secret; answers the recovery codes, this once. */
  async confirm(principal: Principal, code: string): Promise<TotpConfirmed> {
    const { tenantId, userId } = principal;
    const stored = await this.#totps.find(tenantId, userId);
    if (!stored || stored.confirmed) throw badRequest('totp.noSetup');
    const step = matchedStep(this.deps.secrets.open(stored.sealedSecret), code.trim(), this.#now(), 0);
    if (step === undefined) throw badRequest('totp.codeInvalid');
    const recoveryCodes = newRecoveryCodes();
    await this.#totps.confirm(tenantId, userId, step, recoveryCodes.map(recoveryDigest));
    await this.deps.accounts.invalidate({ userId });
    return { recoveryCodes };
  }

  /** Turns the second factor off, with a code or a recovery code; refused where one is required. */
  async disable(principal: Principal, code: string): Promise<void> {
    const { tenantId, userId } = principal;
    if (!(await this.enabled(tenantId, userId))) throw badRequest('totp.notOn');
    if (await this.#totps.required(tenantId, principal.roleIds)) throw badRequest('totp.required');
    if ((await this.check(tenantId, userId, code)) !== 'accepted') throw badRequest('totp.codeInvalid');
    await this.#totps.remove(tenantId, [userId]);
    await this.deps.accounts.invalidate({ userId });
  }

  /**
   * An administrator removes users' second factors (their next sign-in asks for none, or leads them
   * to set one up where it is required). All or nothing: a user not in the caller's tenant and data
   * scope answers 404.
   */
  async reset(actor: Actor, userIds: readonly string[]): Promise<number> {
    const users = await new UserRepository(this.deps.store).findByIds(actor, [...userIds]);
    if (users.length !== userIds.length) throw notFound();
    const removed = await this.#totps.remove(actor.tenantId, userIds);
    for (const user of users) {
      await this.deps.accounts.invalidate({ userId: user.id });
      this.deps.record(actor, {
        logId: 'totp.reset',
        message: { key: 'totp.log.reset', args: { account: user.account } },
        params: { userId: user.id },
      });
    }
    return removed;
  }

  /**
   * The secret, or undefined when it cannot be opened (sealed under another DATA_KEY: only an
   * administrator's reset helps, docs/operations.md).
   */
  #secretOf(sealed: string): string | undefined {
    try {
      return this.deps.secrets.open(sealed);
    } catch {
      return undefined;
    }
  }

  /**
   * A code typed for a confirmed second factor: the authenticator's code of now or a step either
   * side, later than the last one accepted, or an unused recovery code. Accepted once only.
   */
  async check(tenantId: string, userId: string, typed: string): Promise<CodeCheck> {
    const stored = await this.#totps.find(tenantId, userId);
    if (!stored?.confirmed) return 'refused';
    const code = typed.trim();
    if (isRecoveryCode(code)) {
      const digest = recoveryDigest(code);
      if (!stored.recoveryDigests.includes(digest)) return 'refused';
      const used = await this.#totps.useRecoveryCode(tenantId, userId, stored.recoveryDigests, digest);
      return used ? 'accepted' : 'refused';
    }
    const secret = this.#secretOf(stored.sealedSecret);
    if (secret === undefined) return 'refused';
    const step = matchedStep(secret, code, this.#now(), stored.lastStep);
    if (step === undefined) return 'refused';
    return (await this.#totps.useStep(tenantId, userId, step)) ? 'accepted' : 'refused';
  }
}
