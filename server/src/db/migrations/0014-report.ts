import type { Kysely } from 'kysely';
import { columnTypes, finish, kindOf, withAudit, withId } from '../column-types.js';
import { insertMissingButtons } from '../seed/menu-additions.js';

// Reports (issue 19): a tenant's report definitions. The definition is JSON naming fields of a data
// set declared in code (modules/report/data-sets.ts), never SQL. The report page's new buttons
// (add, edit) reach databases seeded before them.

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);
  await finish(
    withAudit(
      withId(db.schema.createTable('blade_report'), kind)
        .addColumn('tenant_id', t.string(12), (c) => c.notNull())
        .addColumn('name', t.string(100), (c) => c.notNull())
        .addColumn('data_set', t.string(32), (c) => c.notNull())
        .addColumn('definition', t.text, (c) => c.notNull())
        .addColumn('author', t.string(64)),
      kind,
    ),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_report_tenant_name')
    .on('blade_report')
    .columns(['tenant_id', 'name'])
    .execute();
  await insertMissingButtons(db);
}
