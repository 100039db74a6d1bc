import { randomBytes } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { hashPassword } from '../../db/seed/seed.js';

// The sign-in's password check (issue 44 item 7). Verifying a password is nearly all of a
// sign-in's time (an Argon2id hash: 14–40 ms against 1–2 ms for the rest), so an attempt that
// skipped it would answer quickly for an account that does not exist and tell it apart. Every
// attempt therefore runs one verification: against the account's hash, or, when there is none to
// try (no such account, or it is locked), against a dummy hash of the same algorithm and
// parameters, whose answer is thrown away.

/** Verifications run by this process (the sign-in timing test counts them instead of timing). */
export const passwordVerifications = { count: 0 };

/** A hash of a random password, made once, by the function that hashes every user's password. */
let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` (the MD5 hex the console sends) matches `hash`; false without a hash or a
 * password (one that could not be read), after the same work.
 */
export async function checkPassword(hash: string | null, password: string | null): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const against = hash ?? (await dummyHash);
  passwordVerifications.count++;
  const matches = await verify(against, (password ?? '').toLowerCase()).catch(() => false);
  return matches && hash !== null && password !== null;
}
