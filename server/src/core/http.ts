import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PLATFORM_TENANT_ID } from '@console/contract';
import { isDatabaseUnavailable } from '../db/errors.js';
import { CacheUnavailableError } from './cache/cache.js';
import { failure } from './envelope.js';
import { ApiError } from './errors.js';
import { nulInUrl } from './nul-guard.js';
import { languageOf, translate, type Language, type MessageKey, type MessageParams } from './i18n.js';
import type { Actor } from './repository/store.js';
import { pickValidationError, validationMessage, type AjvError } from './validation-errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    actor: Actor;
    t(key: MessageKey, params?: MessageParams): string;
    /** performance.now() when the request came in: how long a faulty one took (the error log). */
    receivedAt: number;
  }
}

/** Until sign-in lands every caller acts in the platform tenant without a user (issue #2). */
const ANONYMOUS: Actor = Object.freeze({ tenantId: PLATFORM_TENANT_ID, userId: null, deptId: null });

/** Whether a request's URL is the API's (everything else is the console's files). */
export const isApiUrl = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Request ids: the caller's X-Request-Id when it is sane (tracing through a proxy), else a new one. */
export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * What every request starts with: its language, no caller yet, its id sent back, the security
 * headers (`setSecurityHeaders`, core/security-headers.ts), and the refusal of a NUL in the URL's
 * input (core/nul-guard.ts). One hook for all of it: each hook is a step of Fastify's runner on
 * every request (docs/decisions/0032-a-lighter-fixed-path.md).
 */
export function installRequestContext(
  app: FastifyInstance,
  setSecurityHeaders: (url: string, reply: FastifyReply) => void,
): void {
  app.decorateRequest('language', 'zh');
  app.decorateRequest('receivedAt', 0);
  // Reference-type decorations must be set per request (Fastify shares a default between requests).
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('t', function (this: FastifyRequest, key: MessageKey, params?: MessageParams) {
    return translate(this.language, key, params);
  });
  // A callback hook, not an async one: it runs on every request, and a promise per hook per request
  // is measurable on the lightest routes (docs/benchmarks.md, "Where the server spends its extra time").
  app.addHook('onRequest', (req, reply, done) => {
    req.receivedAt = performance.now();
    req.language = languageOf(req.headers['accept-language']);
    req.actor = ANONYMOUS;
    reply.header('x-request-id', req.id);
    setSecurityHeaders(req.url, reply);
    done(nulInUrl(req));
  });
}

function send(reply: FastifyReply, code: number, msg: string): FastifyReply {
  return reply.code(code).type('application/json; charset=utf-8').send(failure(code, msg));
}

/**
 * Fastify's answer to a request its router cannot take (a URL that does not decode, FST_ERR_BAD_URL):
 * the contract's 400 with the security headers, as every other answer. Such a request never reaches
 * the onRequest hooks.
 */
export function answerFrameworkError(
  setSecurityHeaders: (url: string, reply: FastifyReply) => void,
): (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => void {
  return (_error, req, reply) => {
    setSecurityHeaders(req.url, reply);
    send(reply, 400, translate(languageOf(req.headers['accept-language']), 'error.badRequest'));
  };
}

/** The error mapping of contract.md: 400 naming the field, 404, and 500 without internals. */
export function installErrorHandling(
  app: FastifyInstance,
  /** Told of every fault answered with 500 (the error log). */
  onFault?: (req: FastifyRequest, error: Error, elapsedMs: number) => void,
): void {
  app.setErrorHandler((error: FastifyError | ApiError, req, reply) => {
    if (error instanceof ApiError) return send(reply, error.code, req.t(error.messageKey, error.params));

    if (error.validation && error.validation.length > 0) {
      const context = error.validationContext ?? 'body';
      const first = pickValidationError(
        error.validation as AjvError[],
        req.routeOptions.schema?.[context as 'body'],
      );
      return send(reply, 400, validationMessage(req.language, first, context));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(reply, 413, req.t('error.bodyTooLarge'));
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(reply, 400, req.t('error.notJson'));
    }
    if (isDatabaseUnavailable(error) || error instanceof CacheUnavailableError) {
      // A lost or refused database connection, or the shared cache away: the caller may retry.
      req.log.warn({ err: error }, 'database unavailable');
      return send(reply, 503, req.t('error.unavailable'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad content type, …): say it was the request, not what broke.
      const key = status === 403 ? 'error.forbidden' : status === 404 ? 'error.notFound' : 'error.badRequest';
      return send(reply, status, req.t(key));
    }
    req.log.error({ err: error }, 'request failed');
    // (reply.elapsedTime is 0 on a route that Fastify does not time: see core/process-log.ts.)
    onFault?.(req, error, performance.now() - req.receivedAt);
    // A fault may name a fixed message for the caller (a storage failure); never its own text.
    const publicKey = (error as { publicMessageKey?: MessageKey }).publicMessageKey;
    return send(reply, 500, req.t(publicKey ?? 'error.internal'));
  });
}

export function apiNotFound(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = req.url.split('?')[0]!;
  return send(reply, 404, req.t('error.routeNotFound', { path }));
}
