import type { Alert, AlertRule, AlertRuleInput, Page } from '@console/contract';
import { get, type QueryParams } from '../request';
import { crudResource } from '../resource';

/** 告警中心 (issue 50): the tenant's alert rules, a standard resource. */
export const { list, detail, submit, remove } = crudResource<AlertRule, AlertRuleInput>(
  '/api/zxgxg-api/alert-rule',
);

/** The filters of the incidents' list: `state` open or closed, `kind`, `ruleId`. */
export type AlertFilters = QueryParams & { state?: 'open' | 'closed' | ''; kind?: string; ruleId?: string };

/** A page of the tenant's incidents (open and closed), the newest first. */
export function alerts(current: number, size: number, filters: AlertFilters = {}): Promise<Page<Alert>> {
  return get<Page<Alert>>('/api/zxgxg-api/alert/list', { ...filters, current, size });
}
