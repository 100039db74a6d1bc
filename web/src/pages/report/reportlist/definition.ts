import type { ReportDataSet, ReportDefinition, ReportFilter, ReportResult } from '@console/contract';

// Plain logic of the report designer and viewer (no React): what a field of a data set may do in a
// definition, and how a result's groups read as a summary. The server checks all of it again
// (server/src/modules/report/report-plan.ts); these rules only keep the designer from offering
// what the server would refuse.

export type DataSetField = ReportDataSet['fields'][number];
export type FilterOp = ReportFilter['op'];
export type AggregateFn = ReportDefinition['aggregates'][number]['fn'];
export type ChartType = NonNullable<ReportDefinition['chart']>['type'];
export type FilterValue = string | number | null;

export const AGGREGATE_FNS: readonly AggregateFn[] = ['count', 'sum', 'avg', 'min', 'max'];
export const CHART_TYPES: readonly ChartType[] = ['bar', 'line', 'pie'];
export const MAX_GROUPS = 2;
export const MAX_AGGREGATES = 10;
export const MAX_SORTS = 5;
export const MAX_FILTERS = 20;
export const MAX_COLUMNS = 40;

export function emptyDefinition(): ReportDefinition {
  return { filters: [], columns: [], groupBy: [], aggregates: [], sort: [], chart: null };
}

/** The operators a filter on the field may use: text contains or equals; ids equal; the rest compare. */
export function opsOf(field: DataSetField | undefined): FilterOp[] {
  if (!field) return ['eq'];
  if (field.type === 'string') return ['eq', 'like'];
  if (field.type === 'id') return ['eq'];
  return ['eq', 'gte', 'lte'];
}

/** A grouping choice: a groupable field, and a datetime one by month too (`field:month`). */
export interface GroupChoice {
  value: string;
  field: DataSetField;
  month: boolean;
}

export function groupChoices(dataSet: ReportDataSet | undefined): GroupChoice[] {
  if (!dataSet) return [];
  return dataSet.fields
    .filter((field) => field.groupable)
    .flatMap((field) => [
      { value: field.key, field, month: false },
      ...(field.type === 'datetime' ? [{ value: `${field.key}:month`, field, month: true }] : []),
    ]);
}

/** Numbers only are summed or averaged; count counts any field. */
const numeric = (field: DataSetField) => field.type === 'int' || field.type === 'money';

export function aggregateFields(dataSet: ReportDataSet | undefined, fn: AggregateFn): DataSetField[] {
  if (!dataSet) return [];
  if (fn === 'count') return dataSet.fields;
  return dataSet.fields.filter((field) => field.aggregatable && numeric(field));
}

export function fieldOf(dataSet: ReportDataSet | undefined, key: string): DataSetField | undefined {
  return dataSet?.fields.find((field) => field.key === key.split(':')[0]);
}

/**
 * The chart kept only while it still fits: its grouping one of the groupings, its value one of
 * the aggregates (a removed grouping or aggregate moves it to the first, or drops it).
 */
export function fitChart(definition: ReportDefinition): ReportDefinition {
  const { chart } = definition;
  if (!chart) return definition;
  if (definition.groupBy.length === 0 || definition.aggregates.length === 0)
    return { ...definition, chart: null };
  return {
    ...definition,
    chart: {
      type: chart.type,
      groupField: definition.groupBy.includes(chart.groupField) ? chart.groupField : definition.groupBy[0]!,
      valueAggregate: chart.valueAggregate < definition.aggregates.length ? chart.valueAggregate : 0,
    },
  };
}

/** Whether the server can run the definition at all (the preview waits until it can). */
export function runnable(dataSet: string, definition: ReportDefinition): boolean {
  return dataSet !== '' && definition.columns.length > 0;
}

/**
 * The system dictionary a filter's value is chosen from: its field's, when the filter asks for
 * equality (a range or a text search over dictionary keys would mean nothing to a person).
 */
export function filterDict(field: DataSetField | undefined, op: FilterOp): string | undefined {
  return op === 'eq' && field?.dict ? field.dict : undefined;
}

/**
 * A dictionary key as the value the server compares the field with: an `int` field's a number, any
 * other field's a text. Nothing stays nothing; a key that is not a number stays as it is.
 */
export function dictKeyValue(field: DataSetField | undefined, key: FilterValue | undefined): FilterValue {
  if (key === null || key === undefined || key === '') return null;
  if (field?.type === 'int') {
    const number = Number(key);
    return Number.isFinite(number) ? number : key;
  }
  return String(key);
}

/** Filter values by index as the server takes them: an empty input is no value. */
export function filterValues(values: readonly FilterValue[]): FilterValue[] {
  return values.map((value) => (typeof value === 'string' && value.trim() === '' ? null : value));
}

/** The values a viewer starts with: each filter's default. */
export function defaultValues(definition: ReportDefinition): FilterValue[] {
  return definition.filters.map((filter) => filter.defaultValue ?? null);
}

/** A cell as read: numbers with at most two decimals, nothing as an empty cell. */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return formatNumber(value);
  return String(value);
}

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return numberFormat.format(value);
}

export type ResultGroup = ReportResult['groups'][number];

/** A line of the summary: a group, a first-level subtotal (two groupings) or the grand total. */
export interface SummaryLine {
  kind: 'group' | 'subtotal' | 'total';
  key: string;
  /** The group's labels by grouping key (a subtotal: its first grouping only). */
  labels: string[];
  values: ReadonlyArray<number | null>;
}

const labelOf = (group: ResultGroup, key: string) => {
  const label = group.labels[key] ?? group.keys[key];
  return label === null || label === undefined ? '-' : String(label);
};

/**
 * The summary's lines in reading order: with two groupings each first-level value's groups, then
 * its subtotal; with one, the groups; then the grand total.
 */
export function summaryLines(result: ReportResult, groupBy: readonly string[]): SummaryLine[] {
  if (result.aggregates.length === 0) return [];
  const lines: SummaryLine[] = [];
  const full = result.groups.filter((group) => group.level === groupBy.length);
  const line = (group: ResultGroup, at: number): SummaryLine => ({
    kind: 'group',
    key: `g${at}`,
    labels: groupBy.map((key) => labelOf(group, key)),
    values: group.values,
  });
  if (groupBy.length === 2) {
    const [first] = groupBy as [string, string];
    const subtotals = result.groups.filter((group) => group.level === 1);
    const used = new Set<ResultGroup>();
    subtotals.forEach((subtotal, at) => {
      const value = JSON.stringify(subtotal.keys[first] ?? null);
      full.forEach((group, index) => {
        if (!used.has(group) && JSON.stringify(group.keys[first] ?? null) === value) {
          used.add(group);
          lines.push(line(group, index));
        }
      });
      lines.push({
        kind: 'subtotal',
        key: `s${at}`,
        labels: [labelOf(subtotal, first)],
        values: subtotal.values,
      });
    });
    full.forEach((group, index) => {
      if (!used.has(group)) lines.push(line(group, index));
    });
  } else full.forEach((group, index) => lines.push(line(group, index)));
  lines.push({ kind: 'total', key: 'total', labels: [], values: result.grandTotal });
  return lines;
}
