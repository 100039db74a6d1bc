import { website } from '../config/website';
import { i18n, LANGUAGE_TAGS, type Language } from '../i18n';

/** Query string values; undefined and null ones are left out of the URL. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** false sends the call without the signed-in user's token (sign-in, captcha). Default true. */
  authToken?: boolean;
  /** Milliseconds before the call is abandoned; website.requestTimeout by default. */
  timeout?: number;
  /** Headers besides the ones every call carries (sign-in: Tenant-Id, Captcha-Key, …). */
  headers?: Record<string, string>;
  /**
   * true: the answer is not wrapped in `R` (the token and captcha calls), so a 200 resolves to the
   * whole body. Failures are read as for every other call.
   */
  raw?: boolean;
  /**
   * true: a failed answer rejects without the error toast, because the caller shows the message
   * itself (the sign-in page, inline). The 401 rule still applies.
   */
  quiet?: boolean;
}

export interface PostOptions extends RequestOptions {
  params?: QueryParams;
}

/** What the request layer needs from the app; main.tsx supplies the real one, tests their own. */
export interface RequestEnvironment {
  getToken: () => string | undefined;
  getLanguage: () => Language;
  /** The server answered 401: the session is over. */
  onUnauthorized: () => void;
  /** Tells the user why an answered call failed. */
  notifyError: (message: string) => void;
  /** Answer codes that fail a call without a message; website.statusWhiteList by default. */
  statusWhiteList?: readonly number[];
}

/** A call the server answered with a code other than 200. */
export class RequestError extends Error {
  readonly code: number;
  /** The server's own words (`msg` or `error_description`); undefined when it gave none. */
  readonly serverMessage: string | undefined;
  /** The answer's body as the server sent it (a sign-in's second-factor challenge is in it). */
  readonly body: Readonly<Record<string, unknown>>;

  constructor(message: string, code: number, serverMessage?: string, body: Record<string, unknown> = {}) {
    super(message);
    this.name = 'RequestError';
    this.code = code;
    this.serverMessage = serverMessage;
    this.body = body;
  }
}

/**
 * The call got no answer the console reads: network down, timeout, or a gateway's status above 500.
 * Such failures reject with a TransportError, never a RequestError, and show no message.
 */
export class TransportError extends Error {
  /** 'TIMEOUT', 'NETWORK', or 'HTTP_<status>' for a gateway's answer above 500. */
  readonly code: string;

  constructor(message: string, code: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransportError';
    this.code = code;
  }
}

export function isTransportFailure(error: unknown): boolean {
  return error instanceof TransportError;
}

let environment: RequestEnvironment | undefined;

export function configureRequest(next: RequestEnvironment): void {
  environment = next;
}

/** The environment if configured (main.tsx does; a component test may not): undefined otherwise. */
export function requestEnvironment(): RequestEnvironment | undefined {
  return environment;
}

export function requireEnvironment(): RequestEnvironment {
  if (!environment) throw new Error('configureRequest() must run before the first request');
  return environment;
}

const clientAuthorization = `Basic ${btoa(`${website.clientId}:${website.clientSecret}`)}`;

/** GET answering `data` of the server's `R<T>` envelope; any other outcome rejects (see `settle`). */
export function get<T>(url: string, params?: QueryParams, options: RequestOptions = {}): Promise<T> {
  return send<T>('GET', withQuery(url, params), undefined, options);
}

/**
 * POST answering `data` of the `R<T>` envelope. The body goes as JSON, or as multipart when it is
 * FormData (uploads); `options.params` go in the query string.
 */
export function post<T>(url: string, body?: unknown, options: PostOptions = {}): Promise<T> {
  return send<T>('POST', withQuery(url, options.params), body, options);
}

/** The URL with the defined parameters appended (null and undefined are left out). */
export function withQuery(url: string, params: QueryParams | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const query = search.toString();
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** The headers every call carries: the client, the language and (unless told not to) the token. */
export function callHeaders(env: RequestEnvironment, options: RequestOptions): Record<string, string> {
  const headers: Record<string, string> = {
    ...options.headers,
    Authorization: clientAuthorization,
    'Accept-Language': LANGUAGE_TAGS[env.getLanguage()],
  };
  const token = options.authToken === false ? undefined : env.getToken();
  if (token) headers[website.tokenHeader] = `bearer ${token}`;
  return headers;
}

async function send<T>(method: string, url: string, body: unknown, options: RequestOptions): Promise<T> {
  const env = requireEnvironment();
  const headers = callHeaders(env, options);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  const timeout = options.timeout ?? website.requestTimeout;
  let response: Response;
  let text: string;
  try {
    // The timeout covers the whole exchange, body included.
    const signal = AbortSignal.timeout(timeout);
    response = await fetch(url, { method, headers, body: payload, credentials: 'same-origin', signal });
    text = await response.text();
  } catch (failure) {
    const timedOut = failure instanceof DOMException && failure.name === 'TimeoutError';
    throw timedOut
      ? new TransportError(`no answer within ${timeout} ms`, 'TIMEOUT', { cause: failure })
      : new TransportError('the connection failed', 'NETWORK', { cause: failure });
  }
  // Up to 500 the server answered (an R envelope or an OAuth error); above, a gateway did.
  if (response.status > 500) throw new TransportError(`HTTP ${response.status}`, `HTTP_${response.status}`);
  return settle<T>(response.status, parseJson(text), env, options);
}

export function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined; // not JSON: read as an answer without a body
  }
}

/** Reads an answer the way BladeX consoles do (spec §8): the body's code wins over the HTTP status. */
export function settle<T>(
  status: number,
  data: unknown,
  env: RequestEnvironment,
  options: RequestOptions,
): T {
  const body: Record<string, unknown> = isObject(data) ? data : {};
  const code = typeof body.code === 'number' ? body.code : status;
  if (code === 200) return (options.raw ? body : body.data) as T;

  const serverMessage = nonEmptyText(body.msg) ?? nonEmptyText(body.error_description);
  const message = serverMessage ?? i18n.t('request.unknownError', { lng: env.getLanguage() });
  const error = new RequestError(message, code, serverMessage, body);
  if ((env.statusWhiteList ?? website.statusWhiteList).includes(code)) throw error;
  if (code === 401) {
    env.onUnauthorized();
    throw error;
  }
  if (!options.quiet) env.notifyError(message);
  throw error;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
