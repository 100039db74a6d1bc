import type { Report } from '@console/contract';
import { ReportSchema } from '@console/contract/schema';
import {
  sql,
  type AliasableExpression,
  type AliasedExpression,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
} from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import { containsPattern, type AnySelect } from '../../core/repository/apply-list-query.js';
import { platformStore, type Actor, type Store } from '../../core/repository/store.js';
import { unscoped } from '../../core/repository/unscoped.js';
import { exportRowPages, mapPages, type RowPages } from '../../core/repository/row-pages.js';
import { isId } from '../../core/ids.js';
import { TableRepository } from '../../core/repository/table-repository.js';
import { defineTable, fromDb, toDb, type ColumnKind, type TableDef } from '../../core/repository/table.js';
import { isPlatformAdminActor } from '../../core/auth/principal.js';
import type { Language } from '../../core/i18n.js';
import { HospitalRepository } from '../business/hospital/hospital.repository.js';
import { dictLabels } from '../../core/workbook/dict-labels.repository.js';
import { LogRepository, logTables } from '../log/log.repository.js';
import { shownMessage } from '../log/usual-message.js';
import { isLogDataSet, type ReportField, type ReportFieldType } from './data-sets.js';
import type { PlanFilter, PlanGroup, ReportPlan } from './report-plan.js';

/** Report definitions (blade_report): a tenant's reports, each a definition over a data set. */
export const reportTable = defineTable(
  ReportSchema,
  'blade_report',
  { tenantScoped: true },
  {
    kinds: { definition: 'text' },
    filter: ['name', 'dataSet', 'author'],
    sort: ['name', 'dataSet', 'author'],
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

export type Cell = string | number | null;

/** An export's page of rows carries each row's id under this name, to put them in order. */
const ROW_ID = '__row_id';

export interface GroupRow {
  level: number;
  keys: Record<string, Cell>;
  labels: Record<string, Cell>;
  values: Array<number | null>;
}

export interface ReportSummary {
  /** Rows matching the filters. */
  total: number;
  grand: Array<number | null>;
  /** Per value of all the report's groups (level = their number). */
  groups: GroupRow[];
  /** With two groups: per value of the first (level 1). */
  subtotals: GroupRow[];
  /** Per value of the chart's group, when there is a chart. */
  chart: GroupRow[] | null;
}

/** A group's aggregate parts before rounding: an average is its sum and its count. */
interface Parts {
  keys: Cell[];
  n: number;
  values: Array<number | null>;
  counts: number[];
}

const partOf = (value: unknown): number | null => {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** Two parts of one aggregate added up (null: no value there). */
function combine(
  fn: ReportPlan['aggregates'][number]['fn'],
  a: number | null,
  b: number | null,
): number | null {
  if (a === null) return b;
  if (b === null) return a;
  if (fn === 'min') return Math.min(a, b);
  if (fn === 'max') return Math.max(a, b);
  return a + b;
}

/** The parts of the finest groups added up by their keys at these indexes. */
function rolledUp(parts: readonly Parts[], indexes: readonly number[], plan: ReportPlan): Parts[] {
  const byKey = new Map<string, Parts>();
  for (const p of parts) {
    const keys = indexes.map((i) => p.keys[i] ?? null);
    const id = JSON.stringify(keys);
    const into = byKey.get(id);
    if (!into) {
      byKey.set(id, { keys, n: p.n, values: [...p.values], counts: [...p.counts] });
      continue;
    }
    into.n += p.n;
    into.values = into.values.map((v, i) => combine(plan.aggregates[i]!.fn, v, p.values[i]!));
    into.counts = into.counts.map((c, i) => c + p.counts[i]!);
  }
  if (indexes.length === 0 && byKey.size === 0)
    return [
      { keys: [], n: 0, values: plan.aggregates.map((a) => (a.fn === 'count' ? 0 : null)), counts: [] },
    ];
  return [...byKey.values()];
}

/** The value shown: an average divided out, every figure to two decimals. */
function finish(
  fn: ReportPlan['aggregates'][number]['fn'],
  value: number | null,
  count: number,
): number | null {
  if (value === null) return null;
  const shown = fn === 'avg' ? (count === 0 ? null : value / count) : value;
  return shown === null ? null : Math.round(shown * 100) / 100;
}

/** Group keys in order: empty first, numbers by value, text by code point (the same on every engine). */
function compareKeys(a: readonly Cell[], b: readonly Cell[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? null;
    const y = b[i] ?? null;
    if (x === y) continue;
    if (x === null) return -1;
    if (y === null) return 1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return 0;
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

  /** The filtered rows in the report's order (its groups first, then its sort, the id settling ties). */
  #ordered(filtered: AnySelect, plan: ReportPlan): AnySelect {
    let q = filtered;
    const ordered = new Set<string>();
    const orderBy = (column: string, dir: 'asc' | 'desc') => {
      if (ordered.has(column)) return;
      ordered.add(column);
      q = q.orderBy(column, dir);
    };
    for (const g of plan.groups) orderBy(g.field.column, 'asc');
    for (const s of plan.sort) orderBy(s.field.column, s.dir);
    orderBy('id', 'desc');
    return q;
  }

  /** The plan's columns of raw rows, as shown (ids by name, dictionary keys by label). */
  async #shown(actor: Actor, plan: ReportPlan, raw: Array<Record<string, unknown>>) {
    // The usual log's messages read as on its page: in the reader's language (usual-message.ts).
    const dataSet = plan.dataSet;
    const message = (c: ReportPlan['columns'][number]) =>
      isLogDataSet(dataSet) && dataSet.log === 'usual' && c.column === 'log_data';
    const rows = raw.map((r) =>
      Object.fromEntries(
        plan.columns.map((c) => {
          const cell = fromDb(COLUMN_KIND[c.type], r[c.key], this.store.timeZone) as Cell;
          return [c.key, message(c) && typeof cell === 'string' ? shownMessage(cell, this.language) : cell];
        }),
      ),
    );
    return this.#named(actor, plan.columns, rows);
  }

  /** A page of rows in the report's order. */
  async rows(
    actor: Actor,
    plan: ReportPlan,
    page: { offset: number; limit: number },
  ): Promise<Array<Record<string, Cell>>> {
    const raw = await this.#ordered(await this.#filtered(actor, plan), plan)
      .select(plan.columns.map((c) => sql.ref(c.column).as(c.key)))
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return this.#shown(actor, plan, raw);
  }

  /** Every row in the report's order, as an export reads them (core/repository/row-pages.ts). */
  async rowPages(actor: Actor, plan: ReportPlan, max: number): Promise<RowPages<Record<string, Cell>>> {
    const dataSet = plan.dataSet;
    const table = isLogDataSet(dataSet) ? logTables[dataSet.log].table : dataSet.table.table;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whichever data set's table
    const db = unscoped(this.store) as Kysely<any>;
    const columns = db
      .selectFrom(table)
      .select([...plan.columns.map((c) => sql.ref(c.column).as(c.key)), sql.ref('id').as(ROW_ID)]);
    const filtered = await this.#filtered(actor, plan);
    const rows = await exportRowPages(
      {
        db,
        filtered,
        ordered: this.#ordered(filtered, plan),
        key: 'id',
        rowsOf: (ids) => columns.where('id', 'in', ids).execute(),
        keyOf: (row) => row[ROW_ID],
      },
      max,
    );
    return { count: rows.count, pages: mapPages(rows.pages, (page) => this.#shown(actor, plan, page)) };
  }

  /**
   * The run's figures from one GROUP BY over all of the report's groups: the finest groups, the
   * total count, and the parts every aggregate rolls up from (a sum and a count for an average), so
   * that the grand total, the first group's subtotals and the chart are added up here instead of
   * scanning the rows once more for each (issue 19: one scan of 100,000 rows, not five).
   */
  async summarize(actor: Actor, plan: ReportPlan): Promise<ReportSummary> {
    const offset = offsetMinutes(this.store.timeZone);
    const groups = plan.groups;
    const expressions = groups.map((g) => groupExpression(this.store.kind, g, offset));
    let q = (await this.#filtered(actor, plan)).select((eb) => [
      ...expressions.map((e, i) => eb.parens(e as Expression<unknown>).as(`g${i}`)),
      eb.fn.countAll().as('n'),
      ...plan.aggregates.flatMap((a, i): Array<AliasedExpression<unknown, string>> =>
        a.fn === 'avg'
          ? [eb.fn.sum(eb.ref(a.field.column)).as(`a${i}`), eb.fn.count(eb.ref(a.field.column)).as(`c${i}`)]
          : [aggregateExpression(eb, a).as(`a${i}`)],
      ),
    ]);
    for (const e of expressions) q = q.groupBy(e as Expression<unknown>);
    const raw = (await q.execute()) as Array<Record<string, unknown>>;
    const parts: Parts[] = raw
      .filter((r) => groups.length > 0 || Number(r.n) > 0)
      .map((r) => ({
        keys: groups.map((g, i) =>
          g.month
            ? ((r[`g${i}`] ?? null) as Cell)
            : (fromDb(COLUMN_KIND[g.field.type], r[`g${i}`], this.store.timeZone) as Cell),
        ),
        n: Number(r.n),
        values: plan.aggregates.map((_, i) => partOf(r[`a${i}`])),
        counts: plan.aggregates.map((a, i) => (a.fn === 'avg' ? Number(r[`c${i}`] ?? 0) : 0)),
      }));
    const total = parts.reduce((sum, p) => sum + p.n, 0);
    /** The groups by the report's groups at these indexes (none: the grand total). */
    const rollUp = async (indexes: number[]): Promise<GroupRow[]> => {
      const rows = rolledUp(parts, indexes, plan).sort((a, b) => compareKeys(a.keys, b.keys));
      const chosen = indexes.map((i) => groups[i]!);
      const keysOf = (r: Parts) => Object.fromEntries(chosen.map((g, i) => [g.key, r.keys[i] ?? null]));
      const labels = await this.#named(
        actor,
        chosen.filter((g) => !g.month).map((g) => ({ ...g.field, key: g.key })),
        rows.map(keysOf),
      );
      return rows.map((r, index) => ({
        level: indexes.length,
        keys: keysOf(r),
        labels: labels[index]!,
        values: r.values.map((v, i) => finish(plan.aggregates[i]!.fn, v, r.counts[i]!)),
      }));
    };
    const all = groups.map((_, i) => i);
    const grand = plan.aggregates.length ? (await rollUp([]))[0] : undefined;
    const chartIndex = plan.chart ? groups.indexOf(plan.chart.group) : -1;
    return {
      total,
      grand: grand?.values ?? plan.aggregates.map(() => null),
      groups: groups.length ? await rollUp(all) : [],
      subtotals: groups.length === 2 ? await rollUp([0]) : [],
      chart: chartIndex >= 0 ? await rollUp([chartIndex]) : null,
    };
  }

  /**
   * Values shown as people read them: ids by the name of the hospital, the user or the machine
   * they name (the tenant's, as the pages name them), dictionary keys by their label in the
   * caller's language.
   */
  async #named(
    actor: Actor,
    fields: readonly ReportField[],
    rows: Array<Record<string, Cell>>,
  ): Promise<Array<Record<string, Cell>>> {
    const named = fields.filter((f) => f.names !== undefined);
    const labelled = fields.filter((f) => f.dict !== undefined);
    if (rows.length === 0 || named.length + labelled.length === 0) return rows;
    const idsOf = (kind: NonNullable<ReportField['names']>) =>
      rows
        .flatMap((r) => named.filter((f) => f.names === kind).map((f) => r[f.key]))
        .filter((v): v is string => typeof v === 'string');
    const names = new Map(
      await Promise.all(
        [...new Set(named.map((f) => f.names!))].map(
          async (kind) => [kind, await this.#namesOf(actor, kind, idsOf(kind))] as const,
        ),
      ),
    );
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
        if (typeof value === 'string') out[f.key] = names.get(f.names!)?.get(value) ?? value;
      }
      for (const f of labelled) {
        const value = r[f.key];
        if (value !== null && value !== undefined)
          out[f.key] = dicts.get(f.dict!)?.get(String(value)) ?? value;
      }
      return out;
    });
  }

  /** The names of the tenant's records among ids: hospital names, user accounts, machine numbers. */
  async #namesOf(
    actor: Actor,
    kind: NonNullable<ReportField['names']>,
    ids: readonly string[],
  ): Promise<Map<string, string>> {
    if (kind === 'hospital') return new HospitalRepository(this.store).namesOf(actor, ids);
    const wanted = [...new Set(ids)].filter(isId).map((id) => BigInt(id));
    if (wanted.length === 0) return new Map();
    // Users are the platform's (the main database); machines where the tenant's records are.
    const rows =
      kind === 'user'
        ? await unscoped(platformStore(this.store))
            .selectFrom('blade_user')
            .select(['id', 'account as name'])
            .where('tenant_id', '=', actor.tenantId)
            .where('id', 'in', wanted)
            .execute()
        : await unscoped(this.store)
            .selectFrom('zx_machine')
            .select(['id', 'machine_no as name'])
            .where('tenant_id', '=', actor.tenantId)
            .where('id', 'in', wanted)
            .execute();
    return new Map(rows.map((r) => [String(r.id), r.name]));
  }
}
