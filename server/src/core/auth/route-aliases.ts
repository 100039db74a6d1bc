// Both BladeX dialects (issue 20): the spec's paths and the open-source SpringBlade console's reach
// the same handlers, registered once per prefix in app.ts. The API-scope check (permissions.ts)
// reads the same families, so a rule written over either path covers the handler under both:
// the same access rules on both paths (security.md). SpringBlade's sign-in (`/api/blade-auth/token`,
// `/api/blade-auth/captcha`) answers in its own shape, so it has its own routes over the same
// AuthService (modules/auth/springblade-auth.routes.ts); they are public, outside API scopes.

/** The user routes plugin (modules/user/user.routes.ts): the spec's prefix, then SpringBlade's. */
export const USER_PREFIXES = ['/api/blade-user', '/api/blade-system/user'] as const;

/** SpringBlade's: its console sends the typed passwords of its user forms (user.routes.ts). */
export const SPRINGBLADE_USER_PREFIX: (typeof USER_PREFIXES)[number] = '/api/blade-system/user';

/** The logout routes (modules/auth/auth.routes.ts, `/logout` below each): the spec's, then SpringBlade's. */
export const LOGOUT_PREFIXES = ['/api/blade-auth/oauth', '/api/blade-auth'] as const;

/** The report routes (modules/report/report.routes.ts): `remove` beside `rest/list` as BladeX has it. */
export const REPORT_PREFIX = '/api/blade-report/report';

/** A report's removal: this console's path, then BladeX's (Saber's src/api/report/report.js). */
export const REPORT_REMOVE_PATHS = ['/remove', '/rest/remove'] as const;

/** Each family: paths (or path prefixes) under which one handler answers. */
const FAMILIES: ReadonlyArray<readonly string[]> = [
  USER_PREFIXES,
  LOGOUT_PREFIXES.map((prefix) => `${prefix}/logout`),
  REPORT_REMOVE_PATHS.map((path) => REPORT_PREFIX + path),
];

/**
 * A route path and the paths of the same handler in the other dialect: `/api/blade-user/page` →
 * it and `/api/blade-system/user/page`, and the other way round.
 */
export function equivalentPaths(path: string): string[] {
  const paths = [path];
  for (const family of FAMILIES) {
    const member = family.find((prefix) => path === prefix || path.startsWith(`${prefix}/`));
    if (member === undefined) continue;
    const rest = path.slice(member.length);
    for (const other of family) if (other !== member) paths.push(other + rest);
  }
  return paths;
}
