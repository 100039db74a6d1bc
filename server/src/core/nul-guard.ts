import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';

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

/** Refuses, with a 400 naming the field, any request whose string input holds a NUL. */
export function installNulGuard(app: FastifyInstance): void {
  // A callback hook: no promise per request (see core/security-headers.ts).
  app.addHook('preValidation', (req, _reply, done) => {
    // The query and the route parameters are decoded from the URL, where a NUL can only come as
    // %00 (the HTTP parser refuses a raw one): a URL without it needs no walk over them.
    const field =
      (req.url.includes('%00') ? (findNul(req.query) ?? findNul(req.params)) : null) ??
      (req.body === undefined ? null : findNul(req.body));
    done(field === null ? undefined : new ApiError(400, 'field.nul', { field }));
  });
}
