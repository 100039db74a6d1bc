import type { ReportDataSet, ReportDefinition, ReportResult } from '@console/contract';
import { Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../business/refund/money';
import { fieldOf, formatCell, formatNumber, summaryLines, type SummaryLine } from './definition';
import { ReportChart } from './ReportChart';
import './locales';
import './report.css';

// What a run answers, as the designer's preview and the viewer show it: the page of rows, the
// summary (groups, level-1 subtotals, the grand total) and the chart.

type Row = Record<string, string | number | null>;

/** The label of a grouping key: the field's, or "<field> (by month)". */
export function useGroupLabel(dataSet: ReportDataSet | undefined) {
  const { t } = useTranslation();
  return (key: string) => {
    const field = fieldOf(dataSet, key);
    const name = field?.label ?? key;
    return key.endsWith(':month') ? t('report.reportlist.designer.byMonth', { name }) : name;
  };
}

export interface RowsTableProps {
  result: ReportResult | undefined;
  loading: boolean;
  /** Server paging: the page and size shown, and a page turn. None: no pager (the preview). */
  paging?: { current: number; size: number; onChange: (current: number, size: number) => void };
  label: string;
}

const NUMERIC = new Set(['int', 'money']);

/** The rows of a run, in its columns; a pager when the viewer pages on the server. */
export function RowsTable({ result, loading, paging, label }: RowsTableProps) {
  const { t } = useTranslation();
  const columns = useMemo<TableColumnsType<Row>>(
    () =>
      (result?.columns ?? []).map((column) => ({
        key: column.key,
        dataIndex: column.key,
        title: column.label,
        align: NUMERIC.has(column.type) ? 'right' : 'left',
        render: (value: unknown) =>
          column.type === 'money' && typeof value === 'number' ? formatYuan(value) : formatCell(value),
      })),
    [result?.columns],
  );
  const rows = useMemo(() => (result?.rows ?? []).map((row, at) => ({ ...row, $key: at })), [result?.rows]);
  return (
    <section aria-label={label}>
      <Table<Row>
        size="small"
        bordered
        columns={columns}
        dataSource={rows}
        rowKey={(row) => String(row.$key)}
        loading={loading}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: loading ? t('report.reportlist.loading') : t('report.reportlist.noRows') }}
        pagination={
          paging && result
            ? {
                current: paging.current,
                pageSize: paging.size,
                total: result.total,
                showSizeChanger: true,
                pageSizeOptions: [10, 30, 50, 100, 200],
                showTotal: (total) => t('report.reportlist.total', { total }),
                onChange: paging.onChange,
              }
            : false
        }
      />
    </section>
  );
}

/** The summary: one row a group with its labels and aggregates, level-1 subtotals, the grand total. */
export function SummaryTable({
  result,
  groupBy,
  groupLabel,
  dataSet,
}: {
  result: ReportResult;
  groupBy: readonly string[];
  groupLabel: (key: string) => string;
  /** The data set run: its money fields' sums, averages and extremes show as money. */
  dataSet: ReportDataSet | undefined;
}) {
  const { t } = useTranslation();
  const lines = useMemo(() => summaryLines(result, groupBy), [result, groupBy]);
  if (lines.length === 0) return null;
  const columns: TableColumnsType<SummaryLine> = [
    ...(groupBy.length === 0 ? [undefined] : groupBy).map((key, at) => ({
      key: `group-${at}`,
      title: key === undefined ? t('report.reportlist.summary.title') : groupLabel(key),
      render: (_: unknown, line: SummaryLine) => {
        if (line.kind === 'total') return at === 0 ? t('report.reportlist.summary.grandTotal') : '';
        if (line.kind === 'subtotal')
          return at === 0 ? line.labels[0] : t('report.reportlist.summary.subtotal');
        return line.labels[at];
      },
    })),
    ...result.aggregates.map((aggregate, at) => ({
      key: `value-${at}`,
      title: aggregate.label,
      align: 'right' as const,
      render: (_: unknown, line: SummaryLine) =>
        aggregate.fn !== 'count' && fieldOf(dataSet, aggregate.field)?.type === 'money'
          ? formatYuan(line.values[at])
          : formatNumber(line.values[at]),
    })),
  ];
  return (
    <section aria-label={t('report.reportlist.summary.title')} className="report-summary">
      <Table<SummaryLine>
        size="small"
        bordered
        columns={columns}
        dataSource={lines}
        rowKey="key"
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowClassName={(line) =>
          line.kind === 'total'
            ? 'report-summary__total'
            : line.kind === 'subtotal'
              ? 'report-summary__subtotal'
              : ''
        }
      />
    </section>
  );
}

/** The run's chart, titled by its aggregate and grouping. */
export function ResultChart({
  result,
  definition,
  groupLabel,
}: {
  result: ReportResult;
  definition: ReportDefinition;
  groupLabel: (key: string) => string;
}) {
  const chart = result.chart;
  const spec = definition.chart;
  if (!chart || !spec) return null;
  const valueLabel = result.aggregates[spec.valueAggregate]?.label ?? '';
  const categoryLabel = groupLabel(spec.groupField);
  return (
    <ReportChart
      type={chart.type}
      series={chart.series}
      title={`${valueLabel} / ${categoryLabel}`}
      categoryLabel={categoryLabel}
      valueLabel={valueLabel}
    />
  );
}
