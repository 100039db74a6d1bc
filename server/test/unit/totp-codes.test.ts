import { RECOVERY_CODE_COUNT, RECOVERY_CODE_PATTERN } from '@console/contract';
import { describe, expect, it } from 'vitest';
import {
  codeAt,
  isRecoveryCode,
  matchedStep,
  newRecoveryCodes,
  newSecret,
  recoveryDigest,
  stepOf,
} from '../../src/modules/user/totp/totp-codes.js';

// The second factor's codes with fixed clocks (issue 48): RFC 6238's own test secret and times, the
// window of one step either side, and a code that works once.

/** RFC 6238, appendix B: the SHA-1 secret "12345678901234567890", in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP codes', () => {
  it('are RFC 6238’s codes (the last six digits of its test vectors)', () => {
    expect(codeAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(codeAt(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(codeAt(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
  });

  it('accept the code of the step, and of one step either side, but not two', () => {
    const now = 1_234_567_890_000;
    const step = stepOf(now);
    expect(matchedStep(RFC_SECRET, codeAt(RFC_SECRET, now), now, 0)).toBe(step);
    expect(matchedStep(RFC_SECRET, codeAt(RFC_SECRET, now - 30_000), now, 0)).toBe(step - 1);
    expect(matchedStep(RFC_SECRET, codeAt(RFC_SECRET, now + 30_000), now, 0)).toBe(step + 1);
    expect(matchedStep(RFC_SECRET, codeAt(RFC_SECRET, now + 60_000), now, 0)).toBeUndefined();
    expect(matchedStep(RFC_SECRET, codeAt(RFC_SECRET, now - 60_000), now, 0)).toBeUndefined();
  });

  it('refuse a code of a step already used, or not six digits', () => {
    const now = 1_234_567_890_000;
    const code = codeAt(RFC_SECRET, now);
    expect(matchedStep(RFC_SECRET, code, now, stepOf(now))).toBeUndefined();
    expect(matchedStep(RFC_SECRET, codeAt(RFC_SECRET, now + 30_000), now, stepOf(now))).toBe(stepOf(now) + 1);
    for (const typed of ['', '12345', '1234567', 'abcdef', ` ${code}`])
      expect(matchedStep(RFC_SECRET, typed, now, 0)).toBeUndefined();
  });

  it('give a new secret with the address an authenticator app reads', () => {
    const { secret, uri } = newSecret('alice@000000', 'Cabinet Console');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Cabinet%20Console:alice%40000000?issuer=Cabinet%20Console&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(newSecret('a', 'b').secret).not.toBe(secret);
  });

  it('come with recovery codes, kept as digests', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) {
      expect(code).toMatch(RECOVERY_CODE_PATTERN);
      expect(isRecoveryCode(code.toUpperCase())).toBe(true);
      expect(recoveryDigest(` ${code.toUpperCase()} `)).toBe(recoveryDigest(code));
    }
    expect(isRecoveryCode('123456')).toBe(false);
  });
});
