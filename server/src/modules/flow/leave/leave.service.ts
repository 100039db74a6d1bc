import type { Leave, LeaveDetail, LeaveInput } from '@console/contract';
import { LEAVE_STATE } from '@console/contract/schema';
import { parseDateTime } from '../../../core/dates.js';
import { found } from '../../../core/entity-service.js';
import { badRequest, notFound } from '../../../core/errors.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import { LEAVE_ELEMENTS, LEAVE_PROCESS_KEY } from '../../../db/seed/leave-model.js';
import { flowRuntime } from '../engine/load.js';
import type { StepResult } from '../engine/runtime.js';
import { userNames, type InstanceRecord } from '../runtime/runtime.repository.js';
import type { FlowRuntimeService } from '../runtime/runtime.service.js';
import type { FlowActionService } from '../runtime/actions.service.js';
import { LeaveRepository } from './leave.repository.js';

// Leave requests (spec §7 "Leave"; issue 17): the form starts the process with the approver chosen
// and the days; the record's state follows every step of its process.

export const LEAVE_TABLE = 'blade_process_leave';

/** The leave form's start call: the only way a leave process starts (its rules below hold). */
export const LEAVE_START_PATH = '/api/blade-desk/process/leave/start-process';

/** The leave state a step leaves the request in; null: the process was deleted. */
export function leaveStateAfter(step: StepResult | null, endActivity: string | null): number {
  if (!step) return LEAVE_STATE.deleted;
  if (step.ended)
    return endActivity === LEAVE_ELEMENTS.withdrawnEnd ? LEAVE_STATE.withdrawn : LEAVE_STATE.approved;
  if (step.waiting.some((w) => w.elementId === LEAVE_ELEMENTS.applicantAdjust)) return LEAVE_STATE.returned;
  return LEAVE_STATE.review;
}

const lastEnd = (step: StepResult) =>
  step.activities.filter((a) => /EndEvent$/.test(a.type)).at(-1)?.elementId ?? null;

export class LeaveService {
  constructor(
    private readonly stores: TenantStores,
    private readonly runtime: FlowRuntimeService,
    /** Copies the users a start names (抄送); none: a start copies nobody. */
    private readonly copies?: Pick<FlowActionService, 'copyStarted'>,
  ) {
    runtime.register({
      table: LEAVE_TABLE,
      processKey: LEAVE_PROCESS_KEY,
      startPath: LEAVE_START_PATH,
      listed: true,
      follow: (tx, actor, instance, step) => this.followStep(tx, actor, instance, step),
    });
  }

  private async followStep(tx: Store, actor: Actor, instance: InstanceRecord, step: StepResult | null) {
    if (!instance.businessId) return;
    // The step acts for whoever completed it; the record is the applicant's, in the same tenant.
    await new LeaveRepository(tx).update(actor, instance.businessId, {
      leaveState: leaveStateAfter(step, step ? lastEnd(step) : null),
    });
  }

  private instant(text: string): Date {
    const parsed = parseDateTime(text, this.stores.main.timeZone);
    if (!parsed) throw badRequest('leave.badTime', { field: text });
    return parsed.instant;
  }

  /** start-process: the request and its process, in one transaction. */
  async start(actor: Actor, input: LeaveInput): Promise<Leave> {
    const start = this.instant(input.startTime);
    const end = this.instant(input.endTime);
    if (end.getTime() <= start.getTime()) throw badRequest('leave.endBeforeStart');
    // Nobody approves their own leave, and the task goes to someone who can take it.
    if (input.taskUser === actor.userId) throw badRequest('leave.taskUser.self');
    if (!(await userNames(this.stores.main, actor.tenantId, [input.taskUser])).has(input.taskUser))
      throw badRequest('leave.taskUser.unknown');
    // The engine loads on first use; not while this transaction holds the database (engine/load.ts).
    await flowRuntime();
    return inTransaction(await this.stores.storeFor(actor), async (tx) => {
      const leaves = new LeaveRepository(tx);
      const id = await leaves.insert(actor, {
        processDefinitionId: input.processDefinitionId,
        leaveType: input.leaveType ?? 1,
        startTime: start.toISOString(),
        endTime: end.toISOString(),
        days: input.days,
        reason: input.reason.trim(),
        taskUser: input.taskUser,
        applyTime: new Date().toISOString(),
        leaveState: LEAVE_STATE.review,
      });
      const instanceId = await this.runtime.start(
        actor,
        {
          definitionId: input.processDefinitionId,
          variables: { taskUser: input.taskUser, days: input.days, leaveType: input.leaveType ?? 1 },
          businessTable: LEAVE_TABLE,
          businessId: id,
        },
        tx,
      );
      await leaves.update(actor, id, { processInstanceId: instanceId });
      await this.copies?.copyStarted(tx, actor, instanceId, input.copyUserIds);
      return found(await leaves.findById(actor, id));
    });
  }

  /** detail: the request (the applicant's own, or any of the tenant for those who handle them). */
  /**
   * A leave request with its history. With `ownOnly` (a reader without the process tracking menu:
   * security S16) only the applicant's own or one whose process the caller takes part in; else 404.
   */
  async detail(actor: Actor, businessId: string, ownOnly = false): Promise<LeaveDetail> {
    const leave = found(
      await new LeaveRepository(await this.stores.storeFor(actor)).findById(actor, businessId),
    );
    const applicant = leave.createUser === actor.userId;
    if (ownOnly && !applicant && !leave.processInstanceId) throw notFound();
    const flow = leave.processInstanceId
      ? await this.runtime.history(actor, leave.processInstanceId, ownOnly && !applicant)
      : [];
    const names = await userNames(this.stores.main, actor.tenantId, [leave.taskUser]);
    return { ...leave, taskUserName: names.get(leave.taskUser) ?? null, flow };
  }
}
