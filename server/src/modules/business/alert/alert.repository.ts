import type { Alert, AlertRule, Page } from '@console/contract';
import { AlertRuleSchema } from '@console/contract/schema';
import type { Kysely } from 'kysely';
import { pageOf } from '../../../core/repository/page.js';
import type { ListQuery } from '../../../core/list-query.js';
import type { Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable, rowToEntity, type FieldSpec } from '../../../core/repository/table.js';
import { unscoped } from '../../../core/repository/unscoped.js';
import { isUniqueViolation } from '../../../db/errors.js';
import type { Database } from '../../../db/schema.js';

// zx_alert_rule and zx_alert (migration 0029): a tenant's alert rules and their incidents. An
// incident is opened once per rule and subject (the unique (rule_id, open_key): open_key is the
// subject's key while open, null once closed), whichever process sweeps.

export const alertRuleTable = defineTable(
  AlertRuleSchema,
  'zx_alert_rule',
  { tenantScoped: true },
  {
    kinds: { roleIds: 'string', hospitalIds: 'string' },
    filter: ['ruleName', 'kind'],
    sort: ['ruleName', 'kind'],
  },
);

export class AlertRuleRepository extends TableRepository<AlertRule, 'zx_alert_rule'> {
  constructor(store: Store) {
    super(store, alertRuleTable);
  }

  /** The tenant's rules that are on. */
  async enabled(tenantId: string): Promise<AlertRule[]> {
    const rows = await unscoped(this.store)
      .selectFrom('zx_alert_rule')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where('status', '=', 1)
      .execute();
    return rows.map((row) => this.toEntity(row));
  }
}

const ALERT_FIELDS: Record<string, FieldSpec> = {
  id: ['id', { filter: true, sort: true, readOnly: true }],
  ruleId: ['id', { filter: true }],
  kind: ['string', { filter: true }],
  subject: ['string', { filter: true }],
  hospitalId: ['id', { filter: true }],
  openedTime: ['datetime', { filter: true, sort: true }],
  closedTime: ['datetime', { filter: true, sort: true }],
};

type StoredAlert = Omit<Alert, 'ruleName' | 'state'>;

export const alertTable = defineTable<StoredAlert, 'zx_alert'>(
  'zx_alert',
  { tenantScoped: true, audit: false },
  ALERT_FIELDS,
);

/** A subject a rule sees now. */
export interface Firing {
  key: string;
  subject: string;
  hospitalId: string | null;
}

export class AlertRepository {
  readonly #db: Kysely<Database>;

  constructor(private readonly store: Store) {
    this.#db = unscoped(store);
  }

  #toAlert(row: Record<string, unknown>): Omit<Alert, 'ruleName'> {
    const stored = rowToEntity<StoredAlert>(alertTable, row, this.store.timeZone);
    return { ...stored, state: stored.closedTime ? 'closed' : 'open' };
  }

  /** The rule's open incidents: their ids by subject key. */
  async open(tenantId: string, ruleId: string): Promise<Map<string, { id: string; subject: string }>> {
    const rows = await this.#db
      .selectFrom('zx_alert')
      .select(['id', 'subject_key', 'subject'])
      .where('tenant_id', '=', tenantId)
      .where('rule_id', '=', BigInt(ruleId))
      .where('open_key', 'is not', null)
      .execute();
    return new Map(rows.map((row) => [row.subject_key, { id: String(row.id), subject: row.subject }]));
  }

  /** Opens the incident; false when another process opened it first. */
  async openIncident(
    tenantId: string,
    ruleId: string,
    kind: string,
    firing: Firing,
    now: Date,
  ): Promise<boolean> {
    try {
      await this.#db
        .insertInto('zx_alert')
        .values({
          id: BigInt(this.store.ids.next()),
          tenant_id: tenantId,
          rule_id: BigInt(ruleId),
          kind,
          subject_key: firing.key,
          open_key: firing.key,
          subject: firing.subject.slice(0, 255),
          hospital_id: firing.hospitalId === null ? null : BigInt(firing.hospitalId),
          opened_time: now,
          closed_time: null,
        })
        .execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Closes the open incident; false when another process closed it first. */
  async close(tenantId: string, id: string, now: Date): Promise<boolean> {
    const result = await this.#db
      .updateTable('zx_alert')
      .set({ open_key: null, closed_time: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', BigInt(id))
      .where('open_key', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A page of the tenant's incidents (open first, then the newest), `state` open or closed. */
  page(
    tenantId: string,
    query: ListQuery,
    state: 'open' | 'closed' | undefined,
  ): Promise<Page<Omit<Alert, 'ruleName'>>> {
    let q = this.#db.selectFrom('zx_alert').where('tenant_id', '=', tenantId);
    if (state === 'open') q = q.where('open_key', 'is not', null);
    if (state === 'closed') q = q.where('open_key', 'is', null);
    return pageOf(q, query, (row) => this.#toAlert(row));
  }
}
