import { Type } from 'typebox';
import type { JobHandler } from '../../../core/jobs/job-handlers.js';
import type { Store } from '../../../core/repository/store.js';
import { MessageRetention } from './message-retention.js';

/** 消息清理: deletes each tenant's messages past its retention (the platform's job; issue 49). */
export function messageRetentionJob(store: Store): JobHandler<Record<string, never>> {
  return {
    name: 'message-retention',
    scope: 'platform',
    title: '清理超过各租户保留天数的消息',
    params: Type.Object({}, { additionalProperties: false }),
    async run() {
      const purged = await new MessageRetention(store).purge();
      const total = [...purged.values()].reduce((sum, count) => sum + count, 0);
      return `messages ${total} (${purged.size} tenants)`;
    },
  };
}
