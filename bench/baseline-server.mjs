// The baseline of bench/param-list.mjs: the least a Node.js program can do to answer the benchmarked
// routes. A bare Fastify app (no plugins, no hooks, no schemas, logger off) whose GET routes run the
// same SQL as the server, through the same driver with the same settings, map the rows to the same
// JSON and answer the same envelope:
//   - /api/blade-system/param/list: the two statements of the page (count, then the page);
//   - /api/blade-system/param/detail?id=: one row by id (404 envelope when missing);
//   - /api/blade-auth/oauth/user-info: the bearer token of the `blade-auth` header is checked as a
//     bare implementation would: HS512 signature (HMAC-SHA512 over header.payload with JWT_SECRET,
//     compared in constant time, on every request: no memo), alg, issuer, expiry and token type;
//     then the user row is read by the token's tenant and user id. It does NOT check the client's
//     Basic header, the session's revocation, the account's state (locked, disabled, signed out
//     everywhere) or any permission, which the real server does on every request.
// The list and the detail check no token at all. What the real server does on top of this (the
// sign-in checks above, routing with schema validation, the list-query parser, the query builder,
// i18n, security headers, request ids, response-schema serialisation) is what the benchmark prices.
//
// Environment: PORT, HOST (127.0.0.1), DATABASE_URL (sqlite:<file> | postgres://…), TZ (Asia/Shanghai),
// JWT_SECRET (the server's; user-info answers 401 without it),
// BASELINE_LOGGER (off | a pino level: turns Fastify's logger on, to price it separately).

import { createHmac, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
const databaseUrl = process.env.DATABASE_URL ?? '';
const timeZone = process.env.TZ || 'Asia/Shanghai';
const loggerLevel = process.env.BASELINE_LOGGER ?? 'off';
const jwtSecret = process.env.JWT_SECRET ?? '';

// ---- SQL: what Kysely compiles for TableRepository.page() with one "contains" filter. -------------

const SQL = {
  sqlite: {
    count: `select count(*) as "total" from "blade_param" where "is_deleted" = ? and lower("param_name") like lower(?) escape '!'`,
    page: `select * from "blade_param" where "is_deleted" = ? and lower("param_name") like lower(?) escape '!' order by "id" desc limit ? offset ?`,
    countAll: `select count(*) as "total" from "blade_param" where "is_deleted" = ?`,
    pageAll: `select * from "blade_param" where "is_deleted" = ? order by "id" desc limit ? offset ?`,
    paramById: `select * from "blade_param" where "is_deleted" = ? and "id" = ?`,
    userById: `select * from "blade_user" where "is_deleted" = ? and "tenant_id" = ? and "id" = ?`,
  },
  postgres: {
    count: `select count(*) as "total" from "blade_param" where "is_deleted" = $1 and lower("param_name") like lower($2) escape '!'`,
    page: `select * from "blade_param" where "is_deleted" = $1 and lower("param_name") like lower($2) escape '!' order by "id" desc limit $3 offset $4`,
    countAll: `select count(*) as "total" from "blade_param" where "is_deleted" = $1`,
    pageAll: `select * from "blade_param" where "is_deleted" = $1 order by "id" desc limit $2 offset $3`,
    paramById: `select * from "blade_param" where "is_deleted" = $1 and "id" = $2`,
    userById: `select * from "blade_user" where "is_deleted" = $1 and "tenant_id" = $2 and "id" = $3`,
  },
};

/** Same escaping as server/src/core/repository/apply-list-query.ts. */
const containsPattern = (value) => `%${value.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** Answers { query(name, params) → rows, ping(), close() } for the database of the URL. */
async function openDatabase(url) {
  if (url.startsWith('sqlite:')) {
    const { default: Database } = await import('better-sqlite3');
    const file = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    // The settings of server/src/db/database.ts.
    const sqlite = new Database(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    sqlite.defaultSafeIntegers(true);
    // Prepared once, as a hand-written route would (Kysely's SQLite driver prepares per query).
    const statements = Object.fromEntries(
      Object.entries(SQL.sqlite).map(([name, text]) => [name, sqlite.prepare(text)]),
    );
    return {
      kind: 'sqlite',
      query: async (name, params) => statements[name].all(...params),
      ping: async () => void sqlite.prepare('select 1').get(),
      close: async () => sqlite.close(),
    };
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
    pool.on('error', () => undefined);
    return {
      kind: 'postgres',
      query: async (name, params) => (await pool.query(SQL.postgres[name], params)).rows,
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  throw new Error(`DATABASE_URL must be sqlite:<file> or postgres://… (got "${url}")`);
}

// ---- Row → wire JSON, as server/src/core/repository/table.ts and core/dates.ts do. --------------

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const pad = (n, width = 2) => String(n).padStart(width, '0');

/** Milliseconds the zone is ahead of UTC at `ms`, read with Intl (the slow path). */
function zoneOffsetAt(ms) {
  const f = {};
  for (const part of formatter.formatToParts(new Date(ms))) {
    if (part.type !== 'literal') f[part.type] = Number(part.value);
  }
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - Math.floor(ms / 1000) * 1000;
}

// A zone's offset changes only on a quarter hour, so one Intl read per quarter hour seen is enough:
// the cheapest correct formatting, as the server's (formatToParts on every date cost the baseline
// about a tenth of a list request until the eleventh session; docs/decisions/0031).
const QUARTER_HOUR = 900_000;
const offsets = new Map();

function formatDateTime(value) {
  if (value === null || value === undefined) return null;
  const ms = (value instanceof Date ? value : new Date(String(value))).getTime();
  const quarter = Math.floor(ms / QUARTER_HOUR);
  let offset = offsets.get(quarter);
  if (offset === undefined) {
    offset = zoneOffsetAt(quarter * QUARTER_HOUR);
    offsets.set(quarter, offset);
  }
  const wall = new Date(ms + offset);
  return (
    `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ` +
    `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`
  );
}

const idOrNull = (v) => (v === null || v === undefined ? null : String(v));
const textOrNull = (v) => (v === null || v === undefined ? null : String(v));

const intOrNull = (v) => (v === null || v === undefined ? null : Number(v));

const audit = (row) => ({
  id: String(row.id),
  createUser: idOrNull(row.create_user),
  createDept: idOrNull(row.create_dept),
  createTime: formatDateTime(row.create_time),
  updateUser: idOrNull(row.update_user),
  updateTime: formatDateTime(row.update_time),
  status: Number(row.status),
  isDeleted: Number(row.is_deleted),
});

/** The key order of the server's response schema (audit fields first). */
function toRecord(row) {
  return {
    ...audit(row),
    paramName: String(row.param_name),
    paramKey: String(row.param_key),
    paramValue: String(row.param_value),
    remark: textOrNull(row.remark),
    visibility: Number(row.visibility),
  };
}

/** The key order of the server's User schema (tenant and own fields first, audit fields after). */
function toUser(row) {
  return {
    tenantId: String(row.tenant_id),
    code: textOrNull(row.code),
    userType: intOrNull(row.user_type),
    account: String(row.account),
    name: textOrNull(row.name),
    realName: textOrNull(row.real_name),
    avatar: textOrNull(row.avatar),
    email: textOrNull(row.email),
    phone: textOrNull(row.phone),
    birthday: formatDateTime(row.birthday),
    sex: intOrNull(row.sex),
    roleId: textOrNull(row.role_id),
    deptId: textOrNull(row.dept_id),
    postId: textOrNull(row.post_id),
    isLocked: intOrNull(row.is_locked),
    ...audit(row),
  };
}

// ---- A bare JWT check: HS512 over header.payload, on every request. ------------------------------

const ISSUER = 'cabinet-console';
const EXPECTED_HEADER = { alg: 'HS512' };
const secretKey = Buffer.from(jwtSecret);

/** The claims of a genuine, unexpired access token, or null. */
function verifyAccessToken(header) {
  if (!jwtSecret || typeof header !== 'string') return null;
  const token = header.replace(/^bearer\s+/i, '');
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const signature = Buffer.from(parts[2], 'base64url');
  const expected = createHmac('sha512', secretKey).update(`${parts[0]}.${parts[1]}`).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  try {
    const head = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    if (head.alg !== EXPECTED_HEADER.alg) return null;
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    if (claims.iss !== ISSUER || claims.token_type !== 'access') return null;
    if (typeof claims.exp !== 'number' || claims.exp <= Math.floor(Date.now() / 1000)) return null;
    return claims;
  } catch {
    return null;
  }
}

// ---- HTTP ----------------------------------------------------------------------------------------

const db = await openDatabase(databaseUrl);
const app = Fastify({ logger: loggerLevel === 'off' ? false : { level: loggerLevel } });

const intParam = (raw, fallback) => {
  const n = Number(Array.isArray(raw) ? raw[raw.length - 1] : raw);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

app.get('/api/ready', async (_req, reply) => {
  try {
    await db.ping();
    return { code: 200, success: true, data: { status: 'READY' }, msg: '操作成功' };
  } catch {
    return reply.code(503).send({ code: 503, success: false, data: null, msg: 'unavailable' });
  }
});

app.get('/api/blade-system/param/list', async (req) => {
  const current = intParam(req.query.current, 1);
  const size = intParam(req.query.size, 10);
  const offset = (current - 1) * size;
  const name = typeof req.query.paramName === 'string' ? req.query.paramName.trim() : '';

  const countRows = name
    ? await db.query('count', [0, containsPattern(name)])
    : await db.query('countAll', [0]);
  const total = Number(countRows[0]?.total ?? 0);
  let records = [];
  if (total > offset) {
    const rows = name
      ? await db.query('page', [0, containsPattern(name), size, offset])
      : await db.query('pageAll', [0, size, offset]);
    records = rows.map(toRecord);
  }
  return {
    code: 200,
    success: true,
    data: { records, total, size, current, pages: Math.ceil(total / size) },
    msg: '操作成功',
  };
});

const notFound = { code: 404, success: false, data: null, msg: '数据不存在或已删除' };

app.get('/api/blade-system/param/detail', async (req, reply) => {
  const raw = req.query.id;
  if (typeof raw !== 'string' || !/^[1-9][0-9]{0,18}$/.test(raw)) return reply.code(404).send(notFound);
  const rows = await db.query('paramById', [0, BigInt(raw)]);
  if (rows.length === 0) return reply.code(404).send(notFound);
  return { code: 200, success: true, data: toRecord(rows[0]), msg: '操作成功' };
});

app.get('/api/blade-auth/oauth/user-info', async (req, reply) => {
  const claims = verifyAccessToken(req.headers['blade-auth']);
  if (!claims) return reply.code(401).send({ code: 401, success: false, data: null, msg: '请求未授权' });
  const rows = await db.query('userById', [0, String(claims.tenant_id), BigInt(claims.user_id)]);
  return { code: 200, success: true, data: rows.length ? toUser(rows[0]) : null, msg: '操作成功' };
});

const stop = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());

await app.listen({ port, host });
