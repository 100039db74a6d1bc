import type { Kysely } from 'kysely';
import { columnTypes, finish, kindOf, withAudit, withId } from '../column-types.js';

// Tenancy and reference data (issue 6): tenants are looked up by code (unique, so two concurrent
// creations cannot share one) and by domain (the login page's tenant info); dictionaries
// (blade_dict, platform-wide), business dictionaries (blade_dict_biz, per tenant) and regions
// (blade_region, keyed by code as in BladeX, without audit columns). Column names follow BladeX.

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);

  await db.schema
    .createIndex('uq_blade_tenant_tenant_id')
    .on('blade_tenant')
    .column('tenant_id')
    .unique()
    .execute();
  await db.schema.createIndex('idx_blade_tenant_domain').on('blade_tenant').column('domain').execute();
  await db.schema.createIndex('idx_blade_tenant_package').on('blade_tenant').column('package_id').execute();

  for (const table of ['blade_dict', 'blade_dict_biz'] as const) {
    let builder = withId(db.schema.createTable(table), kind);
    if (table === 'blade_dict_biz')
      builder = builder.addColumn('tenant_id', t.string(12), (c) => c.notNull());
    await finish(
      withAudit(
        builder
          .addColumn('parent_id', t.id, (c) => c.notNull().defaultTo(0))
          .addColumn('code', t.string(255), (c) => c.notNull())
          .addColumn('dict_key', t.string(255), (c) => c.notNull())
          .addColumn('dict_value', t.string(255), (c) => c.notNull())
          .addColumn('sort', t.int, (c) => c.notNull().defaultTo(0))
          .addColumn('remark', t.string(255))
          .addColumn('is_sealed', t.int, (c) => c.notNull().defaultTo(0)),
        kind,
      ),
      kind,
    ).execute();
  }
  // The dictionary lookup reads one code's entries; the pages list parents and walk children.
  await db.schema.createIndex('idx_blade_dict_code').on('blade_dict').columns(['code', 'dict_key']).execute();
  await db.schema.createIndex('idx_blade_dict_parent').on('blade_dict').column('parent_id').execute();
  await db.schema
    .createIndex('idx_blade_dict_biz_code')
    .on('blade_dict_biz')
    .columns(['tenant_id', 'code', 'dict_key'])
    .execute();
  await db.schema
    .createIndex('idx_blade_dict_biz_parent')
    .on('blade_dict_biz')
    .columns(['tenant_id', 'parent_id'])
    .execute();

  const code = t.string(12);
  const name = t.string(32);
  await finish(
    db.schema
      .createTable('blade_region')
      .addColumn('code', code, (c) => c.primaryKey())
      .addColumn('parent_code', code, (c) => c.notNull())
      .addColumn('ancestors', t.string(255), (c) => c.notNull())
      .addColumn('name', name, (c) => c.notNull())
      .addColumn('province_code', code)
      .addColumn('province_name', name)
      .addColumn('city_code', code)
      .addColumn('city_name', name)
      .addColumn('district_code', code)
      .addColumn('district_name', name)
      .addColumn('town_code', code)
      .addColumn('town_name', name)
      .addColumn('village_code', code)
      .addColumn('village_name', name)
      .addColumn('level', t.int, (c) => c.notNull())
      .addColumn('sort', t.int, (c) => c.notNull().defaultTo(0))
      .addColumn('remark', t.string(255)),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_region_parent')
    .on('blade_region')
    .columns(['parent_code', 'sort'])
    .execute();
}
