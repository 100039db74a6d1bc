import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';

// No string input may hold a NUL character (issue 13, item 8). PostgreSQL refuses one in text
// (a 500 with the database's message), the other engines store it silently and cut it short in
// places; nothing legitimate sends one. One check for every route, before validation: the query,
// the route parameters and the parsed JSON body, at any depth (keys included). Multipart file
// contents are never parsed into the body, so uploads are not affected.

const MAX_DEPTH = 64;

/** The path of the first string (or key) holding a NUL, else null. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}[${i}]`, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at.split('\u0000').join('\\0');
    const found = findNul(item, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Refuses, with a 400 naming the field, any request whose string input holds a NUL. */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const field = findNul(req.query) ?? findNul(req.params) ?? findNul(req.body);
    if (field !== null) throw new ApiError(400, 'field.nul', { field });
  });
}
