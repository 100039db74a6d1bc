import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';

// No string input may hold a NUL character (issue 13, item 8). PostgreSQL refuses one in text
// (a 500 with the database's message), the other engines store it silently and cut it short in
// places; nothing legitimate sends one. One check for every route, before validation: the query,
// the route parameters and the parsed JSON body, at any depth (keys included). Multipart file
// contents are never parsed into the body, so uploads are not affected.

const MAX_DEPTH = 64;

/**
 * Whether any string (or key) holds a NUL: the check every request pays, so it builds no paths and
 * no arrays (findNul names the field, only for the rare request that has one).
 */
function holdsNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value))
    return false;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsNul(item, depth + 1)) return true;
    return false;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes('\u0000') || holdsNul((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/** The path of the first string (or key) holding a NUL, else null. */
export function findNul(value: unknown): string | null {
  return holdsNul(value, 0) ? nulPath(value, '', 0) : null;
}

function nulPath(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], `${path}[${i}]`, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at.split('\u0000').join('\\0');
    const found = nulPath(item, at, depth + 1);
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
