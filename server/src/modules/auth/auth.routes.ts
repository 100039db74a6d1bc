import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOCAL_LOG_MAX_ENTRIES, PLATFORM_TENANT_ID, type LocalLogEntry } from '@console/contract';
import { Type, type Static } from 'typebox';
import type { AccountStates } from '../../core/auth/account-states.js';
import { principalOf } from '../../core/auth/guard.js';
import type { Cache } from '../../core/cache/index.js';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import type { Captchas } from './captcha.js';
import type { SignInLimits } from './sign-in-limits.js';
import { OAuthError, SecondFactorNeeded, type AuthService } from './auth.service.js';

/** A request header's trimmed value, or undefined when absent or blank. */
export const requestHeader = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

const TokenQuery = Type.Object({
  tenantId: Type.Optional(Type.String({ maxLength: 12 })),
  username: Type.Optional(Type.String({ maxLength: 64 })),
  password: Type.Optional(Type.String({ maxLength: 128 })),
  grant_type: Type.Optional(Type.String({ maxLength: 32 })),
  refresh_token: Type.Optional(Type.String({ maxLength: 4096 })),
  scope: Type.Optional(Type.String({ maxLength: 64 })),
  type: Type.Optional(Type.String({ maxLength: 32 })),
  source: Type.Optional(Type.String({ maxLength: 32 })),
  code: Type.Optional(Type.String({ maxLength: 2048 })),
  state: Type.Optional(Type.String({ maxLength: 128 })),
  /** The second-factor grant's challenge (its code goes in `code`). */
  challenge: Type.Optional(Type.String({ maxLength: 64 })),
});

export interface AuthRouteDependencies {
  auth: AuthService;
  limits: SignInLimits;
  captchas: Captchas;
  accounts: AccountStates;
  cache: Cache;
  /** Per-process caches of other modules (dictionaries) that clear-cache drops in every process too. */
  clearCaches?: () => Promise<void>;
}

export interface LogoutRouteDependencies {
  auth: AuthService;
  /** Stores the console's uploaded local log entries (the usual log). */
  storeLocalLogs?: (req: FastifyRequest, entries: LocalLogEntry[]) => void;
}

const text = (value: unknown, max: number): string | null =>
  value === undefined || value === null ? null : String(value).slice(0, max);

/**
 * The console's local log entries of a `POST logout` body (spec §3: type, message, stack, info, url,
 * time), or undefined for a plain logout (no body). Anything else is refused.
 */
function localLogEntries(body: unknown): LocalLogEntry[] | undefined {
  if (body === undefined || body === null || body === '') return undefined;
  if (!Array.isArray(body) || body.length > LOCAL_LOG_MAX_ENTRIES) throw badRequest('log.localInvalid');
  return body.map((entry: unknown) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) throw badRequest('log.localInvalid');
    const e = entry as Record<string, unknown>;
    return {
      type: text(e.type, 10) ?? 'error',
      message: text(e.message, 10_000) ?? '',
      stack: text(e.stack, 50_000),
      info: text(e.info, 10_000),
      url: text(e.url, 255),
      time: text(e.time, 64),
    };
  });
}

/**
 * /api/blade-auth/oauth: token, captcha, user-info, clear-cache (spec §7, "Auth"); logout is
 * logoutRoutes, registered beside it.
 */
export const authRoutes: FastifyPluginAsyncTypebox<AuthRouteDependencies> = async (
  app,
  { auth, limits, captchas, accounts, cache, clearCaches },
) => {
  const token = async (
    req: FastifyRequest<{ Querystring: Static<typeof TokenQuery> }>,
    reply: FastifyReply,
  ) => {
    const q = req.query;
    try {
      return await auth.token(req.client!, {
        grantType: q.grant_type ?? '',
        tenantId: q.tenantId || requestHeader(req, 'tenant-id') || PLATFORM_TENANT_ID,
        username: q.username,
        password: q.password,
        refreshToken: q.refresh_token,
        challenge: q.challenge,
        source: q.source,
        code: q.code,
        state: q.state,
        captchaKey: requestHeader(req, 'captcha-key'),
        captchaCode: requestHeader(req, 'captcha-code'),
        deptId: requestHeader(req, 'dept-id'),
        roleId: requestHeader(req, 'role-id'),
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      // No envelope here: the OAuth error shape of contract.md, and no session; a second factor's
      // challenge goes with it (SecondFactorRequired).
      return reply.code(error.code).send({
        error_code: error.code,
        error_description: req.t(error.messageKey, error.params),
        ...(error instanceof SecondFactorNeeded ? { second_factor: 'totp', challenge: error.challenge } : {}),
      });
    }
  };
  const tokenRoute = { schema: { querystring: TokenQuery }, config: { access: 'public' as const } };
  app.post('/token', tokenRoute, token);
  app.post('/token/refresh', tokenRoute, token);

  app.get('/captcha', { config: { access: 'public' } }, async (req, reply) => {
    if (!(await limits.captchaAllowed(req.ip))) {
      return reply.code(429).send({ error_code: 429, error_description: req.t('auth.tooManyAttempts') });
    }
    return captchas.issue();
  });

  // Third-party sign-in starts here: off to the provider, which sends the person back with a code.
  app.get(
    '/render/:source',
    {
      schema: { params: Type.Object({ source: Type.String({ maxLength: 32 }) }) },
      config: { access: 'open' },
    },
    async (req, reply) => {
      try {
        return reply.redirect(await auth.socialAuthorizeUrl(req.params.source));
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error;
        return reply
          .code(error.code)
          .send({ error_code: error.code, error_description: req.t(error.messageKey, error.params) });
      }
    },
  );

  app.get('/user-info', { config: { everyone: 'own', firstStep: true } }, async (req) =>
    ok(await auth.userInfo(principalOf(req)), req.t('ok')),
  );

  app.get('/clear-cache', { config: { access: 'administrator' } }, async (req) => {
    await accounts.invalidate('all');
    await cache.deleteByPrefix('cache:');
    await clearCaches?.();
    return ok(true, req.t('auth.cacheCleared'));
  });
};

/**
 * `logout` (GET, or POST without a body): ends the caller's session. Registered under the spec's
 * /api/blade-auth/oauth and SpringBlade's /api/blade-auth (core/auth/route-aliases.ts).
 */
export const logoutRoutes: FastifyPluginAsyncTypebox<LogoutRouteDependencies> = async (
  app,
  { auth, storeLocalLogs },
) => {
  app.get('/logout', { config: { everyone: 'own', firstStep: true } }, async (req) => {
    await auth.logout(principalOf(req), req.client!, req.ip, req.headers['user-agent'] ?? null);
    return ok(true, req.t('ok'));
  });

  // BladeX consoles post their local error log here: with a JSON list of entries this stores them
  // (usual log) and the session goes on; without a body it is a logout.
  app.post('/logout', { config: { everyone: 'own', firstStep: true } }, async (req) => {
    const entries = localLogEntries(req.body);
    if (entries === undefined) {
      await auth.logout(principalOf(req), req.client!, req.ip, req.headers['user-agent'] ?? null);
      return ok(true, req.t('ok'));
    }
    storeLocalLogs?.(req, entries);
    return ok(true, req.t('log.uploaded'));
  });
};
