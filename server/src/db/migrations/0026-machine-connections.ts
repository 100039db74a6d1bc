import type { Kysely } from 'kysely';
import { columnTypes, kindOf } from '../column-types.js';

// Issue 50: a machine's online and offline moments. zx_machine.online_time is when it last came
// online (an MQTT connection, or a heartbeat after a silence); offline_time is when its MQTT
// connection last ended (a disconnect, or the broker's will message). A machine is online while it
// was heard from within MACHINE_OFFLINE_SECONDS and has not disconnected since
// (machine.repository.ts holds the rule).

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(kindOf(db));
  await db.schema.alterTable('zx_machine').addColumn('online_time', t.datetime).execute();
  await db.schema.alterTable('zx_machine').addColumn('offline_time', t.datetime).execute();
}
