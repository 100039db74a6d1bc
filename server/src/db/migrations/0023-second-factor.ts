import type { Kysely } from 'kysely';
import { columnTypes, finish, kindOf, withId } from '../column-types.js';

// Issue 48: the TOTP second factor.
// - blade_user_totp: one row per user who began setting one up: the secret (sealed with DATA_KEY,
//   core/secret-box.ts), whether it was confirmed by a code, the last time step a code was accepted
//   for (a code works once), and the recovery codes' SHA-256 digests (JSON; each is removed as used).
//   A row not yet confirmed is a setup in progress: it asks nothing at sign-in.
// - blade_tenant.totp_required, blade_role.totp_required: whether every user of the tenant, or the
//   holders of a role, must have one (such a user without one sets it up right after the password).

export async function up(db: Kysely<unknown>): Promise<void> {
  const kind = kindOf(db);
  const t = columnTypes(kind);
  const s = t.string;
  await finish(
    withId(db.schema.createTable('blade_user_totp'), kind)
      .addColumn('tenant_id', s(12), (c) => c.notNull())
      .addColumn('user_id', t.id, (c) => c.notNull().unique())
      .addColumn('secret', s(255), (c) => c.notNull())
      .addColumn('confirmed', t.int, (c) => c.notNull().defaultTo(0))
      .addColumn('last_step', t.int, (c) => c.notNull().defaultTo(0))
      .addColumn('recovery_codes', t.text)
      .addColumn('create_time', t.datetime, (c) => c.notNull())
      .addColumn('update_time', t.datetime, (c) => c.notNull()),
    kind,
  ).execute();
  for (const table of ['blade_tenant', 'blade_role'] as const)
    await db.schema
      .alterTable(table)
      .addColumn('totp_required', t.int, (c) => c.notNull().defaultTo(0))
      .execute();
}
