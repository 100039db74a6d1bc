import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer (security S11). antd injects its styles at run time,
 * hence 'unsafe-inline' for styles only; scripts come from this origin alone. `frameOrigins`
 * (FRAME_ORIGINS) are the other sites the console's iframe route may show; nobody may frame the
 * console itself (frame-ancestors, and X-Frame-Options for older browsers).
 */
export function contentSecurityPolicy(frameOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
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
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(frameOrigins),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  app.addHook('onSend', async (_req, reply) => {
    for (const [name, value] of Object.entries(headers))
      if (!reply.hasHeader(name)) reply.header(name, value);
  });
}
