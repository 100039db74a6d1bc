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
}

/**
 * The user id of a token response for a third-party identity that no local user owns yet
 * (BladeX's convention): no tokens, but an `oauth_id` to register with.
 */
export const UNLINKED_USER_ID = '-1';
