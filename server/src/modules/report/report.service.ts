import type {
  Report,
  ReportDataSet,
  ReportDefinition,
  ReportInput,
  ReportResult,
  ReportRun,
} from '@console/contract';
import { EntityService, found } from '../../core/entity-service.js';
import { badRequest } from '../../core/errors.js';
import type { Language } from '../../core/i18n.js';
import type { Actor, Store } from '../../core/repository/store.js';
import type { TenantStores } from '../../core/repository/tenant-databases.js';
import { DATA_SETS } from './data-sets.js';
import { aggregateLabel, fieldLabel, planOf, type ReportPlan } from './report-plan.js';
import { ReportDataRepository, ReportRepository, reportTable, type Cell } from './report.repository.js';

/** The most rows an export writes: beyond it the filters must narrow the result. */
export const REPORT_EXPORT_MAX_ROWS = 50_000;
const DEFAULT_PAGE_SIZE = 20;

export interface ReportSheet {
  title: string;
  columns: Array<{ key: string; label: string }>;
  rows: Array<Record<string, Cell>>;
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

  /** A definition is saved only when it is valid over its data set. */
  async submit(actor: Actor, input: ReportInput): Promise<Report> {
    const dataSet = input.dataSet.trim();
    planOf(dataSet, input.definition, undefined, this.store.timeZone);
    const account = (actor as { account?: string }).account ?? null;
    const id = input.id || undefined;
    return this.save(this.repository, actor, id, {
      name: input.name.trim(),
      dataSet,
      definition: input.definition,
      ...(id === undefined ? { author: account } : {}),
    });
  }

  /** The data sets and their fields, for the designer. */
  dataSets(language: Language): ReportDataSet[] {
    return DATA_SETS.map((d) => ({
      code: d.code,
      label: language === 'en' ? d.label.en : d.label.zh,
      fields: d.fields.map((f) => ({
        key: f.key,
        label: fieldLabel(f, language),
        type: f.type,
        groupable: Boolean(f.groupable),
        aggregatable: Boolean(f.aggregatable),
        filterable: Boolean(f.filterable),
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
    return { name, plan: planOf(dataSet, definition, run.values, this.store.timeZone) };
  }

  /** The store a plan's rows are in: the tenant's (routed per call) or the main database. */
  async #data(actor: Actor, plan: ReportPlan): Promise<ReportDataRepository> {
    return new ReportDataRepository(
      plan.dataSet.database === 'main' ? this.store : await this.stores.storeFor(actor),
    );
  }

  /** A run: the page of rows, the total, subtotals per group, the grand total and the chart. */
  async run(actor: Actor, run: ReportRun, language: Language): Promise<ReportResult> {
    const { plan } = await this.#plan(actor, run);
    const data = await this.#data(actor, plan);
    const current = run.current ?? 1;
    const size = run.size ?? DEFAULT_PAGE_SIZE;
    const [total, rows, grand] = await Promise.all([
      data.count(actor, plan),
      data.rows(actor, plan, { offset: (current - 1) * size, limit: size }),
      data.aggregate(actor, plan, []),
    ]);
    const groups = plan.groups.length ? await data.aggregate(actor, plan, plan.groups) : [];
    const subtotals =
      plan.groups.length === 2 ? await data.aggregate(actor, plan, plan.groups.slice(0, 1)) : [];
    let chart: ReportResult['chart'] = null;
    if (plan.chart) {
      const { group, aggregate } = plan.chart;
      const series = await data.aggregate(actor, plan, [group]);
      chart = {
        type: plan.chart.type,
        series: series.map((s) => ({
          name: String(s.labels[group.key] ?? s.keys[group.key] ?? '-'),
          value: s.values[aggregate] ?? null,
        })),
      };
    }
    return {
      columns: columnsOf(plan, language),
      rows,
      total,
      current,
      size,
      groups: [...groups, ...subtotals],
      aggregates: plan.aggregates.map((a) => ({
        field: a.field.key,
        fn: a.fn,
        label: aggregateLabel(a, language),
      })),
      grandTotal: grand[0]?.values ?? plan.aggregates.map(() => null),
      chart,
    };
  }

  /** Every row of a stored report (its defaults as filters), for an export. */
  async exportTable(actor: Actor, id: string, language: Language): Promise<ReportSheet> {
    const { name, plan } = await this.#plan(actor, { id });
    const data = await this.#data(actor, plan);
    const rows = await data.rows(actor, plan, { offset: 0, limit: REPORT_EXPORT_MAX_ROWS + 1 });
    if (rows.length > REPORT_EXPORT_MAX_ROWS)
      throw badRequest('report.tooManyToExport', { max: REPORT_EXPORT_MAX_ROWS });
    return { title: name, columns: columnsOf(plan, language), rows };
  }
}

function columnsOf(plan: ReportPlan, language: Language) {
  return plan.columns.map((c) => ({ key: c.key, label: fieldLabel(c, language), type: c.type }));
}
