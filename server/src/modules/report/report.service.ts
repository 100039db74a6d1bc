import type {
  Report,
  ReportDataSet,
  ReportDefinition,
  ReportInput,
  ReportResult,
  ReportRun,
} from '@console/contract';
import { isAdministratorActor } from '../../core/auth/principal.js';
import { EntityService, found } from '../../core/entity-service.js';
import { ApiError, badRequest } from '../../core/errors.js';
import type { Language } from '../../core/i18n.js';
import type { Actor, Store } from '../../core/repository/store.js';
import type { TenantStores } from '../../core/repository/tenant-databases.js';
import { DATA_SETS, dataSetOf, type ReportDataSetDef } from './data-sets.js';
import { aggregateLabel, fieldLabel, planOf, type ReportPlan } from './report-plan.js';
import { ReportDataRepository, ReportRepository, reportTable, type Cell } from './report.repository.js';

/** The most rows an export writes: beyond it the filters must narrow the result. */
export const REPORT_EXPORT_MAX_ROWS = 50_000;
const DEFAULT_PAGE_SIZE = 20;

export interface ReportSheet {
  title: string;
  columns: Array<{ key: string; label: string }>;
  /** Read a page at a time as the file is written. */
  rows: AsyncIterable<Array<Record<string, Cell>>>;
}

/**
 * Reports (issue 19): definitions are the main database's (blade_report, per tenant); a run reads
 * the business records of the caller's tenant where they are (`stores.storeFor`), through the data
 * set's table definition, so it sees exactly what the business pages show the caller.
 */
export class ReportService extends EntityService<Report, ReportInput, 'blade_report', ReportRepository> {
  constructor(
    store: Store,
    private readonly stores: TenantStores,
  ) {
    super(store, reportTable, (s) => new ReportRepository(s));
  }

  /** A definition is saved only when it is valid over a data set the caller may read. */
  async submit(actor: Actor, input: ReportInput): Promise<Report> {
    const dataSet = input.dataSet.trim();
    planFor(actor, dataSet, input.definition, undefined, this.store.timeZone);
    const account = (actor as { account?: string }).account ?? null;
    const id = input.id || undefined;
    return this.save(this.repository, actor, id, {
      name: input.name.trim(),
      dataSet,
      definition: input.definition,
      ...(id === undefined ? { author: account } : {}),
    });
  }

  /** The data sets the caller may read and their fields, for the designer. */
  dataSets(actor: Actor, language: Language): ReportDataSet[] {
    return DATA_SETS.filter((d) => readable(actor, d)).map((d) => ({
      code: d.code,
      label: language === 'en' ? d.label.en : d.label.zh,
      fields: d.fields.map((f) => ({
        key: f.key,
        label: fieldLabel(f, language),
        type: f.type,
        groupable: Boolean(f.groupable),
        aggregatable: Boolean(f.aggregatable),
        filterable: Boolean(f.filterable),
        ...(f.dict ? { dict: f.dict } : {}),
        ...(f.names ? { names: f.names } : {}),
      })),
    }));
  }

  async #plan(actor: Actor, run: Pick<ReportRun, 'id' | 'dataSet' | 'definition' | 'values'>) {
    let dataSet: string;
    let definition: ReportDefinition;
    let name = '';
    if (run.definition) {
      if (!run.dataSet) throw badRequest('report.dataSet.required');
      dataSet = run.dataSet;
      definition = run.definition;
    } else if (run.id) {
      const report = found(await this.repository.findById(actor, run.id));
      dataSet = report.dataSet;
      definition = report.definition;
      name = report.name;
    } else throw badRequest('report.definition.required');
    return { name, plan: planFor(actor, dataSet, definition, run.values, this.store.timeZone) };
  }

  /** The store a plan's rows are in: the tenant's (routed per call) or the main database. */
  async #data(actor: Actor, plan: ReportPlan, language: Language): Promise<ReportDataRepository> {
    return new ReportDataRepository(
      plan.dataSet.database === 'main' ? this.store : await this.stores.storeFor(actor),
      language,
    );
  }

  /** A run: the page of rows, the total, subtotals per group, the grand total and the chart. */
  async run(actor: Actor, run: ReportRun, language: Language): Promise<ReportResult> {
    const { plan } = await this.#plan(actor, run);
    const data = await this.#data(actor, plan, language);
    const current = run.current ?? 1;
    const size = run.size ?? DEFAULT_PAGE_SIZE;
    const summary = await data.summarize(actor, plan);
    const rows =
      summary.total > (current - 1) * size
        ? await data.rows(actor, plan, { offset: (current - 1) * size, limit: size })
        : [];
    const chart: ReportResult['chart'] =
      plan.chart && summary.chart
        ? {
            type: plan.chart.type,
            series: summary.chart.map((s) => ({
              name: String(s.labels[plan.chart!.group.key] ?? s.keys[plan.chart!.group.key] ?? '-'),
              value: s.values[plan.chart!.aggregate] ?? null,
            })),
          }
        : null;
    return {
      columns: columnsOf(plan, language),
      rows,
      total: summary.total,
      current,
      size,
      groups: [...summary.groups, ...summary.subtotals],
      aggregates: plan.aggregates.map((a) => ({
        field: a.field.key,
        fn: a.fn,
        label: aggregateLabel(a, language),
      })),
      grandTotal: summary.grand,
      chart,
    };
  }

  /** Every row of a stored report under the viewer's filter values (absent: the defaults). */
  async exportTable(
    actor: Actor,
    id: string,
    values: ReportRun['values'],
    language: Language,
  ): Promise<ReportSheet> {
    const { name, plan } = await this.#plan(actor, { id, values });
    const data = await this.#data(actor, plan, language);
    const rows = await data.rowPages(actor, plan, REPORT_EXPORT_MAX_ROWS);
    if (rows.count > REPORT_EXPORT_MAX_ROWS)
      throw badRequest('report.tooManyToExport', { max: REPORT_EXPORT_MAX_ROWS });
    return { title: name, columns: columnsOf(plan, language), rows: inYuan(plan, rows.pages) };
  }
}

/**
 * The pages of an export with its money columns (stored in cents) in yuan, as every page shows
 * amounts: 1050 → 10.5.
 */
async function* inYuan(
  plan: ReportPlan,
  pages: AsyncIterable<Array<Record<string, Cell>>>,
): AsyncIterable<Array<Record<string, Cell>>> {
  const money = plan.columns.filter((c) => c.type === 'money').map((c) => c.key);
  for await (const page of pages) {
    if (money.length === 0) {
      yield page;
      continue;
    }
    yield page.map((row) => {
      const converted = { ...row };
      for (const key of money) {
        const cents = row[key];
        if (typeof cents === 'number') converted[key] = cents / 100;
      }
      return converted;
    });
  }
}

/** The logs and slot grants are the administrators' (as their pages); the rest every report user's. */
function readable(actor: Actor, dataSet: ReportDataSetDef): boolean {
  return !dataSet.administratorsOnly || isAdministratorActor(actor);
}

/** The plan of a definition over a data set the caller may read (403 before any field is checked). */
function planFor(
  actor: Actor,
  dataSetCode: string,
  definition: ReportDefinition,
  values: ReportRun['values'],
  timeZone: string,
): ReportPlan {
  const dataSet = dataSetOf(dataSetCode);
  if (dataSet && !readable(actor, dataSet)) throw new ApiError(403, 'report.dataSet.forbidden');
  return planOf(dataSetCode, definition, values, timeZone);
}

function columnsOf(plan: ReportPlan, language: Language) {
  return plan.columns.map((c) => ({ key: c.key, label: fieldLabel(c, language), type: c.type }));
}
