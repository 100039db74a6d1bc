import type { ReportAggregate, ReportDefinition } from '@console/contract';
import { parseDateTime } from '../../core/dates.js';
import { badRequest } from '../../core/errors.js';
import { isId } from '../../core/ids.js';
import type { Language } from '../../core/i18n.js';
import { translate } from '../../core/i18n.js';
import { dataSetOf, fieldOf, type ReportDataSetDef, type ReportField } from './data-sets.js';

// A definition checked against its data set (issue 19): every key it names must be a field the
// data set declares for that use, and every filter value is turned into a typed value to bind.
// What comes out names columns of data-sets.ts only; the repository builds the SQL from it.

export type FieldUse = 'column' | 'group' | 'aggregate' | 'filter' | 'sort';

/** A grouping: a field, or a date field by month (`applyTime:month`). */
export interface PlanGroup {
  key: string;
  field: ReportField;
  month: boolean;
}

export interface PlanFilter {
  field: ReportField;
  op: 'eq' | 'like' | 'gte' | 'lte';
  value: string | number | Date;
}

export interface ReportPlan {
  dataSet: ReportDataSetDef;
  columns: ReportField[];
  groups: PlanGroup[];
  aggregates: Array<{ field: ReportField; fn: ReportAggregate['fn'] }>;
  sort: Array<{ field: ReportField; dir: 'asc' | 'desc' }>;
  filters: PlanFilter[];
  chart: { type: string; group: PlanGroup; aggregate: number } | null;
}

function field(dataSet: ReportDataSetDef, key: string, use: FieldUse): ReportField {
  const found = fieldOf(dataSet, key);
  const allowed =
    found &&
    (use === 'column' ||
      use === 'sort' ||
      (use === 'group' && found.groupable) ||
      (use === 'filter' && found.filterable) ||
      (use === 'aggregate' && (found.aggregatable || found.type === 'id')));
  if (!allowed)
    throw badRequest('report.field.unknown', {
      dataSet: dataSet.code,
      field: key.slice(0, 64),
    });
  return found;
}

function group(dataSet: ReportDataSetDef, key: string): PlanGroup {
  const [name = '', part] = key.split(':');
  const f = field(dataSet, name, 'group');
  if (part !== undefined && (part !== 'month' || f.type !== 'datetime'))
    throw badRequest('report.field.unknown', {
      dataSet: dataSet.code,
      field: key.slice(0, 64),
    });
  return { key, field: f, month: part === 'month' };
}

/** A filter value of the field's type, or a 400 (never SQL text: it is bound as a parameter). */
function filterValue(f: ReportField, op: PlanFilter['op'], raw: unknown, timeZone: string) {
  const invalid = () => badRequest('report.filter.value', { field: f.key });
  if (op === 'like') {
    if (f.type !== 'string') throw invalid();
    return String(raw).slice(0, 200);
  }
  switch (f.type) {
    case 'int':
    case 'money': {
      const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
      if (!Number.isSafeInteger(n)) throw invalid();
      return n;
    }
    case 'id': {
      const s = String(raw).trim();
      if (!isId(s)) throw invalid();
      return s;
    }
    case 'datetime': {
      const parsed = parseDateTime(String(raw), timeZone);
      if (!parsed) throw invalid();
      return parsed.instant;
    }
    default:
      return String(raw).slice(0, 200);
  }
}

/**
 * The plan of a definition over a data set: its keys checked, the viewer's filter values (by the
 * filter's index; absent: the default) typed. A filter without a value sets no condition.
 */
export function planOf(
  dataSetCode: string,
  definition: ReportDefinition,
  values: ReadonlyArray<string | number | null> | undefined,
  timeZone: string,
): ReportPlan {
  const dataSet = dataSetOf(dataSetCode);
  if (!dataSet) throw badRequest('report.dataSet.unknown', { code: dataSetCode.slice(0, 32) });
  const groups = definition.groupBy.map((key) => group(dataSet, key));
  const aggregates = definition.aggregates.map((a) => ({
    field:
      a.fn === 'count'
        ? (fieldOf(dataSet, a.field) ?? field(dataSet, a.field, 'aggregate'))
        : field(dataSet, a.field, 'aggregate'),
    fn: a.fn,
  }));
  for (const a of aggregates)
    if (a.fn !== 'count' && a.field.type !== 'int' && a.field.type !== 'money')
      throw badRequest('report.field.unknown', {
        dataSet: dataSet.code,
        field: a.field.key,
      });
  const filters: PlanFilter[] = [];
  definition.filters.forEach((filter, index) => {
    const f = field(dataSet, filter.field, 'filter');
    const raw = values && index < values.length ? values[index] : filter.defaultValue;
    if (raw === null || raw === undefined || raw === '') return;
    filters.push({ field: f, op: filter.op, value: filterValue(f, filter.op, raw, timeZone) });
  });
  let chart: ReportPlan['chart'] = null;
  if (definition.chart) {
    const chosen = groups.find((g) => g.key === definition.chart!.groupField);
    if (!chosen) throw badRequest('report.chart.group', { field: definition.chart.groupField.slice(0, 70) });
    if (definition.chart.valueAggregate >= aggregates.length) throw badRequest('report.chart.aggregate');
    chart = { type: definition.chart.type, group: chosen, aggregate: definition.chart.valueAggregate };
  }
  return {
    dataSet,
    columns: definition.columns.map((key) => field(dataSet, key, 'column')),
    groups,
    aggregates,
    sort: definition.sort.map((s) => ({ field: field(dataSet, s.field, 'sort'), dir: s.dir })),
    filters,
    chart,
  };
}

/** The label of a field (or a month of it) in a language. */
export function fieldLabel(f: ReportField, language: Language, month = false): string {
  const label = language === 'en' ? f.label.en : f.label.zh;
  return month ? `${label} (${translate(language, 'report.month')})` : label;
}

export function aggregateLabel(a: ReportPlan['aggregates'][number], language: Language): string {
  return `${translate(language, `report.fn.${a.fn}`)} ${fieldLabel(a.field, language)}`;
}
