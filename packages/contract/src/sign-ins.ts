// Issue 48: what the login log records of each sign-in attempt (entities/session.ts has its rows).

/**
 * What came of a sign-in attempt (the login log's 结果): signed in, or why not; `signedOut` records a
 * logout. `unknownTenant` and
 * `badCredentials` cover an unknown account as well as a wrong password, so the log of an attempt
 * reads as its answer did (the answer never tells which accounts exist).
 */
export const LOGIN_OUTCOMES = [
  'success',
  'badCredentials',
  'locked',
  'addressLocked',
  'badCaptcha',
  'unknownTenant',
  'tenantDisabled',
  'disabled',
  'pending',
  'secondFactorRequired',
  'secondFactorFailed',
  'sessionActive',
  'refreshRefused',
  'socialFailed',
  'refused',
  'signedOut',
] as const;
export type LoginOutcome = (typeof LOGIN_OUTCOMES)[number];
