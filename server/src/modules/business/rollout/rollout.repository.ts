import type { RolloutStage } from '@console/contract';
import type { RolloutState, UpdateState } from '@console/contract/business';
import type { Kysely } from 'kysely';
import type { Actor, Store } from '../../../core/repository/store.js';
import { unscoped } from '../../../core/repository/unscoped.js';
import { isUniqueViolation } from '../../../db/errors.js';
import type { Database } from '../../../db/schema.js';

// zx_rollout and zx_rollout_machine (migration 0028): a tenant's staged updates and the machines
// each was offered to. Every read and write names the tenant. A change of a rollout's state or stage
// is conditional on what it was, so that two processes (or a person and the automatic gate) never
// both move it.

/** A stored rollout. */
export interface StoredRollout {
  id: string;
  tenantId: string;
  apkId: string;
  packageName: string;
  versionCode: number;
  previousApkId: string | null;
  state: RolloutState;
  currentStage: number;
  stages: RolloutStage[];
  /** When each stage opened, as far as they have. */
  stageStarted: Date[];
  createUser: string | null;
  createTime: Date | null;
  updateTime: Date | null;
}

/** The states a rollout holds its package in: its offers are the rollout's. */
export const HOLDING: readonly RolloutState[] = ['running', 'paused', 'rolled-back'];

const instant = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string | Date);

function toRollout(row: Database['zx_rollout'] & { id: unknown }): StoredRollout {
  return {
    id: String(row.id),
    tenantId: row.tenant_id,
    apkId: String(row.apk_id),
    packageName: row.package_name,
    versionCode: Number(row.version_code),
    previousApkId: row.previous_apk_id === null ? null : String(row.previous_apk_id),
    state: row.state as RolloutState,
    currentStage: Number(row.current_stage),
    stages: JSON.parse(row.stages) as RolloutStage[],
    stageStarted: (JSON.parse(row.stage_started) as string[]).map((at) => new Date(at)),
    createUser: row.create_user === null ? null : String(row.create_user),
    createTime: instant(row.create_time),
    updateTime: instant(row.update_time),
  };
}

export class RolloutRepository {
  readonly #db: Kysely<Database>;

  constructor(private readonly store: Store) {
    this.#db = unscoped(store);
  }

  #live(tenantId: string) {
    return this.#db.selectFrom('zx_rollout').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);
  }

  async insert(
    actor: Actor,
    rollout: Pick<StoredRollout, 'apkId' | 'packageName' | 'versionCode' | 'previousApkId' | 'stages'>,
  ): Promise<string> {
    const id = this.store.ids.next();
    const now = new Date();
    await this.#db
      .insertInto('zx_rollout')
      .values({
        id: BigInt(id),
        tenant_id: actor.tenantId,
        apk_id: BigInt(rollout.apkId),
        package_name: rollout.packageName,
        version_code: rollout.versionCode,
        previous_apk_id: rollout.previousApkId === null ? null : BigInt(rollout.previousApkId),
        state: 'running',
        current_stage: 0,
        stages: JSON.stringify(rollout.stages),
        stage_started: JSON.stringify([now.toISOString()]),
        create_user: actor.userId === null ? null : BigInt(actor.userId),
        create_dept: actor.deptId === null ? null : BigInt(actor.deptId),
        create_time: now,
        update_user: actor.userId === null ? null : BigInt(actor.userId),
        update_time: now,
        status: 1,
        is_deleted: 0,
      })
      .execute();
    return id;
  }

  async findById(tenantId: string, id: string): Promise<StoredRollout | undefined> {
    const row = await this.#live(tenantId).selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
    return row ? toRollout(row) : undefined;
  }

  /** The rollout holding the package (running, paused or rolled back), if any: the newest. */
  async holding(tenantId: string, packageName: string): Promise<StoredRollout | undefined> {
    const row = await this.#live(tenantId)
      .selectAll()
      .where('package_name', '=', packageName)
      .where('state', 'in', [...HOLDING])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toRollout(row) : undefined;
  }

  /** The packages a rollout holds (what `holding` finds a rollout for). */
  async heldPackages(tenantId: string): Promise<Set<string>> {
    const rows = await this.#live(tenantId)
      .select('package_name')
      .distinct()
      .where('state', 'in', [...HOLDING])
      .execute();
    return new Set(rows.map((row) => row.package_name));
  }

  /** The newest rollout of the version, whatever its state. */
  async ofVersion(
    tenantId: string,
    packageName: string,
    versionCode: number,
  ): Promise<StoredRollout | undefined> {
    const row = await this.#live(tenantId)
      .selectAll()
      .where('package_name', '=', packageName)
      .where('version_code', '=', versionCode)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toRollout(row) : undefined;
  }

  /** The tenant's rollouts, newest first (a page), with how many there are. */
  async page(tenantId: string, offset: number, limit: number, packageName?: string) {
    let q = this.#live(tenantId);
    if (packageName) q = q.where('package_name', '=', packageName);
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      q.select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { records: rows.map(toRollout), total: Number(count.n) };
  }

  /**
   * Moves the rollout from `from` (its state and stage as read) to its next state or stage; false
   * when it had moved meanwhile.
   */
  async move(
    actor: Actor,
    from: StoredRollout,
    to: { state: RolloutState; currentStage?: number; stageStarted?: Date[] },
  ): Promise<boolean> {
    const result = await this.#db
      .updateTable('zx_rollout')
      .set({
        state: to.state,
        ...(to.currentStage !== undefined ? { current_stage: to.currentStage } : {}),
        ...(to.stageStarted
          ? { stage_started: JSON.stringify(to.stageStarted.map((at) => at.toISOString())) }
          : {}),
        update_user: actor.userId === null ? null : BigInt(actor.userId),
        update_time: new Date(),
      })
      .where('tenant_id', '=', from.tenantId)
      .where('id', '=', BigInt(from.id))
      .where('state', '=', from.state)
      .where('current_stage', '=', from.currentStage)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  // ---- The machines offered it ----

  /** The machine's place in the rollout, if it was offered it. */
  async machineOf(tenantId: string, rolloutId: string, machineId: string) {
    const row = await this.#db
      .selectFrom('zx_rollout_machine')
      .select(['stage_seq', 'state'])
      .where('tenant_id', '=', tenantId)
      .where('rollout_id', '=', BigInt(rolloutId))
      .where('machine_id', '=', BigInt(machineId))
      .executeTakeFirst();
    return row ? { stageSeq: Number(row.stage_seq), state: row.state } : undefined;
  }

  /** Records that the machine was offered the version (once: a second offer changes nothing). */
  async offered(
    tenantId: string,
    rolloutId: string,
    machine: { id: string; machineNo: string },
    stageSeq: number,
  ) {
    await this.#db
      .insertInto('zx_rollout_machine')
      .values({
        id: BigInt(this.store.ids.next()),
        tenant_id: tenantId,
        rollout_id: BigInt(rolloutId),
        machine_id: BigInt(machine.id),
        machine_no: machine.machineNo,
        stage_seq: stageSeq,
        state: 'offered',
        reason: null,
        update_time: new Date(),
      })
      .execute()
      .catch((error: unknown) => {
        // Offered already (by another process at the same moment): the row is there.
        if (!isUniqueViolation(error)) throw error;
      });
  }

  /** What the machine says of the update; false when it was not offered it. */
  async progress(
    tenantId: string,
    rolloutId: string,
    machineId: string,
    state: UpdateState,
    reason: string | null,
  ): Promise<boolean> {
    const result = await this.#db
      .updateTable('zx_rollout_machine')
      .set({ state, reason, update_time: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('rollout_id', '=', BigInt(rolloutId))
      .where('machine_id', '=', BigInt(machineId))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** How many of the rollout's machines are at each state, by stage. */
  async counts(
    tenantId: string,
    rolloutId: string,
  ): Promise<Array<{ stageSeq: number; state: string; n: number }>> {
    const rows = await this.#db
      .selectFrom('zx_rollout_machine')
      .select((eb) => ['stage_seq', 'state', eb.fn.countAll<number | string | bigint>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where('rollout_id', '=', BigInt(rolloutId))
      .groupBy(['stage_seq', 'state'])
      .execute();
    return rows.map((row) => ({ stageSeq: Number(row.stage_seq), state: row.state, n: Number(row.n) }));
  }

  /** The tenant's machines whose staged update failed last they said (an alert rule's subjects). */
  async failing(tenantId: string, limit: number) {
    const rows = await this.#db
      .selectFrom('zx_rollout_machine')
      .select(['rollout_id', 'machine_id', 'machine_no', 'reason'])
      .where('tenant_id', '=', tenantId)
      .where('state', '=', 'failed')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      rolloutId: String(row.rollout_id),
      machineId: String(row.machine_id),
      machineNo: row.machine_no,
      reason: row.reason,
    }));
  }

  /** The latest failures, with the machines' reasons. */
  async failures(tenantId: string, rolloutId: string, limit: number) {
    const rows = await this.#db
      .selectFrom('zx_rollout_machine')
      .select(['machine_no', 'reason', 'update_time'])
      .where('tenant_id', '=', tenantId)
      .where('rollout_id', '=', BigInt(rolloutId))
      .where('state', '=', 'failed')
      .orderBy('update_time', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      machineNo: row.machine_no,
      reason: row.reason,
      updateTime: new Date(row.update_time as string | Date),
    }));
  }
}
