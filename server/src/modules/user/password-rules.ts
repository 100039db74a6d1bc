import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PASSWORD_POLICY_DEFAULTS, type PasswordPolicy } from '@console/contract';
import { verify as verifyPassword } from '@node-rs/argon2';
import { badRequest } from '../../core/errors.js';
import type { Actor, Store } from '../../core/repository/store.js';
import { SERVER_ROOT } from '../../db/server-paths.js';
import { TenantRepository } from '../system/tenant/tenant.repository.js';
import { PasswordHistoryRepository } from './password-history.repository.js';

// The rules the server can hold a new password to (issue 44). It sees only the MD5 of the typed
// password (contract.md), so length and character classes are the console's to check (the tenant's
// policy, read through passwordPolicy); here: the digest is none of the 10,000 most common
// passwords', and none of the user's latest `history` passwords. Every place that stores a password
// goes through storePassword, which keeps the history.

const COMMON_LIST = path.join(SERVER_ROOT, 'reference/common-passwords-md5.txt');
let commonDigests: ReadonlySet<string> | undefined;

/** Whether an MD5 digest is one of the 10,000 most common passwords' (the list read once). */
export function isCommonPassword(digest: string): boolean {
  commonDigests ??= new Set(
    readFileSync(COMMON_LIST, 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return commonDigests.has(digest.toLowerCase());
}

/** 400 for a digest of a common password (a password somebody chose: new, changed, registered). */
export function refuseCommonPassword(digest: string): void {
  if (isCommonPassword(digest)) throw badRequest('password.common');
}

/** The tenant's policy, or the defaults for a tenant that does not exist (told to nobody). */
export async function passwordPolicy(store: Store, tenantId: string): Promise<PasswordPolicy> {
  const tenant = await new TenantRepository(store).findByCode(tenantId);
  if (!tenant) return { ...PASSWORD_POLICY_DEFAULTS };
  return {
    minLength: tenant.passwordMinLength,
    minClasses: tenant.passwordMinClasses,
    history: tenant.passwordHistory,
  };
}

/**
 * 400 when the digest is the user's current password or one of the latest `history` they had
 * (compared by verifying each stored hash: they are salted). With history 0, none is refused.
 */
export async function refuseReusedPassword(
  store: Store,
  actor: Actor,
  userId: string,
  digest: string,
  currentHash: string,
): Promise<void> {
  const { history } = await passwordPolicy(store, actor.tenantId);
  if (history === 0) return;
  const recent = await new PasswordHistoryRepository(store).recent(actor.tenantId, userId, history);
  // The current password counts as one of the latest (it is in the history unless it was set
  // before the history was kept).
  const hashes = recent.includes(currentHash) ? recent : [currentHash, ...recent].slice(0, history);
  for (const hash of hashes)
    if (await verifyPassword(hash, digest.toLowerCase()).catch(() => false))
      throw badRequest('password.reused', { count: String(history) });
}

/**
 * Records a password hash just stored for a user (inside the caller's transaction) and forgets
 * those beyond the tenant's count. Every password is recorded, generated ones too, so that a
 * reset password cannot be taken again either.
 */
export async function recordPassword(
  tx: Store,
  tenantId: string,
  userId: string,
  hash: string,
  at: Date,
): Promise<void> {
  const { history } = await passwordPolicy(tx, tenantId);
  await new PasswordHistoryRepository(tx).record(tenantId, userId, hash, at, Math.max(history, 1));
}
