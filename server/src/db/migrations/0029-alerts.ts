import type { Kysely } from 'kysely';
import { PLATFORM_TENANT_ID } from '@console/contract';
import { insertMissingButtons } from '../seed/menu-additions.js';
import { menuId, systemAudit } from '../seed/menus.js';
import type { Database } from '../schema.js';
import { columnTypes, finish, kindOf, withAudit, withId } from '../column-types.js';

// Issue 50: alerts. zx_alert_rule is a tenant's rule: what it watches (a machine silent longer than
// its minutes, a slot at fault, an update failing, a refund waiting longer than its hours), whom it
// tells (roles), of which hospitals, and whether by SMS too. zx_alert is an incident: a rule's
// subject (a machine, a slot, a machine's update, a refund), opened when first seen and closed when it
// cleared. open_key is the subject's key while it is open and null once closed: unique with the rule,
// it makes one incident of a subject at a time, whichever process sweeps. Both are routed tables
// (decision 0020). The platform's 告警巡检 job sweeps every tenant's rules each minute; the 告警中心
// page reaches databases seeded before through the menu additions.

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);
  const s = t.string;
  await finish(
    withAudit(
      withId(db.schema.createTable('zx_alert_rule'), kind)
        .addColumn('tenant_id', s(12), (c) => c.notNull())
        .addColumn('rule_name', s(100), (c) => c.notNull())
        .addColumn('kind', s(32), (c) => c.notNull())
        .addColumn('threshold', t.int)
        .addColumn('role_ids', s(1000), (c) => c.notNull())
        .addColumn('hospital_ids', s(1000))
        .addColumn('sms', t.int, (c) => c.notNull().defaultTo(0))
        .addColumn('remark', s(255)),
      kind,
    ),
    kind,
  ).execute();
  await finish(
    withId(db.schema.createTable('zx_alert'), kind)
      .addColumn('tenant_id', s(12), (c) => c.notNull())
      .addColumn('rule_id', t.id, (c) => c.notNull())
      .addColumn('kind', s(32), (c) => c.notNull())
      .addColumn('subject_key', s(128), (c) => c.notNull())
      .addColumn('open_key', s(128))
      .addColumn('subject', s(255), (c) => c.notNull())
      .addColumn('hospital_id', t.id)
      .addColumn('opened_time', t.datetime, (c) => c.notNull())
      .addColumn('closed_time', t.datetime),
    kind,
  ).execute();
  await db.schema
    .createIndex('uk_zx_alert_open')
    .on('zx_alert')
    .columns(['rule_id', 'open_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('idx_zx_alert_tenant')
    .on('zx_alert')
    .columns(['tenant_id', 'opened_time'])
    .execute();
  await insertMissingButtons(db);
  await (db as Kysely<Database>)
    .insertInto('blade_job')
    .values({
      id: BigInt(menuId('blade_job:alert-sweep')),
      tenant_id: PLATFORM_TENANT_ID,
      job_name: '告警巡检',
      handler: 'alert-sweep',
      params: '{}',
      cron: '30 * * * * *',
      misfire: 'skip',
      timeout_seconds: 50,
      retries: 0,
      retry_backoff_seconds: 60,
      notify_user_ids: null,
      remark: null,
      ...systemAudit(),
    })
    .execute();
}
