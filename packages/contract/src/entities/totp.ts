import { Type, type Static } from 'typebox';

// Issue 48: a user's TOTP second factor, as 个人信息 shows and sets it up.

/** Where the signed-in user stands. */
export const TotpStatusSchema = Type.Object({
  /** A confirmed second factor: sign-in asks for a code. */
  enabled: Type.Boolean(),
  /** The tenant or one of the user's roles requires one. */
  required: Type.Boolean(),
  /** Recovery codes not used yet (0 without a second factor). */
  recoveryCodesLeft: Type.Integer(),
});
export type TotpStatus = Static<typeof TotpStatusSchema>;

/** A setup begun: the secret (base32) and the otpauth:// address the QR code holds. Shown once. */
export const TotpSetupSchema = Type.Object({
  secret: Type.String(),
  uri: Type.String(),
});
export type TotpSetup = Static<typeof TotpSetupSchema>;

/** A setup confirmed: the recovery codes, shown this once. */
export const TotpConfirmedSchema = Type.Object({
  recoveryCodes: Type.Array(Type.String()),
});
export type TotpConfirmed = Static<typeof TotpConfirmedSchema>;

/** A code typed by the user (confirm, disable): 6 digits, or a recovery code to disable. */
export const TotpCodeQuery = Type.Object({
  code: Type.String({ minLength: 6, maxLength: 14 }),
});
