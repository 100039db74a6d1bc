import type { FastifyInstance } from 'fastify';

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

export function installSecurityHeaders(app: FastifyInstance, frameOrigins: readonly string[] = []): void {
  const headers: [string, string][] = [
    ['content-security-policy', contentSecurityPolicy(frameOrigins)],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
  ];
  // A callback hook, not an async one: it runs on every answer, and a promise per hook per request
  // is measurable on the lightest routes (docs/benchmarks.md, "Ratios that hold").
  app.addHook('onSend', (_req, reply, payload, done) => {
    for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
}
