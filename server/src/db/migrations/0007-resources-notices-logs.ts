import type { Kysely } from 'kysely';
import { columnTypes, finish, kindOf, withAudit, withId } from '../column-types.js';

// Resources, notices and logs (issue 7). Column names follow BladeX: blade_log_api,
// blade_log_error and blade_log_usual (append-only, no audit columns, purged by age),
// blade_notice, blade_oss, blade_sms and blade_attach. blade_sms.app_id is new (Tencent's
// SmsSdkAppId); secret keys hold ciphertext (core/secret-box.ts), hence their length.

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);
  const s = t.string;

  for (const table of ['blade_log_api', 'blade_log_error', 'blade_log_usual'] as const) {
    let builder = withId(db.schema.createTable(table), kind)
      .addColumn('tenant_id', s(12), (c) => c.notNull())
      .addColumn('service_id', s(32))
      .addColumn('server_host', s(255))
      .addColumn('server_ip', s(255))
      .addColumn('env', s(255));
    if (table === 'blade_log_api') builder = builder.addColumn('type', s(1)).addColumn('title', s(255));
    if (table === 'blade_log_usual')
      builder = builder
        .addColumn('log_level', s(10))
        .addColumn('log_id', s(100))
        .addColumn('log_data', t.text);
    builder = builder
      .addColumn('method', s(10))
      .addColumn('request_uri', s(255))
      .addColumn('user_agent', s(1000))
      .addColumn('remote_ip', s(255))
      .addColumn('method_class', s(255))
      .addColumn('method_name', s(255));
    if (table === 'blade_log_error')
      builder = builder
        .addColumn('stack_trace', t.text)
        .addColumn('exception_name', s(255))
        .addColumn('message', t.text)
        .addColumn('line_number', t.int)
        .addColumn('file_name', s(1000));
    builder = builder
      .addColumn('params', t.text)
      // api/error: milliseconds taken; usual: when the event happened (both text, as BladeX's `time`
      // is varchar in two tables and datetime in the third; here always text in the wire format).
      .addColumn('time', s(64))
      .addColumn('create_by', s(64))
      .addColumn('create_time', t.datetime, (c) => c.notNull());
    await finish(builder, kind).execute();
    await db.schema
      .createIndex(`idx_${table}_tenant_time`)
      .on(table)
      .columns(['tenant_id', 'create_time'])
      .execute();
    await db.schema.createIndex(`idx_${table}_time`).on(table).column('create_time').execute();
  }

  await finish(
    withAudit(
      withId(db.schema.createTable('blade_notice'), kind)
        .addColumn('tenant_id', s(12), (c) => c.notNull())
        .addColumn('title', s(255), (c) => c.notNull())
        .addColumn('category', t.int, (c) => c.notNull())
        .addColumn('release_time', t.datetime)
        .addColumn('content', t.text),
      kind,
    ),
    kind,
  ).execute();
  await db.schema.createIndex('idx_blade_notice_tenant').on('blade_notice').column('tenant_id').execute();

  await finish(
    withAudit(
      withId(db.schema.createTable('blade_oss'), kind)
        .addColumn('tenant_id', s(12), (c) => c.notNull())
        .addColumn('category', t.int, (c) => c.notNull())
        .addColumn('oss_code', s(32), (c) => c.notNull())
        .addColumn('endpoint', s(255))
        .addColumn('access_key', s(255))
        .addColumn('secret_key', s(1000))
        .addColumn('bucket_name', s(255))
        .addColumn('app_id', s(255))
        .addColumn('region', s(255))
        .addColumn('remark', s(255)),
      kind,
    ),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_oss_tenant')
    .on('blade_oss')
    .columns(['tenant_id', 'status'])
    .execute();

  await finish(
    withAudit(
      withId(db.schema.createTable('blade_sms'), kind)
        .addColumn('tenant_id', s(12), (c) => c.notNull())
        .addColumn('category', t.int, (c) => c.notNull())
        .addColumn('sms_code', s(32), (c) => c.notNull())
        .addColumn('template_id', s(64))
        .addColumn('access_key', s(255))
        .addColumn('secret_key', s(1000))
        .addColumn('region_id', s(255))
        .addColumn('app_id', s(255))
        .addColumn('sign_name', s(64))
        .addColumn('remark', s(255)),
      kind,
    ),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_sms_tenant')
    .on('blade_sms')
    .columns(['tenant_id', 'status'])
    .execute();

  await finish(
    withAudit(
      withId(db.schema.createTable('blade_attach'), kind)
        .addColumn('tenant_id', s(12), (c) => c.notNull())
        .addColumn('link', s(1000), (c) => c.notNull())
        .addColumn('domain', s(500))
        .addColumn('name', s(500))
        .addColumn('original_name', s(500))
        .addColumn('extension', s(12))
        .addColumn('attach_size', t.id),
      kind,
    ),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_attach_tenant')
    .on('blade_attach')
    .columns(['tenant_id', 'name'])
    .execute();
}
