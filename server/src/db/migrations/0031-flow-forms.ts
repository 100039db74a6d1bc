import type { Kysely } from 'kysely';
import { insertMissingButtons } from '../seed/menu-additions.js';
import { columnTypes, finish, kindOf, withAudit, withId } from '../column-types.js';

// Issue 51: forms designed in the console (流程管理 › 表单设计). blade_flow_form is a form of a
// tenant: its key, name, latest version and whether it is published;
// blade_flow_form_version keeps every version's definition (JSON), one row per version. Both are
// routed tables (decision 0020). The page and its buttons reach databases seeded before through the
// menu additions.

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);
  const s = t.string;
  await finish(
    withAudit(
      withId(db.schema.createTable('blade_flow_form'), kind)
        .addColumn('tenant_id', s(12), (c) => c.notNull())
        .addColumn('form_key', s(64), (c) => c.notNull())
        .addColumn('name', s(100), (c) => c.notNull())
        .addColumn('category', s(64))
        .addColumn('remark', s(255))
        .addColumn('version', t.int, (c) => c.notNull().defaultTo(1))
        .addColumn('published', t.int, (c) => c.notNull().defaultTo(0))
        .addColumn('field_count', t.int, (c) => c.notNull().defaultTo(0)),
      kind,
    ),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_flow_form_key')
    .on('blade_flow_form')
    .columns(['tenant_id', 'form_key'])
    .execute();
  await db.schema
    .createIndex('idx_blade_flow_form_name')
    .on('blade_flow_form')
    .columns(['tenant_id', 'name'])
    .execute();
  await finish(
    withAudit(
      withId(db.schema.createTable('blade_flow_form_version'), kind)
        .addColumn('tenant_id', s(12), (c) => c.notNull())
        .addColumn('form_id', t.id, (c) => c.notNull())
        .addColumn('version', t.int, (c) => c.notNull())
        .addColumn('definition', t.text, (c) => c.notNull()),
      kind,
    ),
    kind,
  ).execute();
  await db.schema
    .createIndex('uk_blade_flow_form_version')
    .on('blade_flow_form_version')
    .columns(['form_id', 'version'])
    .unique()
    .execute();
  await insertMissingButtons(db);
}
