import { type RefundRequestInput, type RefundReview } from '@console/contract';
import { REFUND_REVIEW_STATUS } from '@console/contract/business';
import { TenantEntityService, found } from '../../../core/entity-service.js';
import { badRequest } from '../../../core/errors.js';
import { inTransaction, whenCommitted, type Actor, type Store } from '../../../core/repository/store.js';
import { flowRuntime } from '../../flow/engine/load.js';
import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import { isUniqueViolation } from '../../../db/errors.js';
import type { RecordBusinessEvent } from '../business-events.js';
import type { EventHub } from '../../../core/events/event-hub.js';
import type { RefundApprovals } from './refund-approval.js';
import type { RefundMessages } from './refund-messages.js';
import { RefundRepository, refundTable } from './refund.repository.js';

/**
 * Refund reviews: pending → agreed or rejected exactly once. The decision is one conditional
 * update in the database (RefundRepository.decide), so it holds across server processes; the loser
 * is told which decision was taken, by whom and when. Decisions are never edited; each goes to the
 * usual log.
 */
/** What shows refunds in the console: the refund list's queries and the dashboard's counts. */
const REFUND_TOPICS = ['refund', 'dashboard'];

export class RefundService extends TenantEntityService<
  RefundReview,
  never,
  'zx_refund_review',
  RefundRepository
> {
  constructor(
    stores: TenantStores,
    private readonly record: RecordBusinessEvent,
    /** Tells a new request's reviewers (none: nobody is told, as in the demo's fill). */
    private readonly messages?: RefundMessages,
    /** Tells the tenant's open consoles that refunds changed (their lists and the dashboard). */
    private readonly changes?: Pick<EventHub, 'changed'>,
    /** The second approval above the tenant's threshold (issue 51); none: every 同意 agrees. */
    private readonly approvals?: RefundApprovals,
  ) {
    super(stores, refundTable, (s) => new RefundRepository(s));
  }

  /** Refunds arrive from the payment side (the device API), never from a console form. */
  submit(): Promise<RefundReview> {
    throw badRequest('error.badRequest');
  }

  /**
   * 同意: the refund is agreed, or, above the tenant's threshold, its second approval starts and it
   * stays pending until the process decides it (refund-approval.ts).
   */
  async agree(actor: Actor, id: string): Promise<RefundReview> {
    const approvals = this.approvals;
    if (!approvals) return this.#decide(actor, id, REFUND_REVIEW_STATUS.AGREED, null);
    const refund = found(await (await this.repositoryFor(actor)).findById(actor, id));
    await this.#notWaiting(actor, id, approvals);
    const threshold = await approvals.threshold(actor);
    if (
      threshold === null ||
      refund.refundAmount <= threshold ||
      refund.reviewStatus !== REFUND_REVIEW_STATUS.PENDING
    )
      return this.#decide(actor, id, REFUND_REVIEW_STATUS.AGREED, null);
    // The engine is loaded before the transaction opens (runtime.service.ts). The refund's row is
    // held in it: of two 同意 at once, the second waits, then finds the first's process running.
    await flowRuntime();
    await inTransaction(await this.storeFor(actor), async (tx) => {
      await this.repositoryOn(tx).lock(actor, id);
      await this.#notWaiting(actor, id, approvals, tx);
      await approvals.start(actor, refund, tx);
    });
    await this.changes?.changed(actor.tenantId, ...REFUND_TOPICS);
    return found(await (await this.repositoryFor(actor)).findById(actor, id));
  }

  async reject(actor: Actor, id: string, remark: string): Promise<RefundReview> {
    if (this.approvals) await this.#notWaiting(actor, id, this.approvals);
    return this.#decide(actor, id, REFUND_REVIEW_STATUS.REJECTED, remark.trim());
  }

  /** A refund in its second approval is the process's to decide, no longer its reviewers'. */
  async #notWaiting(actor: Actor, id: string, approvals: RefundApprovals, tx?: Store): Promise<void> {
    if (await approvals.waiting(actor, id, tx)) throw badRequest('refund.approval.waiting');
  }

  async #decide(actor: Actor, id: string, status: number, remark: string | null): Promise<RefundReview> {
    const refunds = await this.repositoryFor(actor);
    const before = found(await refunds.findById(actor, id));
    if (!(await refunds.decide(actor, id, status, remark))) {
      const taken = found(await refunds.findById(actor, id));
      throw badRequest(
        taken.reviewStatus === REFUND_REVIEW_STATUS.AGREED ? 'refund.decided.1' : 'refund.decided.2',
        {
          reviewer: taken.reviewerName ?? taken.reviewerId ?? '-',
          time: taken.reviewTime ?? '-',
        },
      );
    }
    const decided = found(await refunds.findById(actor, id));
    await this.changes?.changed(actor.tenantId, ...REFUND_TOPICS);
    this.record(actor, {
      logId: status === REFUND_REVIEW_STATUS.AGREED ? 'refund-agree' : 'refund-reject',
      message: {
        key: status === REFUND_REVIEW_STATUS.AGREED ? 'refund.log.agreed' : 'refund.log.rejected',
        args: { orderNo: before.orderNo, amount: before.refundAmount, remark: remark ?? '' },
      },
      params: { id, orderNo: before.orderNo, refundAmount: before.refundAmount },
    });
    return decided;
  }

  /**
   * A refund request for a machine (the device API acts in the machine's tenant). An order is
   * refunded at most once in its tenant, removed requests included: the unique index on
   * (tenant_id, order_no) decides (migration 0017), so of two requests at once, on one process or
   * two, one is stored and the other told. Another tenant's orders are its own business. Once the
   * request has committed, those who may review it are told (refund-messages.ts).
   */
  async request(
    actor: Actor,
    machine: { machineNo: string; hospitalId: string | null },
    input: RefundRequestInput,
  ): Promise<RefundReview> {
    if (input.refundAmount > input.orderAmount) throw badRequest('refund.refundAmount.tooHigh');
    const orderNo = input.orderNo.trim();
    const store = await this.storeFor(actor);
    try {
      return await inTransaction(store, async (tx) => {
        const refunds = this.repositoryOn(tx);
        const id = await refunds.insert(actor, {
          orderNo,
          machineNo: machine.machineNo,
          slotNo: input.slotNo ?? null,
          hospitalId: machine.hospitalId,
          customerOpenId: input.customerOpenId?.trim() || null,
          customerPhone: input.customerPhone?.trim() || null,
          orderAmount: input.orderAmount,
          refundAmount: input.refundAmount,
          reason: input.reason?.trim() || null,
          applyTime: new Date() as unknown as string,
          reviewStatus: REFUND_REVIEW_STATUS.PENDING,
        });
        const refund = found(await refunds.findById(actor, id));
        const messages = this.messages;
        if (messages) await whenCommitted(tx, () => messages.requested(actor, store, refund));
        const changes = this.changes;
        if (changes) await whenCommitted(tx, () => changes.changed(actor.tenantId, ...REFUND_TOPICS));
        return refund;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest('refund.orderNo.exists', { orderNo });
      throw error;
    }
  }
}
