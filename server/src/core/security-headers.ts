import type { FastifyReply } from 'fastify';
import { isApiUrl } from './http.js';

/**
 * The console's one inline script (web/index.html): before the first paint, it decides whether the
 * sign-in page rendered into index.html shows (docs/decisions/0023-login-first-paint.md). Allowed by
 * its hash alone; the console's build fails, naming the new hash, when the script changes.
 */
export const CONSOLE_INLINE_SCRIPT_HASH = "'sha256-0vbqTt4ay2AqF1I90b7icYyMBkn6bMYk7pr++jO1CKc='";

/**
 * The Content-Security-Policy of every answer (security S11). antd injects its styles at run time,
 * hence 'unsafe-inline' for styles only; scripts come from this origin alone, and index.html's one
 * inline script by its hash. `frameOrigins` (FRAME_ORIGINS) are the other sites the console's
 * iframe route may show; nobody may frame the console itself (frame-ancestors, and X-Frame-Options
 * for older browsers).
 */
export function contentSecurityPolicy(frameOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${CONSOLE_INLINE_SCRIPT_HASH}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${["'self'", ...frameOrigins].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The Content-Security-Policy of the API's answers (JSON and files): nothing in them may load or run
 * anything, nor be framed. Stricter than the console's, and 252 bytes shorter on every answer.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

const COMMON_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
];

/**
 * Sets the security headers (S11) on a reply: the API's policy under /api, the console's elsewhere.
 * Set when the request comes in (core/http.ts, installRequestContext), so that a route which sends
 * its own policy (a stored file's sandbox) replaces it. Answers that never reach the onRequest hooks
 * (a URL the router cannot decode) get them from the framework-error handler.
 */
export function securityHeadersSetter(
  frameOrigins: readonly string[] = [],
): (url: string, reply: FastifyReply) => void {
  const consolePolicy = contentSecurityPolicy(frameOrigins);
  return (url, reply) => {
    reply.header('content-security-policy', isApiUrl(url) ? API_CONTENT_SECURITY_POLICY : consolePolicy);
    for (const [name, value] of COMMON_HEADERS) reply.header(name, value);
  };
}
