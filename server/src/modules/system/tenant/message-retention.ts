import type { Store } from '../../../core/repository/store.js';
import { MessageRepository } from '../../desk/message/message.repository.js';
import { TenantRepository } from './tenant.repository.js';

const DAY_MS = 86_400_000;
/** Messages deleted per statement: a large purge is many short statements, never one long lock. */
export const MESSAGE_PURGE_BATCH = 1000;

/**
 * The tenants' message retention (issue 47; decision 0037, "Retention"): each tenant's messages
 * created more than its `messageRetentionDays` ago are deleted for good, read or not, removed by
 * their recipient or not. Run hourly by the platform's 消息清理 job (message-retention-job.ts), as
 * the logs' retention is; the messages are in the main database, whatever a tenant's data source.
 */
export class MessageRetention {
  constructor(
    private readonly store: Store,
    /** Messages per statement (tests make it small to see several batches). */
    private readonly batch = MESSAGE_PURGE_BATCH,
  ) {}

  /** Purges every tenant's old messages; answers how many were deleted per tenant (those with any). */
  async purge(now = new Date()): Promise<Map<string, number>> {
    const messages = new MessageRepository(this.store);
    const deleted = new Map<string, number>();
    for (const { tenantId, days } of await new TenantRepository(this.store).messageRetentions()) {
      const before = new Date(now.getTime() - days * DAY_MS);
      let total = 0;
      for (;;) {
        const done = await messages.purgeBefore(tenantId, before, this.batch);
        total += done;
        if (done < this.batch) break;
      }
      if (total > 0) deleted.set(tenantId, total);
    }
    return deleted;
  }
}
