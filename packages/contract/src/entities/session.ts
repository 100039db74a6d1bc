import { Type, type Static } from 'typebox';
import { Nullable } from '../schema.js';
import { LOGIN_OUTCOMES, type LoginOutcome } from '../sign-ins.js';

// Issue 48: who is signed in (系统监控 › 在线用户) and every sign-in attempt (登录日志).

const S = () => Nullable(Type.String());

/** A live sign-in session, as the online users page lists it. */
export const OnlineSessionSchema = Type.Object({
  /** The session's id (the tokens' `sid`): what 强退 names. */
  id: Type.String(),
  tenantId: Type.String(),
  userId: Type.String(),
  account: Type.String(),
  /** The user's real name when the session began. */
  realName: S(),
  deptId: S(),
  /** The department's name, read when listed. */
  deptName: S(),
  /** The client address at sign-in (through TRUST_PROXY). */
  ip: S(),
  /** Browser and operating system, from the User-Agent at sign-in (e.g. `Chrome 131`, `Windows 10`). */
  browser: S(),
  os: S(),
  /** The OAuth client the session signed in with (saber, …). */
  clientId: Type.String(),
  /** How it signed in: password, captcha, social. */
  grantType: Type.String(),
  loginTime: Type.String(),
  /** The session's last request of its own (not the token refresh, not the event stream). */
  lastActiveTime: Type.String(),
  /** The session is the caller's own: 强退 on it asks first and signs the caller out. */
  current: Type.Boolean(),
});
export type OnlineSession = Static<typeof OnlineSessionSchema>;

/** A row of the login log: never a password, its digest or a token. */
export const LogLoginSchema = Type.Object({
  id: Type.String(),
  /** The tenant as typed (it may be one that does not exist). */
  tenantId: Type.String(),
  /** The account as typed, or the refreshed session's account. */
  account: S(),
  /** The user, when the account was found. */
  userId: S(),
  // Typed as the outcome: a union built from an array has no static type of its own.
  outcome: Type.Unsafe<LoginOutcome>(Type.Union(LOGIN_OUTCOMES.map((outcome) => Type.Literal(outcome)))),
  /** password, captcha, refresh_token, social, … */
  grantType: S(),
  clientId: S(),
  ip: S(),
  browser: S(),
  os: S(),
  userAgent: S(),
  createTime: Type.String(),
  /**
   * The row's user is locked by failed sign-ins now (read when listed, not stored): the page offers
   * 解锁 on such a row.
   */
  locked: Type.Boolean(),
});
export type LogLogin = Static<typeof LogLoginSchema>;
