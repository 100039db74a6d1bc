// Minimal cookie access for the session's two token cookies; values are URI-encoded.

export interface CookieOptions {
  path?: string;
  sameSite?: 'Strict' | 'Lax' | 'None';
  /** Send only over HTTPS. */
  secure?: boolean;
}

/** The `document.cookie` assignment that sets a cookie for the browser session (no expiry). */
export function cookieString(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`];
  if (options.sameSite) parts.push(`SameSite=${options.sameSite}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function readCookie(name: string): string | undefined {
  // No document when the sign-in page is rendered at build time (web/src/prerender.tsx): no cookies.
  if (typeof document === 'undefined') return undefined;
  for (const pair of document.cookie.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(separator + 1).trim());
    } catch {
      return undefined; // not written by this module
    }
  }
  return undefined;
}

export function writeCookie(name: string, value: string, options?: CookieOptions): void {
  document.cookie = cookieString(name, value, options);
}

export function removeCookie(name: string, options: Pick<CookieOptions, 'path'> = {}): void {
  document.cookie = `${name}=; path=${options.path ?? '/'}; max-age=0`;
}
