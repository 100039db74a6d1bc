import type { Kysely } from 'kysely';
import { columnTypes, finish, kindOf, withAudit, withId } from '../column-types.js';

// Developer tools (issue 18): the data sources the platform administrator registers, and the code
// generator's records (a table of a data source, the module it becomes, its columns as JSON). Platform-wide
// (no tenant): a tenant is bound to one by the tenant's own `datasource_id`. The password is kept
// sealed (core/secret-box.ts), never in plain text.

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);
  const s = t.string;
  await finish(
    withAudit(
      withId(db.schema.createTable('blade_datasource'), kind)
        .addColumn('name', s(64), (c) => c.notNull())
        .addColumn('kind', s(16), (c) => c.notNull())
        .addColumn('host', s(255))
        .addColumn('port', t.int)
        .addColumn('database', s(255), (c) => c.notNull())
        .addColumn('username', s(64))
        .addColumn('password', s(512))
        .addColumn('options', s(1000))
        .addColumn('remark', s(255)),
      kind,
    ),
    kind,
  ).execute();
  await db.schema.createIndex('idx_blade_datasource_name').on('blade_datasource').column('name').execute();
  await finish(
    withAudit(
      withId(db.schema.createTable('blade_code'), kind)
        .addColumn('code_name', s(64), (c) => c.notNull())
        .addColumn('datasource_id', t.id, (c) => c.notNull())
        .addColumn('table_name', s(64), (c) => c.notNull())
        .addColumn('module_name', s(32), (c) => c.notNull())
        .addColumn('api_prefix', s(100), (c) => c.notNull())
        .addColumn('menu_parent_id', t.id)
        .addColumn('page_title', s(64), (c) => c.notNull())
        .addColumn('columns', t.text, (c) => c.notNull()),
      kind,
    ),
    kind,
  ).execute();
  await db.schema.createIndex('idx_blade_code_name').on('blade_code').column('code_name').execute();
}
