import { createHash } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import { columnTypes, finish, kindOf } from '../column-types.js';
import type { Database } from '../schema.js';

// The password policy (issue 44, item 9; docs/operations.md, "Passwords"):
// - blade_tenant: each tenant's policy, which the console checks before it hashes a typed password
//   (the server sees only its MD5): a minimum length, how many of the four character classes
//   (lower case, upper case, digits, symbols), and how many earlier passwords may not be used again.
//   Existing tenants get the defaults (8, 2, 5).
// - blade_user.password_change_required: the next sign-in must change the password before any other
//   call (the guard); set for generated, reset and administrator-chosen passwords.
// - blade_user_password_history: each user's recent password hashes (argon2id of the digest, as
//   blade_user.password), kept to the tenant's count.
//
// Existing rows are kept. The one account an installation is known to start with, the platform's
// admin, is marked only when it still has the seeded password admin (its hash checked here).

/** The platform administrator's id (db/seed/seed.ts SEED_IDS.admin: BladeX's). */
const SEEDED_ADMIN_ID = '1123598821738675201';

export async function up(raw: Kysely<unknown>): Promise<void> {
  const kind = kindOf(raw);
  const t = columnTypes(kind);
  await raw.schema
    .alterTable('blade_tenant')
    .addColumn('password_min_length', t.int, (c) => c.notNull().defaultTo(8))
    .execute();
  await raw.schema
    .alterTable('blade_tenant')
    .addColumn('password_min_classes', t.int, (c) => c.notNull().defaultTo(2))
    .execute();
  await raw.schema
    .alterTable('blade_tenant')
    .addColumn('password_history', t.int, (c) => c.notNull().defaultTo(5))
    .execute();
  await raw.schema
    .alterTable('blade_user')
    .addColumn('password_change_required', t.int, (c) => c.notNull().defaultTo(0))
    .execute();

  await finish(
    raw.schema
      .createTable('blade_user_password_history')
      .addColumn('id', t.id, (c) => c.primaryKey())
      .addColumn('tenant_id', t.string(12), (c) => c.notNull())
      .addColumn('user_id', t.id, (c) => c.notNull())
      .addColumn('password', t.string(255), (c) => c.notNull())
      .addColumn('create_time', t.datetime, (c) => c.notNull()),
    kind,
  ).execute();
  await raw.schema
    .createIndex('idx_blade_user_password_history_user')
    .on('blade_user_password_history')
    .columns(['user_id', 'create_time'])
    .execute();

  await markSeededAdmin(raw as Kysely<Database>);
}

/** The platform's admin must change the password at its next sign-in while it is still admin. */
export async function markSeededAdmin(db: Kysely<Database>): Promise<void> {
  const admin = await db
    .selectFrom('blade_user')
    .select('password')
    .where('id', '=', BigInt(SEEDED_ADMIN_ID))
    .where('tenant_id', '=', '000000')
    .executeTakeFirst();
  const seeded = createHash('md5').update('admin').digest('hex');
  if (admin && (await verify(String(admin.password), seeded).catch(() => false)))
    await db
      .updateTable('blade_user')
      .set({ password_change_required: 1 })
      .where('id', '=', BigInt(SEEDED_ADMIN_ID))
      .execute();
}
