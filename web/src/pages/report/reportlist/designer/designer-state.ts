import type { Report, ReportDataSet, ReportDefinition } from '@console/contract';
import { useReducer } from 'react';
import {
  aggregateFields,
  emptyDefinition,
  fieldOf,
  fitChart,
  MAX_GROUPS,
  opsOf,
  type AggregateFn,
  type ChartType,
  type FilterOp,
  type FilterValue,
} from '../definition';

// The report designer's state without React's DOM: what is being designed (name, data set,
// definition), the edits a designer's control makes to the definition, and what stops a save. The
// panels (designer/*Panel.tsx) only draw it and send edits; designer-state.test.ts drives it.

export interface DesignerState {
  name: string;
  /** The data set's code; '' until one is chosen. */
  dataSet: string;
  definition: ReportDefinition;
  /** 保存 was pressed once: missing inputs show as errors from then on. */
  checked: boolean;
}

/** One change to the definition; the designer keeps the chart fitting after each (`fitChart`). */
export type DefinitionEdit = (definition: ReportDefinition) => ReportDefinition;

export type DesignerAction =
  | { type: 'name'; name: string }
  /** Another data set's keys mean nothing here: the definition starts again. */
  | { type: 'dataSet'; code: string }
  | { type: 'edit'; edit: DefinitionEdit }
  | { type: 'check' };

export function initialDesignerState(report: Report | undefined): DesignerState {
  return {
    name: report?.name ?? '',
    dataSet: report?.dataSet ?? '',
    definition: report?.definition ?? emptyDefinition(),
    checked: false,
  };
}

export function designerReducer(state: DesignerState, action: DesignerAction): DesignerState {
  switch (action.type) {
    case 'name':
      return { ...state, name: action.name };
    case 'dataSet':
      return { ...state, dataSet: action.code, definition: emptyDefinition() };
    case 'edit':
      return { ...state, definition: fitChart(action.edit(state.definition)) };
    case 'check':
      return { ...state, checked: true };
  }
}

/** What is missing for a save, by input; all undefined when the design can be saved. */
export interface DesignerProblems {
  name?: 'report.reportlist.designer.nameRequired';
  dataSet?: 'report.reportlist.designer.dataSetRequired';
  columns?: 'report.reportlist.designer.columnsRequired';
}

export function designerProblems({ name, dataSet, definition }: DesignerState): DesignerProblems {
  return {
    ...(name.trim() === '' ? { name: 'report.reportlist.designer.nameRequired' as const } : {}),
    ...(!dataSet ? { dataSet: 'report.reportlist.designer.dataSetRequired' as const } : {}),
    // Without a data set there is nothing to choose columns from: its own problem says so.
    ...(dataSet && definition.columns.length === 0
      ? { columns: 'report.reportlist.designer.columnsRequired' as const }
      : {}),
  };
}

/** The designer's state and its changes (`designerReducer`), for the designer's form. */
export function useDesignerState(report: Report | undefined) {
  const [state, dispatch] = useReducer(designerReducer, report, initialDesignerState);
  return {
    state,
    setName: (name: string) => dispatch({ type: 'name', name }),
    chooseDataSet: (code: string) => dispatch({ type: 'dataSet', code }),
    edit: (edit: DefinitionEdit) => dispatch({ type: 'edit', edit }),
    /** Marks the design checked; true when it can be saved. */
    check: () => {
      dispatch({ type: 'check' });
      return Object.keys(designerProblems(state)).length === 0;
    },
  };
}

// ----- the edits, one per control (a list's entry by its index)

const replaceAt = <T>(list: readonly T[], index: number, item: T) =>
  list.map((one, at) => (at === index ? item : one));
const removeAt = <T>(list: readonly T[], index: number) => list.filter((_, at) => at !== index);

export const toggleColumn =
  (key: string, on: boolean): DefinitionEdit =>
  (now) => ({
    ...now,
    columns: on
      ? [...now.columns.filter((one) => one !== key), key]
      : now.columns.filter((one) => one !== key),
  });

export const moveColumn =
  (from: number, to: number): DefinitionEdit =>
  (now) => {
    const columns = [...now.columns];
    const [moved] = columns.splice(from, 1);
    columns.splice(to, 0, moved!);
    return { ...now, columns };
  };

/** Sets or clears the grouping at `level`; clearing the first moves the second up. */
export const setGroup =
  (level: number, value: string | undefined): DefinitionEdit =>
  (now) => {
    const groupBy = [...now.groupBy];
    if (value) groupBy[level] = value;
    else groupBy.splice(level, 1);
    return { ...now, groupBy: groupBy.filter(Boolean).slice(0, MAX_GROUPS) };
  };

/** A new aggregate counts the data set's first field. */
export const addAggregate =
  (dataSet: ReportDataSet): DefinitionEdit =>
  (now) => ({ ...now, aggregates: [...now.aggregates, { field: dataSet.fields[0]!.key, fn: 'count' }] });

/** Another function keeps the field where it may use it, else takes the first it may. */
export const setAggregateFn =
  (dataSet: ReportDataSet, index: number, fn: AggregateFn): DefinitionEdit =>
  (now) => {
    const aggregate = now.aggregates[index]!;
    const allowed = aggregateFields(dataSet, fn);
    const field = allowed.some((one) => one.key === aggregate.field)
      ? aggregate.field
      : (allowed[0]?.key ?? aggregate.field);
    return { ...now, aggregates: replaceAt(now.aggregates, index, { field, fn }) };
  };

export const setAggregateField =
  (index: number, field: string): DefinitionEdit =>
  (now) => ({ ...now, aggregates: replaceAt(now.aggregates, index, { ...now.aggregates[index]!, field }) });

/** The chart's value keeps pointing at the same aggregate when one before it goes. */
export const removeAggregate =
  (index: number): DefinitionEdit =>
  (now) => {
    const chart = now.chart;
    return {
      ...now,
      aggregates: removeAt(now.aggregates, index),
      chart:
        chart && chart.valueAggregate > index
          ? { ...chart, valueAggregate: chart.valueAggregate - 1 }
          : chart,
    };
  };

/** A new sort: the first column ascending (the data set's first field without columns). */
export const addSort =
  (dataSet: ReportDataSet): DefinitionEdit =>
  (now) => ({ ...now, sort: [...now.sort, { field: now.columns[0] ?? dataSet.fields[0]!.key, dir: 'asc' }] });

export const setSort =
  (index: number, change: Partial<ReportDefinition['sort'][number]>): DefinitionEdit =>
  (now) => ({ ...now, sort: replaceAt(now.sort, index, { ...now.sort[index]!, ...change }) });

export const removeSort =
  (index: number): DefinitionEdit =>
  (now) => ({ ...now, sort: removeAt(now.sort, index) });

/** A new filter: the first filterable field, with its first operator. */
export const addFilter =
  (dataSet: ReportDataSet): DefinitionEdit =>
  (now) => {
    const field = dataSet.fields.find((one) => one.filterable)!;
    return { ...now, filters: [...now.filters, { field: field.key, op: opsOf(field)[0]! }] };
  };

/** Another field keeps the operator where the field allows it, else takes its first. */
export const setFilterField =
  (dataSet: ReportDataSet, index: number, field: string): DefinitionEdit =>
  (now) => {
    const filter = now.filters[index]!;
    const ops = opsOf(fieldOf(dataSet, field));
    const op = ops.includes(filter.op) ? filter.op : ops[0]!;
    return { ...now, filters: replaceAt(now.filters, index, { ...filter, field, op }) };
  };

export const setFilterOp =
  (index: number, op: FilterOp): DefinitionEdit =>
  (now) => ({ ...now, filters: replaceAt(now.filters, index, { ...now.filters[index]!, op }) });

/** A filter's default: a value kept, nothing (an emptied text, a cleared choice) dropped. */
export const setFilterDefault =
  (index: number, value: FilterValue): DefinitionEdit =>
  (now) => {
    const { defaultValue: _dropped, ...rest } = now.filters[index]!;
    return {
      ...now,
      filters: replaceAt(
        now.filters,
        index,
        value === null || value === '' ? rest : { ...rest, defaultValue: value },
      ),
    };
  };

export const removeFilter =
  (index: number): DefinitionEdit =>
  (now) => ({ ...now, filters: removeAt(now.filters, index) });

/** A chart (keeping its grouping and value when it had some, else the first) or none. */
export const setChartType =
  (type: ChartType | 'none'): DefinitionEdit =>
  (now) => ({
    ...now,
    chart:
      type === 'none'
        ? null
        : {
            type,
            groupField: now.chart?.groupField ?? now.groupBy[0]!,
            valueAggregate: now.chart?.valueAggregate ?? 0,
          },
  });

export const setChart =
  (change: { groupField: string } | { valueAggregate: number }): DefinitionEdit =>
  (now) => ({ ...now, chart: now.chart && { ...now.chart, ...change } });
