import { Type } from 'typebox';
import type { JobHandler } from '../../../core/jobs/job-handlers.js';
import type { Store } from '../../../core/repository/store.js';
import { OnlineSessionRepository } from './online-session.repository.js';

/** 会话清理: removes the rows of expired sessions from the online list (the platform's job; issue 49). */
export function expiredSessionsJob(store: Store): JobHandler<Record<string, never>> {
  return {
    name: 'session-purge',
    scope: 'platform',
    title: '清理已过期的在线会话记录',
    params: Type.Object({}, { additionalProperties: false }),
    async run() {
      return `sessions ${await new OnlineSessionRepository(store).purgeExpired(new Date())}`;
    },
  };
}
