import { hostname, networkInterfaces } from 'node:os';
import type { FastifyInstance, FastifyRequest, onResponseHookHandler } from 'fastify';
import { PLATFORM_TENANT_ID, type LocalLogEntry } from '@console/contract';
import { formatDateTime } from '../../core/dates.js';
import { redact } from '../../core/redact.js';
import { addRouteHook, methodsOf } from '../../core/route-hooks.js';
import type { LogWriter } from './log-writer.js';
import { storedMessage, type UsualMessage } from './usual-message.js';

// What the api, error and usual logs record about a request, and the hook that records every
// mutating call and every sign-in (API log). Passwords, secrets and tokens never reach a log: every
// text of a request or a fault passes through core/redact.ts, as the process log's lines do.

export const SERVICE_ID = 'console';

const MAX_PARAMS = 10_000;

/** A text of a request or a fault, redacted (null stays null). */
const redactText = (text: string | null | undefined): string | null =>
  text === null || text === undefined ? null : redact(text);

const clip = (text: string | null | undefined, max: number): string | null =>
  text === null || text === undefined ? null : text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** The request's query and JSON body, masked, as one JSON text (at most 10,000 characters). */
export function requestParams(req: FastifyRequest): string | null {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const body = req.body;
  let params: unknown;
  if (body === undefined || body === null) params = query;
  else if (typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body))
    params = { ...query, ...(body as Record<string, unknown>) };
  else params = { ...query, body: Buffer.isBuffer(body) ? `<${body.length} bytes>` : body };
  const text = JSON.stringify(redact(params, req.url.split('?')[0]));
  return text === '{}' ? null : clip(text, MAX_PARAMS);
}

function serverAddress(): string | null {
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  return '127.0.0.1';
}

const SERVER = {
  service_id: SERVICE_ID,
  server_host: clip(hostname(), 255),
  server_ip: serverAddress(),
  env: process.env.NODE_ENV ?? 'prod',
};

/** The sign-in routes: the spec's (username) and SpringBlade's (account; issue 20). */
const TOKEN_ROUTES = ['/api/blade-auth/oauth/token', '/api/blade-auth/token'];
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Route /api/blade-system/param/submit → class blade-system/param, method submit. */
function routeParts(route: string): { methodClass: string | null; methodName: string | null } {
  const parts = route.replace(/^\/api\//, '').split('/');
  const methodName = parts.pop() ?? null;
  return { methodClass: clip(parts.join('/') || null, 255), methodName: clip(methodName, 255) };
}

/** Who acted: the signed-in user, or for a sign-in the account and tenant it names. */
function actorOf(req: FastifyRequest): { tenantId: string; createBy: string | null } {
  const actor = req.actor as { tenantId: string; account?: string } | null;
  const route = req.routeOptions.url;
  if (route !== undefined && TOKEN_ROUTES.some((prefix) => route.startsWith(prefix))) {
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    const q = { ...body, ...((req.query ?? {}) as Record<string, unknown>) };
    const account = q.username ?? q.account;
    const header = req.headers['tenant-id'];
    const tenantId = String(q.tenantId || (typeof header === 'string' && header) || PLATFORM_TENANT_ID);
    return {
      tenantId: clip(tenantId, 12)!,
      createBy: clip(typeof account === 'string' ? account : null, 64),
    };
  }
  return { tenantId: actor?.tenantId ?? PLATFORM_TENANT_ID, createBy: clip(actor?.account ?? null, 64) };
}

function requestColumns(req: FastifyRequest) {
  const route = req.routeOptions.url ?? req.url.split('?')[0]!;
  const { methodClass, methodName } = routeParts(route);
  const ua = req.headers['user-agent'];
  const { tenantId, createBy } = actorOf(req);
  return {
    ...SERVER,
    tenant_id: tenantId,
    method: req.method,
    request_uri: clip(req.url.split('?')[0]!, 255),
    user_agent: clip(typeof ua === 'string' ? ua : null, 1000),
    remote_ip: clip(req.ip, 255),
    method_class: methodClass,
    method_name: methodName,
    params: requestParams(req),
    create_by: createBy,
  };
}

/** The first frame of a stack that is not in node_modules or node internals: file and line. */
export function faultLocation(stack: string | undefined): { file: string | null; line: number | null } {
  for (const frame of (stack ?? '').split('\n').slice(1)) {
    const match = /\(?((?:file:\/\/)?[^\s()]+?):(\d+):\d+\)?\s*$/.exec(frame.trim());
    if (!match || match[1]!.includes('node_modules') || match[1]!.startsWith('node:')) continue;
    return { file: match[1]!, line: Number(match[2]) };
  }
  return { file: null, line: null };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: a writing route whose calls are not an API log row. Only a machine's heartbeat
     * (decision 0043): a fleet beats thousands of times a second, and the machine's record keeps
     * when it was last heard.
     */
    apiLog?: false;
  }
}

export function installRequestLogs(app: FastifyInstance, writer: LogWriter): void {
  // A callback hook: no promise per request (see core/http.ts).
  const logCall: onResponseHookHandler = (req, reply, done) => {
    // (Fastify's hook runner catches a throw here as it would a rejection.)
    if (MUTATING.has(req.method))
      writer.write('api', {
        ...requestColumns(req),
        type: '1',
        title: clip(`${req.routeOptions.url} ${reply.statusCode}`, 255),
        time: String(Math.round(reply.elapsedTime)),
      });
    done();
  };
  // Only the API's writing routes carry the hook: a read does not pay for it, nor for the response
  // listeners Fastify adds to time the answer of a route that has one.
  app.addHook('onRoute', (route) => {
    if (
      route.url.startsWith('/api/') &&
      route.config?.apiLog !== false &&
      methodsOf(route).some((method) => MUTATING.has(method))
    )
      addRouteHook(route, 'onResponse', logCall, 'last');
  });
}

/** An error log row for a 5xx answer. */
export function recordFault(writer: LogWriter, req: FastifyRequest, error: Error, elapsedMs: number): void {
  const { file, line } = faultLocation(error.stack);
  writer.write('error', {
    ...requestColumns(req),
    stack_trace: clip(redactText(error.stack), 60_000),
    exception_name: clip(error.name || error.constructor?.name || 'Error', 255),
    message: clip(redactText(error.message), 60_000),
    line_number: line,
    file_name: clip(file, 1000),
    request_id: clip(req.id, 64),
    time: String(Math.round(elapsedMs)),
  });
}

/** A business event (an SMS sent, a refund decided, …) in the usual log. */
export function recordEvent(
  writer: LogWriter,
  timeZone: string,
  event: {
    tenantId: string;
    account: string | null;
    logId: string;
    /** Stored as its key, translated when read (usual-message.ts). */
    message: UsualMessage;
    level?: string;
    method?: string;
    requestUri?: string;
    ip?: string | null;
    userAgent?: string | null;
    params?: unknown;
  },
): void {
  writer.write('usual', {
    ...SERVER,
    tenant_id: event.tenantId,
    log_level: event.level ?? 'info',
    log_id: clip(event.logId, 100),
    log_data: clip(storedMessage(event.message), 60_000),
    method: event.method ?? null,
    request_uri: clip(event.requestUri ?? null, 255),
    user_agent: clip(event.userAgent ?? null, 1000),
    remote_ip: clip(event.ip ?? null, 255),
    method_class: null,
    method_name: null,
    params: event.params === undefined ? null : clip(JSON.stringify(redact(event.params)), MAX_PARAMS),
    time: formatDateTime(new Date(), timeZone),
    create_by: clip(event.account, 64),
  });
}

/** The console's uploaded local error log entries, one usual-log row each. */
export function recordLocalLogs(
  writer: LogWriter,
  req: FastifyRequest,
  entries: readonly LocalLogEntry[],
  timeZone: string,
): void {
  const actor = req.actor as { tenantId: string; account?: string };
  const ua = req.headers['user-agent'];
  for (const entry of entries) {
    const data = redactText([entry.message, entry.stack, entry.info].filter((s) => s).join('\n'));
    writer.write('usual', {
      ...SERVER,
      tenant_id: actor.tenantId,
      log_level: clip(entry.type || 'error', 10),
      log_id: 'console',
      log_data: clip(data, 60_000),
      method: 'GET',
      request_uri: clip(redactText(entry.url), 255),
      user_agent: clip(typeof ua === 'string' ? ua : null, 1000),
      remote_ip: clip(req.ip, 255),
      method_class: null,
      method_name: null,
      params: clip(JSON.stringify(redact(entry)), MAX_PARAMS),
      time: clip(entry.time || formatDateTime(new Date(), timeZone), 64),
      create_by: clip(actor.account ?? null, 64),
    });
  }
}
