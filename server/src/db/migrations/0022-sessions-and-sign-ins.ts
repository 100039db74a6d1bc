import type { Kysely } from 'kysely';
import { insertMissingButtons } from '../seed/menu-additions.js';
import { columnTypes, finish, kindOf, withId } from '../column-types.js';

// Issue 48: who is signed in, and every sign-in attempt.
// - blade_online_session: one row per live sign-in session (session_id: the tokens' `sid`), written
//   when the session begins and removed when it ends; the shared cache stays the authority on
//   whether it may still be used (docs/decisions/0040-online-sessions-and-the-login-log.md). Listed
//   per tenant newest first; found by session for the activity it records, by user for the
//   single-session policy, by expiry for the purge.
// - blade_log_login: append-only, like the other logs (no audit columns, purged by age): what came of
//   each attempt, as typed (tenant, account), never a password, its digest or a token. Filtered per
//   tenant by time, account, address and outcome.
// - blade_tenant.single_session: the single-session policy (0 off, 1 a new sign-in ends the older
//   sessions of the account, 2 it is refused while one lives); idle_timeout_minutes: a session with
//   no request of its own for longer ends (0 off).
// The pages (系统监控 › 在线用户, 日志管理 › 登录日志) reach databases seeded before through the menu
// additions.

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);
  const s = t.string;
  await finish(
    withId(db.schema.createTable('blade_online_session'), kind)
      .addColumn('session_id', s(64), (c) => c.notNull().unique())
      .addColumn('tenant_id', s(12), (c) => c.notNull())
      .addColumn('user_id', t.id, (c) => c.notNull())
      .addColumn('account', s(100), (c) => c.notNull())
      .addColumn('real_name', s(100))
      .addColumn('dept_id', t.id)
      .addColumn('ip', s(255))
      .addColumn('browser', s(100))
      .addColumn('os', s(100))
      .addColumn('client_id', s(64), (c) => c.notNull())
      .addColumn('grant_type', s(32), (c) => c.notNull())
      .addColumn('login_time', t.datetime, (c) => c.notNull())
      .addColumn('last_active_time', t.datetime, (c) => c.notNull())
      .addColumn('expire_time', t.datetime, (c) => c.notNull()),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_online_session_tenant')
    .on('blade_online_session')
    .columns(['tenant_id', 'login_time'])
    .execute();
  await db.schema
    .createIndex('idx_blade_online_session_user')
    .on('blade_online_session')
    .columns(['tenant_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('idx_blade_online_session_expiry')
    .on('blade_online_session')
    .column('expire_time')
    .execute();

  await finish(
    withId(db.schema.createTable('blade_log_login'), kind)
      .addColumn('tenant_id', s(12), (c) => c.notNull())
      .addColumn('account', s(100))
      .addColumn('user_id', t.id)
      .addColumn('outcome', s(32), (c) => c.notNull())
      .addColumn('grant_type', s(32))
      .addColumn('client_id', s(64))
      .addColumn('ip', s(255))
      .addColumn('browser', s(100))
      .addColumn('os', s(100))
      .addColumn('user_agent', s(1000))
      .addColumn('create_time', t.datetime, (c) => c.notNull()),
    kind,
  ).execute();
  for (const [name, columns] of [
    ['time', ['tenant_id', 'create_time']],
    ['account', ['tenant_id', 'account', 'create_time']],
    ['ip', ['tenant_id', 'ip', 'create_time']],
    ['outcome', ['tenant_id', 'outcome', 'create_time']],
  ] as const)
    await db.schema
      .createIndex(`idx_blade_log_login_${name}`)
      .on('blade_log_login')
      .columns([...columns])
      .execute();

  await db.schema
    .alterTable('blade_tenant')
    .addColumn('single_session', t.int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('blade_tenant')
    .addColumn('idle_timeout_minutes', t.int, (c) => c.notNull().defaultTo(0))
    .execute();
  await insertMissingButtons(db);
}
