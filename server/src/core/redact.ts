// The one redaction every log goes through (security S14): the process log's lines
// (core/process-log.ts) and the API, error and usual logs' rows (modules/log/request-logs.ts).
// Passwords and their digests, tokens, client and device secrets, captcha codes and the like never
// reach a log: a value is masked by the name it goes by — a key of an object (a JSON or form body,
// headers, a log line's fields) or of a pair in text (a query string, a form body, `"key": "value"`,
// `Key: value` in an error's message or stack). Bearer and Basic credentials and JSON Web Tokens are
// masked in text whatever they are called.

export const MASK = '******';

/** Names whose values are masked wherever they appear (any depth, any case). */
const SECRET_NAME =
  /pass(word|wd)?|pwd|secret|token|credential|authori[sz]ation|signature|licen[cs]e|private|blade-auth|captcha[-_]?code|cookie/i;

/**
 * On the sign-in routes `code` is a credential too: the captcha's code or a provider's
 * authorisation code. Elsewhere it names a record (a dictionary's, a region's) and is kept.
 */
const SIGN_IN_PATH = /\/api\/blade-auth\//;

/**
 * A name and its value in text: `key=value` (query strings, form bodies), `key: value`,
 * `"key": "value"`. The value runs to the next separator of a query string, a quoted value to its
 * closing quote.
 * An unquoted value stops at `?` and `=` too, so that a URL in a value (`https://h/p?token=…`)
 * has its own pairs read. A name starts only where a word starts (the lookbehind): otherwise a
 * long word would be tried from each of its letters, in quadratic time.
 */
const PAIR =
  /(["']?)(?<![\w.[\]-])([A-Za-z_][\w.[\]-]*)\1(\s*[:=]\s*)("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s&"'#,;}\]?=]+)/g;
/** The password of a URL's user (`postgres://user:password@host`, `redis://:password@host`). */
const USERINFO = /(\/\/[^/\s:@]*:)[^@\s/]+@/g;
/** An HTTP credential after its scheme (`Authorization: Bearer …`, `bearer …`). */
const SCHEME_CREDENTIAL = /\b(bearer|basic)(\s+)[\w.~+/=-]{8,}/gi;
/** A JSON Web Token (the access and refresh tokens). */
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;

const MAX_DEPTH = 8;
const MAX_ITEMS = 100;

function isSecretName(name: string, signIn: boolean): boolean {
  return SECRET_NAME.test(name) || (signIn && name.toLowerCase() === 'code');
}

function redactText(text: string, signIn: boolean): string {
  const inSignIn = signIn || SIGN_IN_PATH.test(text);
  // The scheme's credential first: `Authorization: Basic …` is a pair whose value is two words.
  return text
    .replace(SCHEME_CREDENTIAL, (_credential, scheme: string, space: string) => `${scheme}${space}${MASK}`)
    .replace(PAIR, (pair, quote: string, name: string, separator: string, value: string) =>
      isSecretName(name, inSignIn) ? `${quote}${name}${quote}${separator}${maskedLike(value)}` : pair,
    )
    .replace(USERINFO, `$1${MASK}@`)
    .replace(JWT, MASK);
}

/** The mask in the value's own quotes, so that a JSON or quoted text stays well formed. */
function maskedLike(value: string): string {
  const quote = value[0];
  return quote === '"' || quote === "'" ? `${quote}${MASK}${quote}` : MASK;
}

function walk(value: unknown, signIn: boolean, depth: number): unknown {
  if (typeof value === 'string') return redactText(value, signIn);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '…';
  if (value instanceof Error)
    return walk({ type: value.name, message: value.message, stack: value.stack }, signIn, depth);
  if (Buffer.isBuffer(value)) return `<${value.length} bytes>`;
  if (value instanceof URL) return redactText(value.href, signIn);
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => walk(item, signIn, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    out[key] =
      isSecretName(key, signIn) && item !== null && item !== undefined && item !== ''
        ? MASK
        : walk(item, signIn, depth + 1);
  }
  return out;
}

/**
 * `value` with every secret masked: objects (bodies, headers, a log line) by their keys at any
 * depth, text (URLs, query strings, form bodies, messages, stacks) by its pairs and credentials.
 * `path` is the request's path when the value is a request's input (its query or body), so that the
 * sign-in routes' `code` is masked; text that names such a route is recognised by itself.
 */
export function redact(value: string, path?: string): string;
export function redact(value: unknown, path?: string): unknown;
export function redact(value: unknown, path?: string): unknown {
  return walk(value, path !== undefined && SIGN_IN_PATH.test(path), 0);
}
