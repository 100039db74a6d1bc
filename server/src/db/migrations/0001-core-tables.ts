import type { Kysely } from 'kysely';
import { columnTypes, finish, kindOf, withAudit, withId } from '../column-types.js';

// The tables the platform cannot start without: tenants, clients, departments, roles, users,
// menus and their grants, and parameters. Column names follow BladeX (doc/sql of SpringBlade).

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);
  const tenantId = t.string(12);

  await finish(
    withAudit(
      withId(db.schema.createTable('blade_tenant'), kind)
        .addColumn('tenant_id', tenantId, (c) => c.notNull())
        .addColumn('tenant_name', t.string(50), (c) => c.notNull())
        .addColumn('domain', t.string(255))
        .addColumn('background_url', t.string(1000))
        .addColumn('linkman', t.string(20))
        .addColumn('contact_number', t.string(20))
        .addColumn('address', t.string(255))
        .addColumn('account_number', t.int, (c) => c.notNull().defaultTo(-1))
        .addColumn('expire_time', t.datetime)
        .addColumn('package_id', t.id)
        .addColumn('datasource_id', t.id)
        .addColumn('license_key', t.string(1000)),
      kind,
    ),
    kind,
  ).execute();
  await db.schema.createIndex('idx_blade_tenant_tenant_id').on('blade_tenant').column('tenant_id').execute();

  await finish(
    withAudit(
      withId(db.schema.createTable('blade_client'), kind)
        .addColumn('client_id', t.string(48), (c) => c.notNull())
        .addColumn('client_secret', t.string(256), (c) => c.notNull())
        .addColumn('resource_ids', t.string(256))
        .addColumn('scope', t.string(256), (c) => c.notNull())
        .addColumn('authorized_grant_types', t.string(256), (c) => c.notNull())
        .addColumn('web_server_redirect_uri', t.string(256))
        .addColumn('authorities', t.string(256))
        .addColumn('access_token_validity', t.int, (c) => c.notNull())
        .addColumn('refresh_token_validity', t.int, (c) => c.notNull())
        .addColumn('additional_information', t.string(4096))
        .addColumn('autoapprove', t.string(256)),
      kind,
    ),
    kind,
  ).execute();
  await db.schema.createIndex('idx_blade_client_client_id').on('blade_client').column('client_id').execute();

  await finish(
    withAudit(
      withId(db.schema.createTable('blade_dept'), kind)
        .addColumn('tenant_id', tenantId, (c) => c.notNull())
        .addColumn('parent_id', t.id, (c) => c.notNull().defaultTo(0))
        .addColumn('ancestors', t.string(2000), (c) => c.notNull())
        .addColumn('dept_category', t.int)
        .addColumn('dept_name', t.string(45), (c) => c.notNull())
        .addColumn('full_name', t.string(45))
        .addColumn('sort', t.int, (c) => c.notNull().defaultTo(0))
        .addColumn('remark', t.string(255)),
      kind,
    ),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_dept_tenant_parent')
    .on('blade_dept')
    .columns(['tenant_id', 'parent_id'])
    .execute();

  await finish(
    withAudit(
      withId(db.schema.createTable('blade_role'), kind)
        .addColumn('tenant_id', tenantId, (c) => c.notNull())
        .addColumn('parent_id', t.id, (c) => c.notNull().defaultTo(0))
        .addColumn('role_name', t.string(255), (c) => c.notNull())
        .addColumn('sort', t.int, (c) => c.notNull().defaultTo(0))
        .addColumn('role_alias', t.string(255), (c) => c.notNull()),
      kind,
    ),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_role_tenant')
    .on('blade_role')
    .columns(['tenant_id', 'role_alias'])
    .execute();

  await finish(
    withAudit(
      withId(db.schema.createTable('blade_user'), kind)
        .addColumn('tenant_id', tenantId, (c) => c.notNull())
        .addColumn('code', t.string(12))
        .addColumn('user_type', t.int, (c) => c.notNull().defaultTo(1))
        .addColumn('account', t.string(45), (c) => c.notNull())
        .addColumn('password', t.string(255), (c) => c.notNull())
        .addColumn('name', t.string(20))
        .addColumn('real_name', t.string(10))
        .addColumn('avatar', t.string(2000))
        .addColumn('email', t.string(45))
        .addColumn('phone', t.string(45))
        .addColumn('birthday', t.datetime)
        .addColumn('sex', t.int)
        .addColumn('role_id', t.string(1000))
        .addColumn('dept_id', t.string(1000))
        .addColumn('post_id', t.string(1000)),
      kind,
    ),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_user_tenant_account')
    .on('blade_user')
    .columns(['tenant_id', 'account'])
    .execute();

  await finish(
    withAudit(
      withId(db.schema.createTable('blade_menu'), kind)
        .addColumn('parent_id', t.id, (c) => c.notNull().defaultTo(0))
        .addColumn('code', t.string(255), (c) => c.notNull())
        .addColumn('name', t.string(255), (c) => c.notNull())
        .addColumn('alias', t.string(255))
        .addColumn('path', t.string(255))
        .addColumn('source', t.string(255))
        .addColumn('sort', t.int, (c) => c.notNull().defaultTo(0))
        .addColumn('category', t.int, (c) => c.notNull())
        .addColumn('action', t.int, (c) => c.notNull().defaultTo(0))
        .addColumn('is_open', t.int, (c) => c.notNull().defaultTo(1))
        .addColumn('remark', t.string(255)),
      kind,
    ),
    kind,
  ).execute();
  await db.schema.createIndex('idx_blade_menu_parent').on('blade_menu').column('parent_id').execute();
  await db.schema.createIndex('idx_blade_menu_code').on('blade_menu').column('code').execute();

  await finish(
    db.schema
      .createTable('blade_role_menu')
      .addColumn('id', t.id, (c) => c.primaryKey())
      .addColumn('menu_id', t.id, (c) => c.notNull())
      .addColumn('role_id', t.id, (c) => c.notNull()),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_role_menu_role')
    .on('blade_role_menu')
    .columns(['role_id', 'menu_id'])
    .execute();

  await finish(
    withAudit(
      withId(db.schema.createTable('blade_param'), kind)
        .addColumn('param_name', t.string(255), (c) => c.notNull())
        .addColumn('param_key', t.string(255), (c) => c.notNull())
        .addColumn('param_value', t.text, (c) => c.notNull())
        .addColumn('remark', t.string(255)),
      kind,
    ),
    kind,
  ).execute();
  await db.schema
    .createIndex('idx_blade_param_key')
    .on('blade_param')
    .columns(['param_key', 'is_deleted'])
    .execute();
}
