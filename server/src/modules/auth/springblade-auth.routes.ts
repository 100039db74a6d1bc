import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PLATFORM_TENANT_ID, type AuthInfo, type TokenResponse } from '@console/contract';
import { Type, type Static } from 'typebox';
import { sm2PasswordDigest, type Sm2KeyPair } from '../../core/auth/sm2-key.js';
import { failure, ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import type { Captchas } from './captcha.js';
import type { SignInLimits } from './sign-in-limits.js';
import { OAuthError, type AuthService } from './auth.service.js';
import { requestHeader } from './auth.routes.js';

// The open-source SpringBlade console's sign-in (Saber 4.9; issue 20 items 1 and 2):
// `POST /api/blade-auth/token` and `GET /api/blade-auth/captcha`, answered in the R envelope with
// SpringBlade's camelCase AuthInfo. The same AuthService.token as the spec's /oauth/token: the
// same grants, client, tenant, captcha and lockout rules, and the same sessions (a token from either
// endpoint is refreshed by either and revoked by either logout). The password arrives encrypted with
// SM2 under this server's public key (core/auth/sm2-key.ts) instead of as an MD5.

/** SpringBlade's parameter names, as query parameters (Saber) or in a form or JSON body. */
const PARAMS = {
  tenantId: 12,
  account: 64,
  // The SM2 ciphertext of a password: 97 bytes of overhead and the password's UTF-8, as hex.
  password: 1024,
  grantType: 32,
  refreshToken: 4096,
  scope: 64,
  type: 32,
  source: 32,
  code: 2048,
  state: 128,
} as const;
type Param = keyof typeof PARAMS;

const TokenQuery = Type.Object({
  tenantId: Type.Optional(Type.String({ maxLength: PARAMS.tenantId })),
  account: Type.Optional(Type.String({ maxLength: PARAMS.account })),
  password: Type.Optional(Type.String({ maxLength: PARAMS.password })),
  grantType: Type.Optional(Type.String({ maxLength: PARAMS.grantType })),
  refreshToken: Type.Optional(Type.String({ maxLength: PARAMS.refreshToken })),
  scope: Type.Optional(Type.String({ maxLength: PARAMS.scope })),
  type: Type.Optional(Type.String({ maxLength: PARAMS.type })),
  source: Type.Optional(Type.String({ maxLength: PARAMS.source })),
  code: Type.Optional(Type.String({ maxLength: PARAMS.code })),
  state: Type.Optional(Type.String({ maxLength: PARAMS.state })),
});

/** A query parameter, else the same field of a form or JSON body (strings and numbers). */
function params(
  req: FastifyRequest<{ Querystring: Static<typeof TokenQuery> }>,
): Partial<Record<Param, string>> {
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  const out: Partial<Record<Param, string>> = {};
  for (const [name, max] of Object.entries(PARAMS) as [Param, number][]) {
    const fromQuery = req.query[name];
    const raw: unknown = fromQuery !== undefined && fromQuery !== '' ? fromQuery : body[name];
    if (raw === undefined || raw === null || raw === '') continue;
    if (typeof raw !== 'string' && typeof raw !== 'number')
      throw badRequest('auth.parameterInvalid', { name });
    const value = String(raw);
    if (value.length > max) throw badRequest('auth.parameterInvalid', { name });
    out[name] = value;
  }
  return out;
}

/** The spec's parameter names in messages, as SpringBlade calls them. */
const PARAMETER_NAMES: Record<string, string> = { username: 'account', refresh_token: 'refreshToken' };

/** SpringBlade's AuthInfo of a token answer: the same session, camelCase. */
export function authInfo(token: TokenResponse): AuthInfo {
  return {
    accessToken: token.access_token,
    tokenType: token.token_type,
    refreshToken: token.refresh_token,
    expiresIn: token.expires_in,
    scope: token.scope,
    tenantId: token.tenant_id,
    userId: token.user_id,
    oauthId: token.oauth_id,
    account: token.account,
    userName: token.real_name || token.account,
    realName: token.real_name,
    nickName: token.nick_name,
    avatar: token.avatar,
    authority: token.role_name,
    roleName: token.role_name,
    roleId: token.role_id,
    deptId: token.dept_id,
    postId: token.post_id,
    clientId: token.client_id,
    license: token.license,
    jti: token.jti,
    passwordChangeRequired: token.password_change_required,
    secondFactorSetupRequired: token.second_factor_setup_required,
  };
}

export interface SpringBladeAuthRouteDependencies {
  auth: AuthService;
  limits: SignInLimits;
  captchas: Captchas;
  /** The server's SM2 key pair (DATA_DIR/sm2-key.json), to read the console's passwords. */
  sm2: Sm2KeyPair;
}

/** /api/blade-auth: token and captcha in SpringBlade's dialect (logout is logoutRoutes). */
export const springBladeAuthRoutes: FastifyPluginAsyncTypebox<SpringBladeAuthRouteDependencies> = async (
  app,
  { auth, limits, captchas, sm2 },
) => {
  // Fastify reads JSON bodies; SpringBlade's @RequestParam also reads form fields.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const token = async (
    req: FastifyRequest<{ Querystring: Static<typeof TokenQuery> }>,
    reply: FastifyReply,
  ) => {
    const p = params(req);
    // SpringBlade's default grant type is the password grant.
    const grantType = p.grantType ?? 'password';
    const signsIn = grantType === 'password' || grantType === 'captcha';
    const password = signsIn && p.password !== undefined ? sm2PasswordDigest(sm2, p.password) : undefined;
    try {
      const answer = await auth.token(req.client!, {
        grantType,
        tenantId: p.tenantId || requestHeader(req, 'tenant-id') || PLATFORM_TENANT_ID,
        username: p.account,
        password: password ?? undefined,
        passwordUnreadable: password === null,
        refreshToken: p.refreshToken,
        source: p.source,
        code: p.code,
        state: p.state,
        captchaKey: requestHeader(req, 'captcha-key'),
        captchaCode: requestHeader(req, 'captcha-code'),
        deptId: requestHeader(req, 'dept-id'),
        roleId: requestHeader(req, 'role-id'),
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      return ok(authInfo(answer), req.t('ok'));
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      // The spec endpoint's status, in the envelope SpringBlade consoles read; no session.
      const params = { ...error.params };
      if (params.name !== undefined) params.name = PARAMETER_NAMES[params.name] ?? params.name;
      return reply.code(error.code).send(failure(error.code, req.t(error.messageKey, params)));
    }
  };
  app.post(
    '/token',
    { schema: { querystring: TokenQuery }, bodyLimit: 16 * 1024, config: { access: 'public' } },
    token,
  );

  app.get('/captcha', { config: { access: 'public' } }, async (req, reply) => {
    if (!(await limits.captchaAllowed(req.ip))) {
      return reply.code(429).send(failure(429, req.t('auth.tooManyAttempts')));
    }
    // { key, image }: the image a data URL, as Saber's <img :src> takes it.
    return ok(await captchas.issue(), req.t('ok'));
  });
};
