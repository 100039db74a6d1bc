import { REFUND_REVIEW_STATUS } from '@console/contract/business';
import { badRequest } from '../../../core/errors.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { REFUND_APPROVAL_KEY, REFUND_THRESHOLD_PARAM } from '../../../db/seed/refund-process.js';
import type { InstanceRecord } from '../../flow/runtime/runtime.repository.js';
import type { FlowRuntimeService } from '../../flow/runtime/runtime.service.js';
import type { StepResult } from '../../flow/engine/runtime.js';
import { ParamRepository } from '../../system/param/param.repository.js';
import { RefundRepository } from './refund.repository.js';

// A refund's second approval (issue 51): above the tenant's threshold, the refund review's 同意
// starts the seeded process 退款复核 (db/seed/refund-process.ts) instead of agreeing, and the refund
// stays pending until the process ends: approved, it is agreed; rejected, it is rejected (with the
// approver's comment). The process is the workflow's like any other, with no code of its own: this
// file is the refund's side of it, a business form of the runtime's (its records follow the steps).

export const REFUND_TABLE = 'zx_refund_review';

/** The call that starts it: the review's 同意 (named when it is started any other way). */
const AGREE_PATH = '/api/zxgxg-api/refund/review/agree';

export class RefundApprovals {
  constructor(
    /** The main database: the tenant's parameters. */
    private readonly store: Store,
    private readonly runtime: FlowRuntimeService,
  ) {
    runtime.register({
      table: REFUND_TABLE,
      processKey: REFUND_APPROVAL_KEY,
      startPath: AGREE_PATH,
      // Only the review's 同意 starts it: 发起事务 does not offer it.
      listed: false,
      follow: (tx, actor, instance, step) => this.followStep(tx, actor, instance, step),
    });
  }

  /** The tenant's threshold in fen (参数管理, REFUND_THRESHOLD_PARAM); null: none, no second approval. */
  async threshold(actor: Actor): Promise<number | null> {
    const param = await new ParamRepository(this.store).findByKey(actor, REFUND_THRESHOLD_PARAM);
    const text = param?.paramValue?.trim() ?? '';
    const value = text === '' ? NaN : Number(text);
    return Number.isFinite(value) ? value : null;
  }

  /** Whether the refund waits for its process (its reviewers can no longer decide it). */
  waiting(actor: Actor, refundId: string, tx?: Store): Promise<boolean> {
    return this.runtime.runningFor(actor, REFUND_TABLE, refundId, tx);
  }

  /**
   * 同意 on a refund above the threshold: its process starts (the refund stays pending). A tenant
   * without the process deployed is told so rather than the refund agreed without it.
   */
  async start(
    actor: Actor,
    refund: { id: string; orderNo: string; refundAmount: number },
    tx: Store,
  ): Promise<void> {
    const started = await this.runtime.startLatest(
      actor,
      REFUND_APPROVAL_KEY,
      {
        variables: { orderNo: refund.orderNo, refundAmount: refund.refundAmount },
        businessTable: REFUND_TABLE,
        businessId: refund.id,
      },
      tx,
    );
    if (started === null) throw badRequest('refund.approval.noProcess');
  }

  // The process ended: its last decision agrees or rejects the refund, as its approver.
  private async followStep(tx: Store, actor: Actor, instance: InstanceRecord, step: StepResult | null) {
    if (!instance.businessId || !step?.ended || step.cancelled) return;
    const approved = step.variables.pass === true;
    const comment = typeof step.variables.comment === 'string' ? step.variables.comment.trim() : '';
    await new RefundRepository(tx).decide(
      actor,
      instance.businessId,
      approved ? REFUND_REVIEW_STATUS.AGREED : REFUND_REVIEW_STATUS.REJECTED,
      approved ? null : comment || null,
    );
  }
}
