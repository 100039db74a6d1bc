import type { Kysely } from 'kysely';
import { columnTypes, finish, kindOf, withAudit, withId } from '../column-types.js';

// Identity and access: posts (per tenant), data scopes and API scopes (platform-wide rules under
// menus), the scopes granted to roles, and the per-platform settings of users (update-platform).
// Column names follow BladeX (doc/sql of SpringBlade); blade_scope_api.scope_method and
// blade_user_platform are this product's (docs/decisions/0005).

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);

  await finish(
    withAudit(
      withId(db.schema.createTable('blade_post'), kind)
        .addColumn('tenant_id', t.string(12), (c) => c.notNull())
        .addColumn('category', t.int)
        .addColumn('post_code', t.string(12), (c) => c.notNull())
        .addColumn('post_name', t.string(64), (c) => c.notNull())
        .addColumn('sort', t.int, (c) => c.notNull().defaultTo(0))
        .addColumn('remark', t.string(255)),
      kind,
    ),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_post_tenant_code')
    .on('blade_post')
    .columns(['tenant_id', 'post_code'])
    .execute();

  await finish(
    withAudit(
      withId(db.schema.createTable('blade_scope_data'), kind)
        .addColumn('menu_id', t.id, (c) => c.notNull())
        .addColumn('resource_code', t.string(255), (c) => c.notNull())
        .addColumn('scope_name', t.string(255), (c) => c.notNull())
        .addColumn('scope_field', t.string(255))
        .addColumn('scope_class', t.string(500))
        .addColumn('scope_column', t.string(255))
        .addColumn('scope_type', t.int, (c) => c.notNull())
        .addColumn('scope_value', t.string(2000))
        .addColumn('remark', t.string(255)),
      kind,
    ),
    kind,
  ).execute();
  await db.schema.createIndex('idx_blade_scope_data_menu').on('blade_scope_data').column('menu_id').execute();
  await db.schema
    .createIndex('idx_blade_scope_data_code')
    .on('blade_scope_data')
    .column('resource_code')
    .execute();

  await finish(
    withAudit(
      withId(db.schema.createTable('blade_scope_api'), kind)
        .addColumn('menu_id', t.id, (c) => c.notNull())
        .addColumn('resource_code', t.string(255), (c) => c.notNull())
        .addColumn('scope_name', t.string(255), (c) => c.notNull())
        .addColumn('scope_path', t.string(255), (c) => c.notNull())
        .addColumn('scope_method', t.string(10))
        .addColumn('scope_type', t.int, (c) => c.notNull())
        .addColumn('remark', t.string(255)),
      kind,
    ),
    kind,
  ).execute();
  await db.schema.createIndex('idx_blade_scope_api_menu').on('blade_scope_api').column('menu_id').execute();

  // scope_category 1: a data scope, 2: an API scope (BladeX's blade_role_scope).
  await finish(
    db.schema
      .createTable('blade_role_scope')
      .addColumn('id', t.id, (c) => c.primaryKey())
      .addColumn('scope_category', t.int, (c) => c.notNull())
      .addColumn('scope_id', t.id, (c) => c.notNull())
      .addColumn('role_id', t.id, (c) => c.notNull()),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_role_scope_role')
    .on('blade_role_scope')
    .columns(['role_id', 'scope_category', 'scope_id'])
    .execute();
  await db.schema
    .createIndex('idx_blade_role_scope_scope')
    .on('blade_role_scope')
    .column('scope_id')
    .execute();

  // Per-platform settings of a user (BladeX keeps them in blade_user_web/app/other): one row per
  // user and user type.
  await finish(
    db.schema
      .createTable('blade_user_platform')
      .addColumn('id', t.id, (c) => c.primaryKey())
      .addColumn('tenant_id', t.string(12), (c) => c.notNull())
      .addColumn('user_id', t.id, (c) => c.notNull())
      .addColumn('user_type', t.int, (c) => c.notNull())
      .addColumn('user_ext', t.text),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_user_platform_user')
    .on('blade_user_platform')
    .columns(['user_id', 'user_type'])
    .unique()
    .execute();
}
