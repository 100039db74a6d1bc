// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { refundDataSet } from '../test-fixtures';
import {
  addAggregate,
  addFilter,
  addSort,
  designerProblems,
  designerReducer,
  initialDesignerState,
  moveColumn,
  removeAggregate,
  setAggregateFn,
  setChart,
  setChartType,
  setFilterDefault,
  setFilterField,
  setFilterOp,
  setGroup,
  toggleColumn,
  type DefinitionEdit,
  type DesignerAction,
  type DesignerState,
} from './designer-state';

// The designer's state as its controls change it, without a DOM: each step is an action the
// designer's form dispatches (`useDesignerState`).

const run = (...actions: DesignerAction[]): DesignerState =>
  actions.reduce(designerReducer, initialDesignerState(undefined));
const step = (edit: DefinitionEdit): DesignerAction => ({ type: 'edit', edit });

describe('the report designer state', () => {
  it('starts empty, asks for a name, a data set and columns, and starts again with another data set', () => {
    const fresh = run();
    expect(fresh).toMatchObject({ name: '', dataSet: '', checked: false });
    expect(designerProblems(fresh)).toEqual({
      name: 'report.reportlist.designer.nameRequired',
      dataSet: 'report.reportlist.designer.dataSetRequired',
    });

    const chosen = run(
      { type: 'name', name: '退款' },
      { type: 'dataSet', code: 'refund' },
      { type: 'check' },
      step(toggleColumn('orderNo', true)),
      step(toggleColumn('refundAmount', true)),
      step(toggleColumn('machineNo', true)),
      step(moveColumn(2, 0)),
      step(toggleColumn('orderNo', false)),
    );
    expect(chosen.checked).toBe(true);
    expect(chosen.definition.columns).toEqual(['machineNo', 'refundAmount']);
    expect(designerProblems(chosen)).toEqual({});

    const other = designerReducer(chosen, { type: 'dataSet', code: 'hospital' });
    expect(other.definition.columns).toEqual([]);
    expect(designerProblems(other)).toEqual({ columns: 'report.reportlist.designer.columnsRequired' });
  });

  it('keeps the chart fitting the groupings and aggregates', () => {
    const charted = run(
      { type: 'dataSet', code: 'refund' },
      step(setGroup(0, 'machineNo')),
      step(setGroup(1, 'applyTime:month')),
      step(addAggregate(refundDataSet)),
      step(addAggregate(refundDataSet)),
      step(setAggregateFn(refundDataSet, 1, 'sum')),
      step(setChartType('bar')),
    );
    // sum takes numbers only: the aggregate moves to the first summable field.
    expect(charted.definition.aggregates).toEqual([
      { field: 'id', fn: 'count' },
      { field: 'refundAmount', fn: 'sum' },
    ]);
    expect(charted.definition.chart).toEqual({ type: 'bar', groupField: 'machineNo', valueAggregate: 0 });

    const onSum = designerReducer(charted, step(setChart({ valueAggregate: 1 })));
    // Removing the aggregate before the chart's value keeps it on the same aggregate.
    const removed = designerReducer(onSum, step(removeAggregate(0)));
    expect(removed.definition.chart?.valueAggregate).toBe(0);
    expect(removed.definition.aggregates).toEqual([{ field: 'refundAmount', fn: 'sum' }]);

    // Clearing the first grouping moves the second up; the chart follows it.
    const regrouped = designerReducer(removed, step(setGroup(0, undefined)));
    expect(regrouped.definition.groupBy).toEqual(['applyTime:month']);
    expect(regrouped.definition.chart?.groupField).toBe('applyTime:month');

    // No grouping left: no chart.
    const ungrouped = designerReducer(regrouped, step(setGroup(0, undefined)));
    expect(ungrouped.definition.chart).toBeNull();
  });

  it('adds sorts and filters from the data set, keeps operators the field allows and drops an emptied default', () => {
    const filtered = run(
      { type: 'dataSet', code: 'refund' },
      step(toggleColumn('machineNo', true)),
      step(addSort(refundDataSet)),
      step(addFilter(refundDataSet)),
      step(setFilterOp(0, 'like')),
      step(setFilterDefault(0, 'A-')),
    );
    expect(filtered.definition.sort).toEqual([{ field: 'machineNo', dir: 'asc' }]);
    expect(filtered.definition.filters).toEqual([{ field: 'orderNo', op: 'like', defaultValue: 'A-' }]);

    // A money field has no "contains": the operator falls back to its first.
    const money = designerReducer(filtered, step(setFilterField(refundDataSet, 0, 'refundAmount')));
    expect(money.definition.filters).toEqual([{ field: 'refundAmount', op: 'eq', defaultValue: 'A-' }]);
    const emptied = designerReducer(money, step(setFilterDefault(0, '')));
    expect(emptied.definition.filters).toEqual([{ field: 'refundAmount', op: 'eq' }]);
  });
});
