import { type Page, type RefundReview } from '@console/contract';
import { RefundReviewSchema } from '@console/contract/schema';
import { REFUND_REVIEW_STATUS } from '@console/contract/business';
import type { ListQuery } from '../../../core/list-query.js';
import { platformStore, type Actor, type Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';
import { unscoped } from '../../../core/repository/unscoped.js';
import { refundGrantScope } from '../grant-scope.repository.js';
import { HospitalRepository } from '../hospital/hospital.repository.js';

/** Refund reviews (zx_refund_review): customers' refund requests and their one decision. */
export const refundTable = defineTable(
  RefundReviewSchema,
  'zx_refund_review',
  { tenantScoped: true, rowScope: refundGrantScope },
  {
    kinds: { hospitalId: 'id', applyTime: 'datetime', reviewerId: 'id', reviewTime: 'datetime' },
    computed: { hospitalName: true, reviewerName: true },
    filter: [
      'orderNo',
      'machineNo',
      'slotNo',
      'hospitalId',
      'customerOpenId',
      'customerPhone',
      'orderAmount',
      'refundAmount',
      'reason',
      'applyTime',
      'reviewStatus',
      'reviewerId',
      'reviewTime',
      'reviewRemark',
    ],
    sort: [
      'orderNo',
      'machineNo',
      'slotNo',
      'orderAmount',
      'refundAmount',
      'applyTime',
      'reviewStatus',
      'reviewTime',
    ],
    // A decision is written by agree / reject only, never by a form.
    readOnly: ['reviewerId', 'reviewTime', 'reviewRemark'],
  },
);

/** 138****5678: what a list shows of a customer's phone. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return phone;
  if (phone.length >= 11) return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
  return phone.length > 4 ? `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}` : '*'.repeat(phone.length);
}

export class RefundRepository extends TableRepository<RefundReview, 'zx_refund_review'> {
  constructor(store: Store) {
    super(store, refundTable);
  }

  protected override toEntity(row: Record<string, unknown>): RefundReview {
    return { ...super.toEntity(row), hospitalName: null, reviewerName: null };
  }

  /** A page with the customers' phones masked, and the names of hospitals and reviewers. */
  override async page(actor: Actor, query: ListQuery): Promise<Page<RefundReview>> {
    const page = await super.page(actor, query);
    const records = await this.withNames(actor, page.records);
    return { ...page, records: records.map((r) => ({ ...r, customerPhone: maskPhone(r.customerPhone) })) };
  }

  override async findById(actor: Actor, id: string): Promise<RefundReview | undefined> {
    const refund = await super.findById(actor, id);
    return refund ? (await this.withNames(actor, [refund]))[0] : undefined;
  }

  async withNames(actor: Actor, refunds: RefundReview[]): Promise<RefundReview[]> {
    const hospitalName = await new HospitalRepository(this.store).namesOf(
      actor,
      refunds.map((r) => r.hospitalId),
    );
    const reviewerIds = [...new Set(refunds.map((r) => r.reviewerId).filter((v): v is string => Boolean(v)))];
    // Reviewers are users of the tenant (another module's rows, in the main database): only their
    // names are read.
    const reviewers = reviewerIds.length
      ? await unscoped(platformStore(this.store))
          .selectFrom('blade_user')
          .select(['id', 'real_name', 'account'])
          .where('tenant_id', '=', actor.tenantId)
          .where(
            'id',
            'in',
            reviewerIds.map((id) => BigInt(id)),
          )
          .execute()
      : [];
    const reviewerName = new Map(reviewers.map((u) => [String(u.id), u.real_name || u.account]));
    return refunds.map((r) => ({
      ...r,
      hospitalName: r.hospitalId ? (hospitalName.get(r.hospitalId) ?? null) : null,
      reviewerName: r.reviewerId ? (reviewerName.get(r.reviewerId) ?? null) : null,
    }));
  }

  /**
   * Locks the refund's row (PostgreSQL, MySQL) for the rest of the transaction: of two 同意 at once
   * above the threshold, the second waits here until the first's second approval has started.
   * SQLite serialises writers already.
   */
  async lock(actor: Actor, id: string): Promise<void> {
    if (this.store.kind === 'sqlite') return;
    await this.scopedSelect(actor).select('id').where('id', '=', BigInt(id)).forUpdate().execute();
  }

  /**
   * Decides a pending refund the caller sees: one conditional UPDATE (… where review_status = 0),
   * so of two reviewers deciding at once, on one process or two, exactly one changes the row.
   * Answers whether this call was the one.
   */
  async decide(actor: Actor, id: string, status: number, remark: string | null): Promise<boolean> {
    const result = await (
      await this.visibleUpdate(actor)
    )
      .set({
        review_status: status,
        reviewer_id: actor.userId ? BigInt(actor.userId) : null,
        review_time: new Date(),
        review_remark: remark,
      })
      .where('id', '=', BigInt(id))
      .where('review_status', '=', REFUND_REVIEW_STATUS.PENDING)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Which of the actors see the refund: each one's live rows of its tenant within its data scope
   * (the slot grants of refundGrantScope; administrators and the server see the whole tenant), as
   * every read of theirs would. One statement of one exists() per actor (callers pass a hundred or
   * so at a time); answers the user ids of those who see it, in the actors' order.
   */
  async seenBy(actors: readonly Actor[], id: string): Promise<string[]> {
    if (actors.length === 0) return [];
    const visible = await Promise.all(
      actors.map(async (actor) =>
        (await this.visibleSelect(actor)).select('id').where('id', '=', BigInt(id)),
      ),
    );
    const row: Record<string, unknown> = await unscoped(this.store)
      .selectNoFrom((eb) => visible.map((query, i) => eb.exists(query).as(`a${i}`)))
      .executeTakeFirstOrThrow();
    // true on PostgreSQL, 1 on MySQL and SQLite.
    return actors.filter((_, i) => Number(row[`a${i}`]) === 1).map((actor) => actor.userId!);
  }

  /** Pending refunds the caller sees that were asked for before `before`, the oldest first. */
  async waitingSince(actor: Actor, before: Date, limit: number): Promise<RefundReview[]> {
    const rows = await (
      await this.visibleSelect(actor)
    )
      .selectAll()
      .where('review_status', '=', REFUND_REVIEW_STATUS.PENDING)
      .where('apply_time', '<', before)
      .orderBy('apply_time')
      .limit(limit)
      .execute();
    return this.withNames(
      actor,
      rows.map((row) => this.toEntity(row)),
    );
  }

  /** Pending refunds the caller sees: how many, and their amount in cents. */
  async pendingTotals(actor: Actor): Promise<{ pending: number; amount: number }> {
    const row = await (
      await this.visibleSelect(actor)
    )
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('refund_amount').as('amount')])
      .where('review_status', '=', REFUND_REVIEW_STATUS.PENDING)
      .executeTakeFirst();
    return { pending: Number(row?.n ?? 0), amount: Number(row?.amount ?? 0) };
  }

  /** The decisions the caller sees since a moment: when, which, and how much (for a daily chart). */
  async decidedSince(
    actor: Actor,
    since: Date,
  ): Promise<Array<{ reviewTime: Date; status: number; amount: number }>> {
    const rows = await (
      await this.visibleSelect(actor)
    )
      .select(['review_time', 'review_status', 'refund_amount'])
      .where('review_status', '<>', REFUND_REVIEW_STATUS.PENDING)
      .where('review_time', '>=', since)
      .execute();
    return rows.map((r) => ({
      reviewTime: r.review_time instanceof Date ? r.review_time : new Date(String(r.review_time)),
      status: Number(r.review_status),
      amount: Number(r.refund_amount),
    }));
  }

  /** Sets when a refund was asked for and decided (demo data that looks lived-in: `npm run demo`). */
  async backdate(actor: Actor, id: string, applyTime: Date, reviewTime: Date | null): Promise<void> {
    await this.scopedUpdate(actor)
      .set({ apply_time: applyTime, ...(reviewTime ? { review_time: reviewTime } : {}) })
      .where('id', '=', BigInt(id))
      .execute();
  }
}
