import { Type } from 'typebox';
import type { JobHandler } from '../../core/jobs/job-handlers.js';
import type { LogService } from './log.service.js';

/** 日志清理: deletes log rows older than LOG_RETENTION_DAYS (the platform's job; issue 49). */
export function logRetentionJob(logs: LogService): JobHandler<Record<string, never>> {
  return {
    name: 'log-retention',
    scope: 'platform',
    title: '清理超过保留天数的日志',
    params: Type.Object({}, { additionalProperties: false }),
    async run() {
      const purged = await logs.purge();
      return Object.entries(purged)
        .map(([kind, count]) => `${kind} ${count}`)
        .join(', ');
    },
  };
}
