import type { Kysely } from 'kysely';
import { insertMissingButtons } from '../seed/menu-additions.js';
import { columnTypes, finish, kindOf, withAudit, withId } from '../column-types.js';

// Issue 50: staged updates. zx_rollout is a published apk version offered stage by stage: its stages
// (JSON: whom each adds, how it opens the next), when each opened (JSON), the stage open now, and its
// state (running, paused, completed, rolled-back); previous_apk_id is the version offered before it,
// and again after a rollback. zx_rollout_machine is each machine offered the version, with what it
// said last (offered, downloading, installing, installed, failed and why). Both are routed tables
// (decision 0020). The 灰度发布 page reaches databases seeded before through the menu additions.

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);
  const s = t.string;
  await finish(
    withAudit(
      withId(db.schema.createTable('zx_rollout'), kind)
        .addColumn('tenant_id', s(12), (c) => c.notNull())
        .addColumn('apk_id', t.id, (c) => c.notNull())
        .addColumn('package_name', s(128), (c) => c.notNull())
        .addColumn('version_code', t.int, (c) => c.notNull())
        .addColumn('previous_apk_id', t.id)
        .addColumn('state', s(16), (c) => c.notNull())
        .addColumn('current_stage', t.int, (c) => c.notNull())
        .addColumn('stages', t.text, (c) => c.notNull())
        .addColumn('stage_started', t.text, (c) => c.notNull()),
      kind,
    ),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_zx_rollout_package')
    .on('zx_rollout')
    .columns(['tenant_id', 'package_name', 'state'])
    .execute();
  await finish(
    withId(db.schema.createTable('zx_rollout_machine'), kind)
      .addColumn('tenant_id', s(12), (c) => c.notNull())
      .addColumn('rollout_id', t.id, (c) => c.notNull())
      .addColumn('machine_id', t.id, (c) => c.notNull())
      .addColumn('machine_no', s(64), (c) => c.notNull())
      .addColumn('stage_seq', t.int, (c) => c.notNull())
      .addColumn('state', s(16), (c) => c.notNull())
      .addColumn('reason', s(500))
      .addColumn('update_time', t.datetime, (c) => c.notNull()),
    kind,
  ).execute();
  await db.schema
    .createIndex('uk_zx_rollout_machine')
    .on('zx_rollout_machine')
    .columns(['rollout_id', 'machine_id'])
    .unique()
    .execute();
  await insertMissingButtons(db);
}
