import { Type } from 'typebox';
import type { JobHandler } from '../../../core/jobs/job-handlers.js';
import type { Store } from '../../../core/repository/store.js';
import { TenantRepository } from '../../system/tenant/tenant.repository.js';
import type { AlertSweep } from './alert.service.js';

/** 告警巡检 (issue 50): every enabled tenant's alert rules, looked at once a minute (the platform's job). */
export function alertSweepJob(main: Store, alerts: AlertSweep): JobHandler<Record<string, never>> {
  return {
    name: 'alert-sweep',
    scope: 'platform',
    title: '按告警规则巡检所有租户',
    stoppable: true,
    params: Type.Object({}, { additionalProperties: false }),
    async run({ signal }) {
      return alerts.sweep(await new TenantRepository(main).activeTenantIds(), signal);
    },
  };
}
