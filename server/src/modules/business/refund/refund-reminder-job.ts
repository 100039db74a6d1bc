import { Type, type Static } from 'typebox';
import type { JobHandler } from '../../../core/jobs/job-handlers.js';
import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import type { RefundMessages } from './refund-messages.js';
import { RefundRepository } from './refund.repository.js';

/** At most this many waiting refunds are reminded of in one run (the oldest first). */
const PER_RUN = 200;

const Params = Type.Object(
  { hours: Type.Integer({ minimum: 1, maximum: 720, description: '等待超过多少小时' }) },
  { additionalProperties: false },
);

/**
 * 退款审核提醒 (issue 49): the tenant's refunds waiting for review longer than `hours` remind the users
 * who may review each of them (the same reviewers a request tells), by a message. Each run reminds
 * again of what still waits: the job's schedule says how often (daily at nine, say).
 */
export function refundReminderJob(
  stores: TenantStores,
  messages: Pick<RefundMessages, 'waiting'>,
): JobHandler<Static<typeof Params>> {
  return {
    name: 'refund-reminder',
    scope: 'tenant',
    title: '提醒审核等待过久的退款',
    stoppable: true,
    params: Params,
    async run({ actor, params, signal }) {
      const store = await stores.storeFor(actor);
      const before = new Date(Date.now() - params.hours * 3_600_000);
      const waiting = await new RefundRepository(store).waitingSince(actor, before, PER_RUN);
      let told = 0;
      for (const refund of waiting) {
        if (signal.aborted) break;
        told += await messages.waiting(actor, store, refund, params.hours);
      }
      return `refunds ${waiting.length}, messages ${told}`;
    },
  };
}
