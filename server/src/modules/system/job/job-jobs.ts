import { Type } from 'typebox';
import type { JobHandler } from '../../../core/jobs/job-handlers.js';
import type { Store } from '../../../core/repository/store.js';
import { JobRunRepository } from './job-run.repository.js';

const DAY_MS = 86_400_000;

/**
 * 运行日志清理: deletes job runs older than LOG_RETENTION_DAYS (`days`; 0 keeps them), as the other
 * logs are (the platform's job; issue 49).
 */
export function jobRunRetentionJob(store: Store, days: number): JobHandler<Record<string, never>> {
  return {
    name: 'job-run-retention',
    scope: 'platform',
    title: '清理超过保留天数的任务运行日志',
    params: Type.Object({}, { additionalProperties: false }),
    async run() {
      if (days <= 0) return 'kept (LOG_RETENTION_DAYS=0)';
      const purged = await new JobRunRepository(store).purge(new Date(Date.now() - days * DAY_MS));
      return `runs ${purged}`;
    },
  };
}
