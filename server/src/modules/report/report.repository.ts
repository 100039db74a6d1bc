import type { Report } from '@console/contract';
import { sql, type AliasableExpression, type Expression, type ExpressionBuilder } from 'kysely';
import type { DatabaseKind } from '../../core/config.js';
import { containsPattern, type AnySelect } from '../../core/repository/apply-list-query.js';
import type { Actor, Store } from '../../core/repository/store.js';
import { TableRepository } from '../../core/repository/table-repository.js';
import { defineTable, fromDb, toDb, type ColumnKind, type TableDef } from '../../core/repository/table.js';
import { isPlatformAdminActor } from '../../core/auth/principal.js';
import type { Language } from '../../core/i18n.js';
import { HospitalRepository } from '../business/hospital/hospital.repository.js';
import { dictLabels } from '../business/sheets/dict-labels.repository.js';
import { LogRepository } from '../log/log.repository.js';
import { isLogDataSet, type ReportField, type ReportFieldType } from './data-sets.js';
import type { PlanFilter, PlanGroup, ReportPlan } from './report-plan.js';

/** Report definitions (blade_report): a tenant's reports, each a definition over a data set. */
export const reportTable = defineTable<Report, 'blade_report'>(
  'blade_report',
  { tenantScoped: true },
  {
    name: ['string', { filter: true, sort: true }],
    dataSet: ['string', { filter: true, sort: true }],
    definition: ['text'],
    author: ['string', { filter: true, sort: true }],
  },
);

export class ReportRepository extends TableRepository<Report, 'blade_report'> {
  constructor(store: Store) {
    super(store, reportTable);
  }

  /** The definition is stored as JSON text and answered as the object it is. */
  protected override toEntity(row: Record<string, unknown>): Report {
    const report = super.toEntity(row) as Report & { definition: unknown };
    const text = report.definition;
    return { ...report, definition: typeof text === 'string' ? JSON.parse(text) : text } as Report;
  }

  protected override toColumns(values: Partial<Report>): Record<string, unknown> {
    const { definition, ...rest } = values;
    return {
      ...super.toColumns(rest),
      ...(definition !== undefined ? { definition: JSON.stringify(definition) } : {}),
    };
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- predicates over whichever data set's table
type AnyBuilder = ExpressionBuilder<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any business table definition
type AnyTableDef = TableDef<any, any>;

/**
 * A data set's table read as its business repository reads it: the base's visible rows (tenant,
 * soft delete, the table's row scope: an operator's grants). Nothing else is exposed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any business table
class DataSetSource extends TableRepository<any, any> {
  constructor(store: Store, table: AnyTableDef) {
    super(store, table);
  }

  async visible(actor: Actor): Promise<AnySelect> {
    return (await this.visibleSelect(actor)) as unknown as AnySelect;
  }
}

const COLUMN_KIND: Record<ReportFieldType, ColumnKind> = {
  string: 'string',
  int: 'int',
  money: 'int',
  datetime: 'datetime',
  id: 'id',
};

/** Minutes the time zone is ahead of UTC now (months are cut in the store's zone; no DST in ours). */
export function offsetMinutes(timeZone: string, at = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'));
  return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** 'YYYY-MM' of a datetime column in the store's zone, written per engine. */
function monthOf(kind: DatabaseKind, column: string, offset: number): Expression<string> {
  const ref = sql.ref(column);
  const minutes = sql.lit(Math.trunc(offset));
  switch (kind) {
    case 'postgres':
      return sql<string>`to_char((${ref} at time zone 'UTC') + make_interval(mins => ${minutes}), 'YYYY-MM')`;
    case 'mysql':
      return sql<string>`date_format(date_add(${ref}, interval ${minutes} minute), '%Y-%m')`;
    default:
      return sql<string>`strftime('%Y-%m', ${ref}, ${sql.lit(`${offset >= 0 ? '+' : ''}${Math.trunc(offset)} minutes`)})`;
  }
}

function groupExpression(kind: DatabaseKind, g: PlanGroup, offset: number): Expression<unknown> {
  return g.month ? monthOf(kind, g.field.column, offset) : sql.ref(g.field.column);
}

function aggregateExpression(
  eb: AnyBuilder,
  a: ReportPlan['aggregates'][number],
): AliasableExpression<unknown> {
  const ref = eb.ref(a.field.column);
  switch (a.fn) {
    case 'count':
      return a.field.key === 'id' ? eb.fn.countAll() : eb.fn.count(ref);
    case 'sum':
      return eb.fn.sum(ref);
    case 'avg':
      return eb.fn.avg(ref);
    case 'min':
      return eb.fn.min(ref);
    default:
      return eb.fn.max(ref);
  }
}

function filterExpression(eb: AnyBuilder, filter: PlanFilter) {
  const ref = eb.ref(filter.field.column);
  const kind = COLUMN_KIND[filter.field.type];
  switch (filter.op) {
    case 'like':
      return sql<boolean>`lower(${ref}) like lower(${containsPattern(String(filter.value))}) escape '!'`;
    case 'gte':
      return eb(ref, '>=', toDb(kind, filter.value));
    case 'lte':
      return eb(ref, '<=', toDb(kind, filter.value));
    default:
      return eb(ref, '=', toDb(kind, filter.value));
  }
}

const number = (value: unknown): number | null => {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : null;
};

export type Cell = string | number | null;

export interface GroupRow {
  level: number;
  keys: Record<string, Cell>;
  labels: Record<string, Cell>;
  values: Array<number | null>;
}

/**
 * Runs report plans over one tenant's database (the store its business records are in): rows paged
 * in the database, subtotals, the grand total and chart series aggregated there with GROUP BY.
 * Columns are those of data-sets.ts; every value from the request is a bound parameter.
 */
export class ReportDataRepository {
  constructor(
    private readonly store: Store,
    private readonly language: Language,
  ) {}

  async #filtered(actor: Actor, plan: ReportPlan): Promise<AnySelect> {
    const dataSet = plan.dataSet;
    // A log as the log pages read it: the platform administrator every tenant's rows, others their own.
    const visible = isLogDataSet(dataSet)
      ? new LogRepository(this.store).visibleSelect(
          dataSet.log,
          isPlatformAdminActor(actor) ? null : actor.tenantId,
        )
      : await new DataSetSource(this.store, dataSet.table).visible(actor);
    return plan.filters.reduce<AnySelect>((q, f) => q.where((eb) => filterExpression(eb, f)), visible);
  }

  async count(actor: Actor, plan: ReportPlan): Promise<number> {
    const row = await (
      await this.#filtered(actor, plan)
    )
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirst();
    return Number((row as { total?: unknown } | undefined)?.total ?? 0);
  }

  /** Rows in the report's order (its groups first, then its sort, the id settling ties). */
  async rows(
    actor: Actor,
    plan: ReportPlan,
    page: { offset: number; limit: number },
  ): Promise<Array<Record<string, Cell>>> {
    let q = await this.#filtered(actor, plan);
    const ordered = new Set<string>();
    const orderBy = (column: string, dir: 'asc' | 'desc') => {
      if (ordered.has(column)) return;
      ordered.add(column);
      q = q.orderBy(column, dir);
    };
    for (const g of plan.groups) orderBy(g.field.column, 'asc');
    for (const s of plan.sort) orderBy(s.field.column, s.dir);
    orderBy('id', 'desc');
    const raw = await q
      .select(plan.columns.map((c) => sql.ref(c.column).as(c.key)))
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const rows = raw.map((r: Record<string, unknown>) =>
      Object.fromEntries(
        plan.columns.map((c) => [c.key, fromDb(COLUMN_KIND[c.type], r[c.key], this.store.timeZone) as Cell]),
      ),
    );
    return this.#named(actor, plan.columns, rows);
  }

  /** Aggregates per value of the groups given (none: the grand total, one row). */
  async aggregate(actor: Actor, plan: ReportPlan, groups: PlanGroup[]): Promise<GroupRow[]> {
    if (plan.aggregates.length === 0) return [];
    const offset = offsetMinutes(this.store.timeZone);
    const expressions = groups.map((g) => groupExpression(this.store.kind, g, offset));
    let q = (await this.#filtered(actor, plan)).select((eb) => [
      ...expressions.map((e, i) => eb.parens(e as Expression<unknown>).as(`g${i}`)),
      ...plan.aggregates.map((a, i) => aggregateExpression(eb, a).as(`a${i}`)),
    ]);
    for (const e of expressions) q = q.groupBy(e as Expression<unknown>).orderBy(e as Expression<unknown>);
    const raw = (await q.execute()) as Array<Record<string, unknown>>;
    const rows = raw.map((r) => ({
      level: groups.length,
      keys: Object.fromEntries(
        groups.map((g, i) => [
          g.key,
          g.month
            ? (r[`g${i}`] as Cell)
            : (fromDb(COLUMN_KIND[g.field.type], r[`g${i}`], this.store.timeZone) as Cell),
        ]),
      ),
      labels: {} as Record<string, Cell>,
      values: plan.aggregates.map((_, i) => number(r[`a${i}`])),
    }));
    const named = await this.#named(
      actor,
      groups.filter((g) => !g.month).map((g) => ({ ...g.field, key: g.key })),
      rows.map((r) => ({ ...r.keys })),
    );
    return rows.map((r, i) => ({ ...r, labels: named[i]! }));
  }

  /**
   * Values shown as people read them: ids of hospitals by the hospital's name (the tenant's
   * hospitals, as the pages name them), dictionary keys by their label in the caller's language.
   */
  async #named(
    actor: Actor,
    fields: readonly ReportField[],
    rows: Array<Record<string, Cell>>,
  ): Promise<Array<Record<string, Cell>>> {
    const named = fields.filter((f) => f.names === 'hospital');
    const labelled = fields.filter((f) => f.dict !== undefined);
    if (rows.length === 0 || named.length + labelled.length === 0) return rows;
    const ids = rows
      .flatMap((r) => named.map((f) => r[f.key]))
      .filter((v): v is string => typeof v === 'string');
    const names = named.length ? await new HospitalRepository(this.store).namesOf(actor, ids) : new Map();
    const dicts = new Map(
      await Promise.all(
        [...new Set(labelled.map((f) => f.dict!))].map(
          async (code) => [code, (await dictLabels(this.store, code, this.language)).shown] as const,
        ),
      ),
    );
    return rows.map((r) => {
      const out = { ...r };
      for (const f of named) {
        const value = r[f.key];
        if (typeof value === 'string') out[f.key] = names.get(value) ?? value;
      }
      for (const f of labelled) {
        const value = r[f.key];
        if (value !== null && value !== undefined)
          out[f.key] = dicts.get(f.dict!)?.get(String(value)) ?? value;
      }
      return out;
    });
  }
}
