import type { Kysely } from 'kysely';

// Issue 50: the machines of a tenant with commands waiting (created or sent), read by each process
// about once a second (device/fleet-snapshots.ts) while the commands of the past pile up: an index
// that starts at the waiting ones.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('idx_zx_machine_command_waiting')
    .on('zx_machine_command')
    .columns(['tenant_id', 'state', 'timeout_time'])
    .execute();
}
