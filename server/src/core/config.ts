import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseKind } from '../db/database.js';
import { SERVER_ROOT } from '../db/server-paths.js';
import { DEFAULT_OUTBOUND_HOSTS, parseOutboundHosts, type OutboundEntry } from './outbound/policy.js';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  databaseKind: DatabaseKind;
  redisUrl: string | null;
  /** Prefix of every key and channel in Redis, so that installations (and test runs) can share one. */
  redisKeyPrefix: string;
  dataDir: string;
  /** Null means: generate once into DATA_DIR (security S1). */
  jwtSecret: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** A request that takes at least this long (ms) is logged at `info` (core/process-log.ts). */
  logSlowMs: number;
  /** Time zone that wire dates are written and read in. */
  timeZone: string;
  /** Snowflake worker id; null picks one at random (see docs/decisions/0002-ids-dates-and-types.md). */
  workerId: number | null;
  /** The built console; null when it has not been built (the API still serves). */
  webDist: string | null;
  /** Third-party sign-in through OAuth2 providers (SOCIAL_PROVIDERS, a JSON list). */
  socialProviders: SocialProviderSettings[];
  /**
   * Which proxies' X-Forwarded-For to believe for the client's address (sign-in limits, logs):
   * false (none, the default), a hop count, or addresses/CIDRs of the proxies.
   */
  trustProxy: false | number | string[];
  /** Days the api, error and usual logs are kept; 0 keeps them forever. */
  logRetentionDays: number;
  /** The largest upload accepted (bytes). */
  uploadMaxBytes: number;
  /** File extensions accepted for upload; each is checked against the content (magic bytes). */
  uploadTypes: string[];
  /** Key material for secrets at rest (OSS and SMS keys); null: generated once into DATA_DIR. */
  dataKey: string | null;
  /**
   * SM2_PRIVATE_KEY: the SpringBlade sign-in's private key (64 hex digits), the same in every
   * process of a deployment; unset: the pair kept in DATA_DIR/sm2-key.json (core/auth/sm2-key.ts).
   */
  sm2PrivateKey: string | null;
  /** Base URLs of the SMS vendors' APIs, by provider (aliyun, tencent, qiniu, yunpian). */
  smsEndpoints: Partial<Record<SmsVendor, string>>;
  /**
   * Origins whose pages the console's iframe route may show (CSP frame-src), besides its own:
   * `https://bi.example.com`, `https://*.example.com`, or `https:` for every HTTPS site. None by default.
   */
  frameOrigins: string[];
  /** Where the server may connect for tenants and vendors (OUTBOUND_HOSTS; core/outbound/policy.ts). */
  outboundHosts: OutboundEntry[];
  /**
   * The database servers a data source may name (DATASOURCE_HOSTS, the OUTBOUND_HOSTS grammar; S6):
   * none by default. Loopback, private and link-local addresses only when listed.
   */
  datasourceHosts: OutboundEntry[];
  /** After SIGTERM: how long /api/ready answers 503 while serving goes on (core/drain.ts). */
  shutdownDrainMs: number;
  /** SQLite's synchronous pragma in WAL mode: full loses no acknowledged commit on power loss. */
  sqliteSynchronous: 'full' | 'normal';
  /** The console's sign-in page asks for the tenant's code (TENANT_MODE; core/web.ts hands it over). */
  tenantMode: boolean;
  /** A machine is shown offline when no heartbeat came within this many seconds (computed when read). */
  machineOfflineSeconds: number;
  /** Event streams open at once per user (STREAMS_PER_USER) and per process (STREAMS_PER_PROCESS). */
  streamsPerUser: number;
  streamsPerProcess: number;
  /**
   * METRICS_TOKEN: /api/metrics (Prometheus text) answers requests carrying it as
   * `Authorization: Bearer <token>`; null (the default) leaves the endpoint off (404).
   */
  metricsToken: string | null;
  /**
   * API_DOCS_PUBLIC: the API's OpenAPI document (GET /api/docs/openapi.json) answers every known
   * client, not only the platform administrator (the default, false).
   */
  apiDocsPublic: boolean;
  /**
   * The machines' MQTT channel (issue 50, docs/device-api.md): MQTT_PORT is the embedded broker's
   * port (default 1883; 0 turns it off), MQTT_URL an external MQTT 5 broker instead
   * (`mqtt://user:password@host:port`; the embedded one is then off), consumed through the shared
   * subscription group MQTT_SHARE_GROUP. MQTT_HOOK_TOKEN turns on the authentication and
   * authorization hooks an external broker calls.
   */
  mqttPort: number;
  mqttUrl: string | null;
  mqttShareGroup: string;
  mqttHookToken: string | null;
}

export type SmsVendor = 'aliyun' | 'tencent' | 'qiniu' | 'yunpian';

export const UPLOAD_TYPES_DEFAULT = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'bmp',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'zip',
  'txt',
  'csv',
  'apk',
  'mp4',
];

function uploadTypes(env: Env): string[] {
  const raw = value(env, 'UPLOAD_TYPES');
  if (raw === undefined) return UPLOAD_TYPES_DEFAULT;
  const types = raw
    .split(',')
    .map((s) => s.trim().toLowerCase().replace(/^\./, ''))
    .filter(Boolean);
  if (types.length === 0 || types.some((t) => !/^[a-z0-9]{1,10}$/.test(t)))
    fail('UPLOAD_TYPES', 'file extensions separated by commas, such as jpg,png,pdf', raw);
  return [...new Set(types)];
}

function smsEndpoints(env: Env): Partial<Record<SmsVendor, string>> {
  const raw = value(env, 'SMS_ENDPOINTS');
  if (raw === undefined) return {};
  const accepts = 'a JSON object of base URLs by provider (aliyun, tencent, qiniu, yunpian)';
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    fail('SMS_ENDPOINTS', accepts, raw.slice(0, 40));
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    fail('SMS_ENDPOINTS', accepts, raw.slice(0, 40));
  const out: Partial<Record<SmsVendor, string>> = {};
  for (const [key, url] of Object.entries(parsed as Record<string, unknown>)) {
    if (
      !['aliyun', 'tencent', 'qiniu', 'yunpian'].includes(key) ||
      typeof url !== 'string' ||
      !/^https?:\/\//.test(url)
    )
      fail('SMS_ENDPOINTS', accepts, `${key}: ${String(url)}`);
    out[key as SmsVendor] = url.replace(/\/+$/, '');
  }
  return out;
}

const FRAME_ORIGIN =
  /^https?:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

function frameOrigins(env: Env): string[] {
  const raw = value(env, 'FRAME_ORIGINS');
  if (raw === undefined) return [];
  const origins = raw
    .split(',')
    .map((entry) => entry.trim().toLowerCase().replace(/\/$/, ''))
    .filter(Boolean);
  const bad = origins.find((origin) => origin !== 'https:' && !FRAME_ORIGIN.test(origin));
  if (bad !== undefined || origins.length === 0) {
    fail(
      'FRAME_ORIGINS',
      'origins separated by commas, such as https://bi.example.com,https://*.example.org, or https:',
      bad ?? raw,
    );
  }
  return [...new Set(origins)];
}

function outboundHosts(env: Env): OutboundEntry[] {
  const raw = value(env, 'OUTBOUND_HOSTS') ?? DEFAULT_OUTBOUND_HOSTS.join(',');
  const parsed = parseOutboundHosts(raw);
  if ('bad' in parsed)
    fail(
      'OUTBOUND_HOSTS',
      'host names (*.example.com for subdomains, * for any public host), addresses or CIDRs, or default, separated by commas',
      parsed.bad,
    );
  return parsed;
}

function datasourceHosts(env: Env): OutboundEntry[] {
  const raw = value(env, 'DATASOURCE_HOSTS');
  if (raw === undefined || raw.trim() === '') return [];
  const parsed = parseOutboundHosts(raw);
  if ('bad' in parsed)
    fail('DATASOURCE_HOSTS', 'database host names, addresses or CIDRs, separated by commas', parsed.bad);
  return parsed;
}

function trustProxy(env: Env): false | number | string[] {
  const raw = value(env, 'TRUST_PROXY');
  if (raw === undefined || raw === 'false') return false;
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((s) => s.trim());
  const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]+)(\/\d{1,3})?$/;
  if (entries.some((e) => !address.test(e)))
    fail('TRUST_PROXY', 'false, a hop count, or proxy addresses/CIDRs separated by commas', raw);
  return entries;
}

/** One OAuth2 provider: its endpoints, this application's credentials there, and the user fields. */
export interface SocialProviderSettings {
  source: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scope?: string;
  /** Field names in the user-info answer (defaults: id, login, name, avatar_url, email). */
  fields?: { uuid?: string; username?: string; nickname?: string; avatar?: string; email?: string };
}

function socialProviders(env: Env): SocialProviderSettings[] {
  const raw = value(env, 'SOCIAL_PROVIDERS');
  if (raw === undefined) return [];
  const accepts =
    'a JSON list of {source, authorizeUrl, tokenUrl, userInfoUrl, clientId, clientSecret, redirectUri}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    fail('SOCIAL_PROVIDERS', accepts, raw.slice(0, 40));
  }
  if (!Array.isArray(parsed)) fail('SOCIAL_PROVIDERS', accepts, raw.slice(0, 40));
  const required = [
    'source',
    'authorizeUrl',
    'tokenUrl',
    'userInfoUrl',
    'clientId',
    'clientSecret',
    'redirectUri',
  ] as const;
  return parsed.map((entry: Record<string, unknown>, i) => {
    for (const key of required) {
      if (typeof entry?.[key] !== 'string' || entry[key] === '')
        fail('SOCIAL_PROVIDERS', `${accepts}; entry ${i} lacks ${key}`, raw.slice(0, 40));
    }
    for (const key of ['authorizeUrl', 'tokenUrl', 'userInfoUrl', 'redirectUri'] as const) {
      if (!/^https?:\/\//.test(entry[key] as string))
        fail('SOCIAL_PROVIDERS', `http(s) URLs; entry ${i} ${key}`, String(entry[key]));
    }
    return entry as unknown as SocialProviderSettings;
  });
}

function sqliteSynchronous(env: Env): 'full' | 'normal' {
  const raw = value(env, 'SQLITE_SYNCHRONOUS')?.toLowerCase() ?? 'full';
  if (raw !== 'full' && raw !== 'normal') fail('SQLITE_SYNCHRONOUS', 'full or normal', raw);
  return raw;
}

/** At least 16 visible characters: a scraper's secret, not a word. */
function metricsToken(env: Env): string | null {
  const token = value(env, 'METRICS_TOKEN');
  if (token === undefined) return null;
  if (!/^[\x21-\x7e]{16,256}$/.test(token))
    fail('METRICS_TOKEN', '16–256 visible ASCII characters (no spaces)', `${token.length} characters`);
  return token;
}

function mqttUrl(env: Env): string | null {
  const raw = value(env, 'MQTT_URL');
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // Not shown: it may carry the broker's password.
    fail('MQTT_URL', 'an mqtt://, mqtts://, ws:// or wss:// URL', 'something else');
  }
  if (!['mqtt:', 'mqtts:', 'ws:', 'wss:'].includes(url.protocol))
    fail('MQTT_URL', 'an mqtt://, mqtts://, ws:// or wss:// URL', url.protocol);
  return raw;
}

function mqttShareGroup(env: Env): string {
  const raw = value(env, 'MQTT_SHARE_GROUP') ?? 'zxgxg-console';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(raw)) fail('MQTT_SHARE_GROUP', '1–64 letters, digits, - or _', raw);
  return raw;
}

/** At least 16 visible characters, as METRICS_TOKEN: the broker's secret for the hooks. */
function mqttHookToken(env: Env): string | null {
  const token = value(env, 'MQTT_HOOK_TOKEN');
  if (token === undefined) return null;
  if (!/^[\x21-\x7e]{16,256}$/.test(token))
    fail('MQTT_HOOK_TOKEN', '16–256 visible ASCII characters (no spaces)', `${token.length} characters`);
  return token;
}

function tenantMode(env: Env): boolean {
  return booleanSetting(env, 'TENANT_MODE');
}

/** true or false (any case; default false). */
function booleanSetting(env: Env, name: string): boolean {
  const raw = value(env, name)?.toLowerCase() ?? 'false';
  if (raw !== 'true' && raw !== 'false') fail(name, 'true or false', raw);
  return raw === 'true';
}

/** A configuration problem: main.ts prints its message as the one line the operator sees. */
export class ConfigError extends Error {}

/** LOG_SLOW_MS's default: a request this slow (ms) is worth a line at `info`. */
export const DEFAULT_LOG_SLOW_MS = 1000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

type Env = Record<string, string | undefined>;

function value(env: Env, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

function fail(name: string, accepts: string, got: string): never {
  throw new ConfigError(`${name} must be ${accepts} (got "${got}")`);
}

function integer(env: Env, name: string, min: number, max: number, fallback: number): number;
function integer(env: Env, name: string, min: number, max: number, fallback: null): number | null;
function integer(env: Env, name: string, min: number, max: number, fallback: number | null) {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) fail(name, `an integer from ${min} to ${max}`, raw);
  return n;
}

export function databaseKindOf(url: string): DatabaseKind | null {
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres';
  if (/^(mysql|mariadb):\/\//.test(url)) return 'mysql';
  return null;
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Where the console build lives: web/dist beside the server's folder. */
function defaultWebDist(): string | null {
  const candidate = path.resolve(SERVER_ROOT, '../web/dist');
  return existsSync(path.join(candidate, 'index.html')) ? candidate : null;
}

/** Reads and validates the environment (architecture.md, "Configuration"). Throws ConfigError. */
export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(value(env, 'DATA_DIR') ?? './data');
  const databaseUrl = value(env, 'DATABASE_URL') ?? `sqlite:${path.join(dataDir, 'console.db')}`;
  const databaseKind = databaseKindOf(databaseUrl);
  if (!databaseKind) {
    fail('DATABASE_URL', 'sqlite:<file>, postgres://… or mysql://…', databaseUrl);
  }
  if (databaseKind === 'sqlite' && databaseUrl.slice('sqlite:'.length).trim() === '') {
    fail('DATABASE_URL', 'sqlite:<file> with a file path', databaseUrl);
  }
  if (databaseKind !== 'sqlite') {
    try {
      new URL(databaseUrl);
    } catch {
      fail('DATABASE_URL', 'a valid URL such as postgres://user@127.0.0.1:5432/db', databaseUrl);
    }
  }

  const redisUrl = value(env, 'REDIS_URL') ?? null;
  if (redisUrl !== null && !/^rediss?:\/\/.+/.test(redisUrl)) {
    fail('REDIS_URL', 'a redis:// or rediss:// URL', redisUrl);
  }

  const redisKeyPrefix = value(env, 'REDIS_KEY_PREFIX') ?? 'console:';
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(redisKeyPrefix)) {
    fail('REDIS_KEY_PREFIX', '1–64 letters, digits or _ . : -', redisKeyPrefix);
  }

  const jwtSecret = value(env, 'JWT_SECRET') ?? null;
  if (jwtSecret !== null && jwtSecret.length < 32) {
    fail('JWT_SECRET', 'at least 32 characters', `${jwtSecret.length} characters`);
  }

  const logLevel = value(env, 'LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel))
    fail('LOG_LEVEL', LOG_LEVELS.join(', '), logLevel);

  const timeZone = value(env, 'TZ') ?? 'Asia/Shanghai';
  if (!isTimeZone(timeZone)) fail('TZ', 'an IANA time zone such as Asia/Shanghai', timeZone);

  const dataKey = value(env, 'DATA_KEY') ?? null;
  if (dataKey !== null && dataKey.length < 32) {
    fail('DATA_KEY', 'at least 32 characters', `${dataKey.length} characters`);
  }

  const sm2PrivateKey = value(env, 'SM2_PRIVATE_KEY')?.toLowerCase() ?? null;
  if (sm2PrivateKey !== null && !/^[0-9a-f]{64}$/.test(sm2PrivateKey)) {
    fail('SM2_PRIVATE_KEY', '64 hexadecimal digits', `${sm2PrivateKey.length} characters`);
  }

  return {
    port: integer(env, 'PORT', 0, 65535, 8080),
    host: value(env, 'HOST') ?? '0.0.0.0',
    databaseUrl,
    databaseKind,
    redisUrl,
    redisKeyPrefix,
    dataDir,
    jwtSecret,
    logLevel: logLevel as Config['logLevel'],
    logSlowMs: integer(env, 'LOG_SLOW_MS', 0, 3_600_000, DEFAULT_LOG_SLOW_MS),
    timeZone,
    workerId: integer(env, 'WORKER_ID', 0, 1023, null),
    webDist: value(env, 'WEB_DIST') ? path.resolve(value(env, 'WEB_DIST')!) : defaultWebDist(),
    socialProviders: socialProviders(env),
    trustProxy: trustProxy(env),
    logRetentionDays: integer(env, 'LOG_RETENTION_DAYS', 0, 36500, 90),
    uploadMaxBytes: integer(env, 'UPLOAD_MAX_BYTES', 1, 2 ** 31, 10 * 1024 * 1024),
    uploadTypes: uploadTypes(env),
    dataKey,
    sm2PrivateKey,
    smsEndpoints: smsEndpoints(env),
    frameOrigins: frameOrigins(env),
    outboundHosts: outboundHosts(env),
    datasourceHosts: datasourceHosts(env),
    // 5 s: a balancer checking /api/ready every 2 s that needs 2 failures takes 4 s to stop sending.
    shutdownDrainMs: integer(env, 'SHUTDOWN_DRAIN_MS', 0, 600_000, 5_000),
    sqliteSynchronous: sqliteSynchronous(env),
    tenantMode: tenantMode(env),
    machineOfflineSeconds: integer(env, 'MACHINE_OFFLINE_SECONDS', 10, 86_400, 300),
    streamsPerUser: integer(env, 'STREAMS_PER_USER', 1, 100_000, 10),
    streamsPerProcess: integer(env, 'STREAMS_PER_PROCESS', 1, 1_000_000, 10_000),
    metricsToken: metricsToken(env),
    apiDocsPublic: booleanSetting(env, 'API_DOCS_PUBLIC'),
    mqttPort: integer(env, 'MQTT_PORT', 0, 65_535, 1883),
    mqttUrl: mqttUrl(env),
    mqttShareGroup: mqttShareGroup(env),
    mqttHookToken: mqttHookToken(env),
  };
}
