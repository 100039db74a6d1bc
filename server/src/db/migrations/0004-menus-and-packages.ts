import type { Kysely } from 'kysely';
import { columnTypes, finish, kindOf, withAudit, withId } from '../column-types.js';

// Top menus (a named subset of the menu tree shown in the top bar, with the menus each one lists)
// and tenant packages (the menus a tenant may have). Both are platform-wide: no tenant column
// (security S4). Column names follow BladeX (doc/sql of SpringBlade).

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);

  await finish(
    withAudit(
      withId(db.schema.createTable('blade_top_menu'), kind)
        .addColumn('code', t.string(255), (c) => c.notNull())
        .addColumn('name', t.string(255), (c) => c.notNull())
        .addColumn('source', t.string(255))
        .addColumn('sort', t.int, (c) => c.notNull().defaultTo(0)),
      kind,
    ),
    kind,
  ).execute();
  // The top bar lists the top menus by sort; the top menu page looks them up by code.
  await db.schema.createIndex('idx_blade_top_menu_sort').on('blade_top_menu').columns(['sort']).execute();
  await db.schema.createIndex('idx_blade_top_menu_code').on('blade_top_menu').column('code').execute();

  await finish(
    db.schema
      .createTable('blade_top_menu_setting')
      .addColumn('id', t.id, (c) => c.primaryKey())
      .addColumn('top_menu_id', t.id, (c) => c.notNull())
      .addColumn('menu_id', t.id, (c) => c.notNull()),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_top_menu_setting_top')
    .on('blade_top_menu_setting')
    .columns(['top_menu_id', 'menu_id'])
    .execute();
  await db.schema
    .createIndex('idx_blade_top_menu_setting_menu')
    .on('blade_top_menu_setting')
    .column('menu_id')
    .execute();

  await finish(
    withAudit(
      withId(db.schema.createTable('blade_tenant_package'), kind)
        .addColumn('package_name', t.string(50), (c) => c.notNull())
        .addColumn('menu_id', t.string(3000), (c) => c.notNull())
        .addColumn('remark', t.string(255)),
      kind,
    ),
    kind,
  ).execute();
  // The package list filters and sorts by name (menu_id is a long list: not indexable on MySQL).
  await db.schema
    .createIndex('idx_blade_tenant_package_name')
    .on('blade_tenant_package')
    .columns(['package_name', 'is_deleted'])
    .execute();
}
