import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { ApiError } from './errors.js';
import { addRouteHook, methodsOf } from './route-hooks.js';

// No string input may hold a NUL character (issue 13, item 8). PostgreSQL refuses one in text
// (a 500 with the database's message), the other engines store it silently and cut it short in
// places; nothing legitimate sends one. One check for every route, before validation: the query,
// the route parameters and the parsed JSON body, at any depth (keys included). Multipart file
// contents are never parsed into the body, so uploads are not affected.

const MAX_DEPTH = 64;

/**
 * Where the first string (or key) holding a NUL is, as keys and indexes from the outside in; null if
 * none does. Every request pays this check, so a miss builds nothing: the path is put together on
 * the way back from a hit only.
 */
function nulSegments(value: unknown, depth: number): Array<string | number> | null {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulSegments(value[i], depth + 1);
      if (found) return [i, ...found];
    }
    return null;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes('\u0000')) return [key];
    const found = nulSegments((value as Record<string, unknown>)[key], depth + 1);
    if (found) return [key, ...found];
  }
  return null;
}

/** The path of the first string (or key) holding a NUL (`a.b[1]`, a NUL shown as `\0`), else null. */
export function findNul(value: unknown): string | null {
  const segments = nulSegments(value, 0);
  if (!segments) return null;
  let path = '';
  for (const segment of segments)
    path = typeof segment === 'number' ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment;
  return path ? path.split('\u0000').join('\\0') : 'value';
}

const nulError = (field: string | null) =>
  field === null ? undefined : new ApiError(400, 'field.nul', { field });

/**
 * The 400 naming the field when the query or the route parameters hold a NUL; checked as the
 * request comes in (core/http.ts, installRequestContext). Both are decoded from the URL, where a NUL
 * can only come as %00 (the HTTP parser refuses a raw one): a URL without it needs no walk over them.
 */
export function nulInUrl(req: FastifyRequest): ApiError | undefined {
  return req.url.includes('%00') ? nulError(findNul(req.query) ?? findNul(req.params)) : undefined;
}

const BODILESS = new Set(['GET', 'HEAD']);

/**
 * Refuses, with a 400 naming the field, a body whose strings hold a NUL: a check before validation
 * on the routes that take a body (a read carries no hook for it). The URL's input: nulInUrl.
 */
export function installNulGuard(app: FastifyInstance): void {
  // A callback hook: no promise per request (see core/http.ts).
  const checkBody: preValidationHookHandler = (req, _reply, done) => {
    done(req.body === undefined ? undefined : nulError(findNul(req.body)));
  };
  app.addHook('onRoute', (route) => {
    if (!methodsOf(route).every((method) => BODILESS.has(method)))
      addRouteHook(route, 'preValidation', checkBody, 'first');
  });
}
