/** The token call's answer (contract.md, "Sign-in"): bare, without the R envelope. */
export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  refresh_token: string;
  /** Seconds. */
  expires_in: number;
  scope: string;
  tenant_id: string;
  user_id: string;
  user_name: string;
  real_name: string;
  nick_name: string;
  account: string;
  avatar: string;
  /** Comma-joined when the session holds several roles. */
  role_id: string;
  /** The roles' aliases, comma-joined (e.g. `administrator`). */
  role_name: string;
  dept_id: string;
  post_id: string;
  /** Set when the user signed in through a third party. */
  oauth_id: string;
  client_id: string;
  license: string;
  jti: string;
  /**
   * The password must be changed before anything else (issue 44): every other call answers 403
   * until update-password succeeds, which keeps this session signed in.
   */
  password_change_required: boolean;
  /**
   * A second factor must be set up before anything else (issue 48: the tenant or a role requires one
   * and the user has none): every other call answers 403 until totp/confirm succeeds.
   */
  second_factor_setup_required: boolean;
}

/** The token call's grant that completes a sign-in with a second factor (issue 48). */
export const SECOND_FACTOR_GRANT = 'totp';

/**
 * The password (or captcha) grant's answer for an account with a second factor: 400, and a
 * challenge to send back with `grant_type=totp`, `challenge` and `code` (the 6-digit code of the
 * authenticator app, or a recovery code). The challenge lasts SECOND_FACTOR_CHALLENGE_SECONDS and
 * allows SECOND_FACTOR_ATTEMPTS wrong codes.
 */
export interface SecondFactorRequired {
  error_code: 400;
  error_description: string;
  second_factor: 'totp';
  challenge: string;
}

export const SECOND_FACTOR_CHALLENGE_SECONDS = 300;
export const SECOND_FACTOR_ATTEMPTS = 5;

/** A TOTP code as typed: 6 digits. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code as shown: three groups of four lowercase letters and digits. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/;
/** How many recovery codes a confirmed second factor comes with. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * The user id of a token response for a third-party identity that no local user owns yet
 * (BladeX's convention): no tokens, but an `oauth_id` to register with.
 */
export const UNLINKED_USER_ID = '-1';

/**
 * The token call's answer in the open-source SpringBlade dialect (`POST /api/blade-auth/token`,
 * issue 20), inside the R envelope: SpringBlade's AuthInfo (camelCase) with the further fields of
 * TokenResponse. The same session as TokenResponse's; `userName` is the real name as SpringBlade
 * gives it, `authority` the roles' aliases.
 */
export interface AuthInfo {
  accessToken: string;
  tokenType: 'bearer';
  refreshToken: string;
  /** Seconds. */
  expiresIn: number;
  scope: string;
  tenantId: string;
  userId: string;
  oauthId: string;
  account: string;
  /** The real name (SpringBlade's AuthInfo), else the account. */
  userName: string;
  realName: string;
  nickName: string;
  avatar: string;
  /** The roles' aliases, comma-joined: SpringBlade's name for `roleName`. */
  authority: string;
  roleName: string;
  roleId: string;
  deptId: string;
  postId: string;
  clientId: string;
  license: string;
  jti: string;
  /** TokenResponse's password_change_required. */
  passwordChangeRequired: boolean;
  /** TokenResponse's second_factor_setup_required. */
  secondFactorSetupRequired: boolean;
}
