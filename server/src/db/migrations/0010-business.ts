import type { Kysely } from 'kysely';
import { columnTypes, finish, kindOf, withAudit, withId } from '../column-types.js';
import { insertMissingButtons, insertMissingDictionaries } from '../seed/menu-additions.js';

// The business (issue 16; shared/design/business-domain.md): hospitals, machines, their slots, slot
// grants, apk releases and refund reviews. Money is integer cents. Indexes follow the filters the
// pages offer, each led by tenant_id (every query carries it). Also: blade_attach.md5 (computed when
// a file is stored, what an apk release reports), and the buttons the business pages gained since
// the menu tree was first seeded (machine_delete, slot_edit).

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);
  const s = t.string;
  const create = async (
    table: string,
    columns: (b: ReturnType<typeof withId>) => ReturnType<typeof withId>,
    indexes: Array<[name: string, columns: string[], unique?: boolean]>,
  ) => {
    await finish(
      withAudit(
        columns(withId(db.schema.createTable(table), kind).addColumn('tenant_id', s(12), (c) => c.notNull())),
        kind,
      ),
      kind,
    ).execute();
    for (const [name, cols, unique] of indexes) {
      let index = db.schema.createIndex(`idx_${table}_${name}`).on(table).columns(cols);
      if (unique) index = index.unique();
      await index.execute();
    }
  };

  await create(
    'zx_hospital',
    (b) =>
      b
        .addColumn('hospital_code', s(32), (c) => c.notNull())
        .addColumn('hospital_name', s(100), (c) => c.notNull())
        .addColumn('level', t.int)
        .addColumn('region_code', s(12))
        .addColumn('address', s(255))
        .addColumn('contact_name', s(32))
        .addColumn('contact_phone', s(20))
        .addColumn('longitude', s(20))
        .addColumn('latitude', s(20))
        .addColumn('remark', s(255)),
    [
      ['code', ['tenant_id', 'hospital_code']],
      ['level', ['tenant_id', 'level']],
      ['region', ['tenant_id', 'region_code']],
    ],
  );

  await create(
    'zx_machine',
    (b) =>
      b
        .addColumn('machine_no', s(64), (c) => c.notNull())
        .addColumn('machine_name', s(100), (c) => c.notNull())
        .addColumn('hospital_id', t.id)
        .addColumn('location', s(100))
        .addColumn('model', t.int)
        .addColumn('slot_count', t.int, (c) => c.notNull())
        .addColumn('run_status', t.int, (c) => c.notNull().defaultTo(1))
        .addColumn('last_heartbeat_time', t.datetime)
        .addColumn('apk_package_name', s(128))
        .addColumn('apk_version_code', t.int)
        .addColumn('wx_open_id', s(64))
        .addColumn('wx_nickname', s(64))
        .addColumn('wx_bind_time', t.datetime)
        .addColumn('device_secret', s(128))
        .addColumn('remark', s(255)),
    [
      // Unique across the platform among live rows: checked by the service (a removed machine's
      // number may come back), found through this index.
      ['machine_no', ['machine_no']],
      ['hospital', ['tenant_id', 'hospital_id']],
      ['run_status', ['tenant_id', 'run_status']],
      ['heartbeat', ['tenant_id', 'last_heartbeat_time']],
      ['model', ['tenant_id', 'model']],
    ],
  );

  await create(
    'zx_slot',
    (b) =>
      b
        .addColumn('machine_id', t.id, (c) => c.notNull())
        .addColumn('machine_no', s(64), (c) => c.notNull())
        .addColumn('slot_no', t.int, (c) => c.notNull())
        .addColumn('remark', s(255)),
    [
      // A retired slot stays (soft-deleted) and comes back if the machine grows again: one row per
      // number, whatever its state.
      ['machine_slot', ['machine_id', 'slot_no'], true],
      ['machine_no', ['tenant_id', 'machine_no']],
      ['status', ['tenant_id', 'status']],
    ],
  );

  await create(
    'zx_slot_grant',
    (b) =>
      b
        .addColumn('user_id', t.id, (c) => c.notNull())
        .addColumn('machine_id', t.id, (c) => c.notNull())
        // null: the whole machine.
        .addColumn('slot_id', t.id),
    [
      ['user', ['tenant_id', 'user_id']],
      ['machine', ['machine_id']],
      ['slot', ['slot_id']],
    ],
  );

  await create(
    'zx_apk',
    (b) =>
      b
        .addColumn('app_name', s(100), (c) => c.notNull())
        .addColumn('package_name', s(128), (c) => c.notNull())
        .addColumn('version_name', s(64), (c) => c.notNull())
        .addColumn('version_code', t.int, (c) => c.notNull())
        .addColumn('attach_id', t.id)
        .addColumn('file_url', s(1000))
        .addColumn('file_size', t.id)
        .addColumn('md5', s(32))
        .addColumn('force_update', t.int, (c) => c.notNull().defaultTo(0))
        .addColumn('release_notes', s(2000))
        .addColumn('publish_status', t.int, (c) => c.notNull().defaultTo(0))
        .addColumn('publish_time', t.datetime),
    [
      ['package_version', ['tenant_id', 'package_name', 'version_code']],
      ['publish_status', ['tenant_id', 'publish_status']],
    ],
  );

  await create(
    'zx_refund_review',
    (b) =>
      b
        .addColumn('order_no', s(64), (c) => c.notNull())
        .addColumn('machine_no', s(64), (c) => c.notNull())
        .addColumn('slot_no', t.int)
        .addColumn('hospital_id', t.id)
        .addColumn('customer_open_id', s(64))
        .addColumn('customer_phone', s(20))
        .addColumn('order_amount', t.int, (c) => c.notNull())
        .addColumn('refund_amount', t.int, (c) => c.notNull())
        .addColumn('reason', s(255))
        .addColumn('apply_time', t.datetime, (c) => c.notNull())
        .addColumn('review_status', t.int, (c) => c.notNull().defaultTo(0))
        .addColumn('reviewer_id', t.id)
        .addColumn('review_time', t.datetime)
        .addColumn('review_remark', s(255)),
    [
      // A payment order is refunded at most once, whichever tenant it reaches.
      ['order_no', ['order_no'], true],
      ['status_apply', ['tenant_id', 'review_status', 'apply_time']],
      ['machine_no', ['tenant_id', 'machine_no']],
      ['hospital', ['tenant_id', 'hospital_id']],
      ['review_time', ['tenant_id', 'review_time']],
    ],
  );

  await db.schema.alterTable('blade_attach').addColumn('md5', s(32)).execute();
  await insertMissingButtons(db);
  await insertMissingDictionaries(db);
}
