import type { Kysely } from 'kysely';
import { columnTypes, finish, kindOf, withAudit, withId } from '../column-types.js';

// Issue 51, part D: processes whose start event and user tasks are bound to designed forms.
// - blade_flow_definition.form_pins: the version of each bound form, pinned when deployed (JSON,
//   form key → version): an instance reads the definition its deployment pinned, whatever is
//   published since;
// - blade_flow_instance.form_data: the instance's form data (JSON, field key → value), as checked
//   at the start and by each completion that set some of it;
// - blade_flow_form_value: the values of the searchable fields of an instance's data (one row per
//   field), what the work lists filter on. All routed with the other workflow tables (decision 0020).

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);
  const s = t.string;
  await db.schema.alterTable('blade_flow_definition').addColumn('form_pins', t.text).execute();
  await db.schema.alterTable('blade_flow_instance').addColumn('form_data', t.text).execute();
  await finish(
    withAudit(
      withId(db.schema.createTable('blade_flow_form_value'), kind)
        .addColumn('tenant_id', s(12), (c) => c.notNull())
        .addColumn('instance_id', t.id, (c) => c.notNull())
        .addColumn('field_key', s(64), (c) => c.notNull())
        .addColumn('field_value', s(500)),
      kind,
    ),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_flow_form_value')
    .on('blade_flow_form_value')
    .columns(['tenant_id', 'field_key', 'instance_id'])
    .execute();
  await db.schema
    .createIndex('idx_blade_flow_form_value_instance')
    .on('blade_flow_form_value')
    .columns(['tenant_id', 'instance_id'])
    .execute();
}
