import type {
  Apk,
  HeartbeatAnswer,
  Page,
  Rollout,
  RolloutInput,
  RolloutStage,
  UpdateProgressInput,
} from '@console/contract';
import { APK_PUBLISH_STATUS, UPDATE_STATES } from '@console/contract/business';
import { formatDateTime } from '../../../core/dates.js';
import { ApiError, badRequest, notFound } from '../../../core/errors.js';
import type { EventHub } from '../../../core/events/event-hub.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import { ApkRepository } from '../apk/apk.repository.js';
import type { RecordBusinessEvent } from '../business-events.js';
import { HospitalRepository } from '../hospital/hospital.repository.js';
import { MachineRepository, type DeviceRecord } from '../machine/machine.repository.js';
import { stageOf, type FleetMachine } from './cohorts.js';
import { RolloutRepository, type StoredRollout } from './rollout.repository.js';

// Staged updates (issue 50, 灰度发布): a published apk version offered stage by stage. Each stage adds
// a cohort (a share of the machines by a stable hash of their number, chosen hospitals, or chosen
// machines) and opens the next by hand (下一阶段) or by itself after its time while the rollout's
// failures stay under its threshold — checked whenever the rollout is read or a machine of its
// package beats, so no timer is needed. While a rollout holds its package, the heartbeat's update
// offer follows it: a machine in an open stage is offered the version; one outside is offered at
// most the version before; paused, only the machines already offered it go on; rolled back, they are
// offered the version before (`rollback: true`). Machines report their progress on it.

type Offer = HeartbeatAnswer['update'];

const FAILURES_SHOWN = 20;

export class RolloutService {
  constructor(
    private readonly stores: TenantStores,
    private readonly offlineSeconds: number,
    private readonly record: RecordBusinessEvent,
    private readonly events: Pick<EventHub, 'changed'>,
  ) {}

  async #context(tenant: Actor | string) {
    const store = await this.stores.storeFor(tenant);
    return { store, rollouts: new RolloutRepository(store) };
  }

  #fleet(store: Store, tenantId: string, packageName: string): Promise<FleetMachine[]> {
    return new MachineRepository(store, this.offlineSeconds).runningPackage(tenantId, packageName);
  }

  // ---- The console's side ----

  /** rollout/submit: a staged update of a published version of the tenant, checked stage by stage. */
  async submit(actor: Actor, input: RolloutInput): Promise<Rollout> {
    const { store, rollouts } = await this.#context(actor);
    const apks = new ApkRepository(store);
    const apk = await apks.findById(actor, input.apkId);
    if (!apk) throw notFound();
    if (apk.publishStatus !== APK_PUBLISH_STATUS.PUBLISHED)
      throw badRequest('rollout.apk.unpublished', { version: apk.versionName });
    const holding = await rollouts.holding(actor.tenantId, apk.packageName);
    if (holding) throw badRequest('rollout.busy', { packageName: apk.packageName });
    const previous = await apks.newestPublished(actor, apk.packageName, apk.id);
    const stages = input.stages.map(normalised);
    await this.#check(actor, store, stages, await this.#fleet(store, actor.tenantId, apk.packageName));
    const id = await rollouts.insert(actor, {
      apkId: apk.id,
      packageName: apk.packageName,
      versionCode: apk.versionCode,
      previousApkId: previous && previous.versionCode < apk.versionCode ? previous.id : null,
      stages,
    });
    this.record(actor, {
      logId: 'rollout-submit',
      message: { key: 'rollout.log.submit', args: { version: `${apk.packageName} ${apk.versionName}` } },
      params: { id, apkId: apk.id, stages },
    });
    await this.events.changed(actor.tenantId, 'rollout');
    return this.detail(actor, id);
  }

  /**
   * The stages as given must add machines, each its own: percent shares growing from stage to stage,
   * no hospital or machine named twice or already held by an earlier stage, every one the tenant's,
   * and an automatic gate with its time.
   */
  async #check(actor: Actor, store: Store, stages: RolloutStage[], fleet: FleetMachine[]): Promise<void> {
    let share = 0;
    const named = new Set<string>();
    for (const [seq, stage] of stages.entries()) {
      const at = { stage: seq + 1 };
      if (stage.gate === 'auto' && stage.gateMinutes === undefined)
        throw badRequest('rollout.gate.minutes', at);
      if (stage.cohort === 'percent') {
        if (stage.percent === undefined || stage.percent <= share)
          throw badRequest('rollout.percent', { ...at, after: share });
        share = stage.percent;
        continue;
      }
      const ids = stage.ids ?? [];
      if (ids.length === 0) throw badRequest('rollout.stage.empty', at);
      for (const id of ids) {
        if (named.has(`${stage.cohort}:${id}`)) throw badRequest('rollout.overlap', at);
        named.add(`${stage.cohort}:${id}`);
      }
      const known =
        stage.cohort === 'hospitals'
          ? await new HospitalRepository(store).findByIds(actor, ids)
          : await new MachineRepository(store, this.offlineSeconds).findByIds(actor, ids);
      if (known.length !== ids.length) throw badRequest('rollout.member.unknown', at);
      // A machine named here that an earlier stage holds already.
      if (stage.cohort === 'machines')
        for (const machine of fleet.filter((m) => ids.includes(m.id)))
          if (stageOf(stages.slice(0, seq), machine) !== undefined) throw badRequest('rollout.overlap', at);
    }
    const added = new Array<number>(stages.length).fill(0);
    for (const machine of fleet) {
      const seq = stageOf(stages, machine);
      if (seq !== undefined) added[seq]!++;
    }
    const empty = added.findIndex((n) => n === 0);
    if (empty >= 0) throw badRequest('rollout.stage.empty', { stage: empty + 1 });
  }

  /** rollout/list: the tenant's rollouts, newest first (`packageName` narrows). */
  async list(actor: Actor, query: Record<string, unknown>): Promise<Page<Rollout>> {
    const current = Math.max(1, Number(query.current) || 1);
    const size = Math.min(200, Math.max(1, Number(query.size) || 10));
    const { rollouts } = await this.#context(actor);
    const packageName =
      typeof query.packageName === 'string' && query.packageName !== '' ? query.packageName : undefined;
    const page = await rollouts.page(actor.tenantId, (current - 1) * size, size, packageName);
    const records = await Promise.all(page.records.map((rollout) => this.#view(actor, rollout)));
    return { records, total: page.total, size, current, pages: Math.ceil(page.total / size) };
  }

  async detail(actor: Actor, id: string): Promise<Rollout> {
    const { rollouts } = await this.#context(actor);
    const rollout = await rollouts.findById(actor.tenantId, id);
    if (!rollout) throw notFound();
    return this.#view(actor, await this.#gate(actor, rollout));
  }

  /** A rollout as its page shows it: each stage's machines by state, and the latest failures. */
  async #view(actor: Actor, rollout: StoredRollout): Promise<Rollout> {
    const { store, rollouts } = await this.#context(actor);
    const apks = new ApkRepository(store);
    const [apk, previous, fleet, counts, failures] = await Promise.all([
      apks.findById(actor, rollout.apkId),
      rollout.previousApkId ? apks.findById(actor, rollout.previousApkId) : undefined,
      this.#fleet(store, actor.tenantId, rollout.packageName),
      rollouts.counts(actor.tenantId, rollout.id),
      rollouts.failures(actor.tenantId, rollout.id, FAILURES_SHOWN),
    ]);
    const machines = new Array<number>(rollout.stages.length).fill(0);
    for (const machine of fleet) {
      const seq = stageOf(rollout.stages, machine);
      if (seq !== undefined) machines[seq]!++;
    }
    const wire = (at: Date | null | undefined) => (at ? formatDateTime(at, store.timeZone) : null);
    return {
      id: rollout.id,
      tenantId: rollout.tenantId,
      apkId: rollout.apkId,
      packageName: rollout.packageName,
      versionCode: rollout.versionCode,
      versionName: apk?.versionName ?? String(rollout.versionCode),
      previousApkId: rollout.previousApkId,
      previousVersionName: previous?.versionName ?? null,
      state: rollout.state,
      currentStage: rollout.currentStage,
      stages: rollout.stages.map((stage, seq) => ({
        ...stage,
        seq,
        startedTime: wire(rollout.stageStarted[seq]),
        machines: machines[seq]!,
        counts: Object.fromEntries(
          ['offered', ...UPDATE_STATES].map((state) => [
            state,
            counts.filter((c) => c.stageSeq === seq && c.state === state).reduce((n, c) => n + c.n, 0),
          ]),
        ),
      })),
      failures: failures.map((failure) => ({ ...failure, updateTime: wire(failure.updateTime)! })),
      createUser: rollout.createUser,
      createTime: wire(rollout.createTime),
      updateTime: wire(rollout.updateTime),
    };
  }

  /** 下一阶段: the next stage opens (after the last, the rollout is completed). */
  advance(actor: Actor, id: string): Promise<Rollout> {
    return this.#change(actor, id, ['running', 'paused'], 'rollout.log.advance', (rollout) =>
      this.#next(rollout),
    );
  }

  pause(actor: Actor, id: string): Promise<Rollout> {
    return this.#change(actor, id, ['running'], 'rollout.log.pause', () => ({ state: 'paused' }));
  }

  resume(actor: Actor, id: string): Promise<Rollout> {
    return this.#change(actor, id, ['paused'], 'rollout.log.resume', () => ({ state: 'running' }));
  }

  /** 回滚: its machines are offered the version before. */
  rollback(actor: Actor, id: string): Promise<Rollout> {
    return this.#change(actor, id, ['running', 'paused', 'completed'], 'rollout.log.rollback', () => ({
      state: 'rolled-back',
    }));
  }

  #next(rollout: StoredRollout) {
    const next = rollout.currentStage + 1;
    return next >= rollout.stages.length
      ? { state: 'completed' as const }
      : {
          state: 'running' as const,
          currentStage: next,
          stageStarted: [...rollout.stageStarted, new Date()],
        };
  }

  async #change(
    actor: Actor,
    id: string,
    from: readonly StoredRollout['state'][],
    log: 'rollout.log.advance' | 'rollout.log.pause' | 'rollout.log.resume' | 'rollout.log.rollback',
    to: (rollout: StoredRollout) => Parameters<RolloutRepository['move']>[2],
  ): Promise<Rollout> {
    const { rollouts } = await this.#context(actor);
    const rollout = await rollouts.findById(actor.tenantId, id);
    if (!rollout) throw notFound();
    if (!from.includes(rollout.state)) throw badRequest('rollout.state', { state: rollout.state });
    if (!(await rollouts.move(actor, rollout, to(rollout)))) throw new ApiError(409, 'rollout.moved');
    this.record(actor, {
      logId: log.replace('rollout.log.', 'rollout-'),
      message: { key: log, args: { packageName: rollout.packageName, versionCode: rollout.versionCode } },
      params: { id },
    });
    await this.events.changed(actor.tenantId, 'rollout');
    return this.detail(actor, id);
  }

  /**
   * The automatic gate: a running rollout whose open stage gates by time opens the next once the time
   * has passed, if at most its share of the machines offered so far failed. One process does it.
   */
  async #gate(actor: Actor, rollout: StoredRollout): Promise<StoredRollout> {
    const stage = rollout.stages[rollout.currentStage];
    const opened = rollout.stageStarted[rollout.currentStage];
    if (rollout.state !== 'running' || stage?.gate !== 'auto' || !opened) return rollout;
    if (Date.now() - opened.getTime() < (stage.gateMinutes ?? 0) * 60_000) return rollout;
    const { rollouts } = await this.#context(rollout.tenantId);
    const counts = await rollouts.counts(rollout.tenantId, rollout.id);
    const offered = counts.reduce((n, c) => n + c.n, 0);
    const failed = counts.filter((c) => c.state === 'failed').reduce((n, c) => n + c.n, 0);
    if (offered > 0 && (failed * 100) / offered > (stage.maxFailurePercent ?? 0)) return rollout;
    const server: Actor = { tenantId: rollout.tenantId, userId: null, deptId: null };
    if (await rollouts.move(server, rollout, this.#next(rollout))) {
      this.record(server, {
        logId: 'rollout-advance',
        message: {
          key: 'rollout.log.gate',
          args: { packageName: rollout.packageName, versionCode: rollout.versionCode },
        },
        params: { id: rollout.id, failed, offered },
      });
      await this.events.changed(rollout.tenantId, 'rollout');
    }
    return (await rollouts.findById(rollout.tenantId, rollout.id)) ?? rollout;
  }

  // ---- The machine's side ----

  /**
   * What a heartbeat offers the machine, when a rollout holds its package (undefined: none does, and
   * the newest published version is offered as before).
   */
  async offerFor(device: DeviceRecord, packageName: string, running: number): Promise<Offer | undefined> {
    const { store, rollouts } = await this.#context(device.tenantId);
    const held = await rollouts.holding(device.tenantId, packageName);
    if (!held) return undefined;
    const server: Actor = { tenantId: device.tenantId, userId: null, deptId: null };
    const rollout = await this.#gate(server, held);
    const apks = new ApkRepository(store);
    const previous = rollout.previousApkId ? await apks.findById(server, rollout.previousApkId) : undefined;
    const place = await rollouts.machineOf(device.tenantId, rollout.id, device.id);
    const before = previous && previous.versionCode > running ? offerOf(previous) : null;
    if (rollout.state === 'rolled-back') {
      // Its machines go back to the version before; the others are offered at most that.
      if (place && previous && running !== previous.versionCode)
        return { ...offerOf(previous), rollback: true };
      return before;
    }
    let seq = place?.stageSeq;
    if (seq === undefined && rollout.state === 'running') {
      const machine = await new MachineRepository(store, this.offlineSeconds).findById(server, device.id);
      const stage = machine
        ? stageOf(rollout.stages, {
            id: device.id,
            machineNo: device.machineNo,
            hospitalId: machine.hospitalId,
          })
        : undefined;
      if (stage !== undefined && stage <= rollout.currentStage) seq = stage;
    }
    if (seq === undefined) return before;
    if (running >= rollout.versionCode) return null;
    const target = await apks.findById(server, rollout.apkId);
    if (!target) return before;
    if (!place) await rollouts.offered(device.tenantId, rollout.id, device, seq);
    return offerOf(target);
  }

  /**
   * The machine's word on an update: recorded when it was offered that version by a rollout; false
   * when no rollout offered it (an update of its own, or a version published without one).
   */
  async progress(device: DeviceRecord, input: UpdateProgressInput): Promise<boolean> {
    const { rollouts } = await this.#context(device.tenantId);
    const rollout = await rollouts.ofVersion(device.tenantId, input.packageName, input.versionCode);
    if (!rollout) return false;
    const recorded = await rollouts.progress(
      device.tenantId,
      rollout.id,
      device.id,
      input.state,
      input.reason?.trim() || null,
    );
    if (recorded) await this.events.changed(device.tenantId, 'rollout');
    return recorded;
  }
}

/** A stage as stored: only the fields its cohort and gate use. */
function normalised(stage: RolloutStage): RolloutStage {
  return {
    cohort: stage.cohort,
    ...(stage.cohort === 'percent' ? { percent: stage.percent } : { ids: [...new Set(stage.ids ?? [])] }),
    gate: stage.gate,
    ...(stage.gate === 'auto'
      ? { gateMinutes: stage.gateMinutes, maxFailurePercent: stage.maxFailurePercent ?? 0 }
      : {}),
  };
}

function offerOf(apk: Apk): NonNullable<Offer> {
  return {
    packageName: apk.packageName,
    versionCode: apk.versionCode,
    versionName: apk.versionName,
    fileUrl: apk.fileUrl,
    fileSize: apk.fileSize,
    md5: apk.md5,
    forceUpdate: apk.forceUpdate,
    releaseNotes: apk.releaseNotes,
  };
}
