import type { FastifyInstance } from 'fastify';

// Security headers on every answer (security S11). antd injects its styles at run time, hence
// 'unsafe-inline' for styles only; scripts come from this origin alone.
const HEADERS: Record<string, string> = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply) => {
    for (const [name, value] of Object.entries(HEADERS))
      if (!reply.hasHeader(name)) reply.header(name, value);
  });
}
