import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { isMultiple } from './columns';
import type { SortItem } from './list-state';
import { optionLabels } from './options';
import type { ColumnShape, CrudColumn, FieldOf, TableColumnSpec } from './types';
import type { ColumnOptions } from './useColumnOptions';

type TableColumn<T> = ColumnShape & { table?: boolean | TableColumnSpec<T, FieldOf<T>> };

/** A column's table settings, or undefined when the table does not show it. */
export function tableSpec<T>(column: CrudColumn<T>): TableColumnSpec<T, FieldOf<T>> | undefined {
  const { table } = column as TableColumn<T>;
  if (table === false) return undefined;
  return table === true || table === undefined ? {} : table;
}

/** The server's sort field of a column, or undefined when it may not be sorted. */
export function sortFieldOf<T>(column: CrudColumn<T>): string | undefined {
  const sort = tableSpec(column)?.sort;
  if (sort === true) return column.prop;
  return typeof sort === 'string' ? sort : undefined;
}

interface TableColumnsInput<T> {
  columns: readonly CrudColumn<T>[];
  labels: ColumnOptions['labels'];
  sort: readonly SortItem[];
  t: TFunction;
  /** The row buttons, or undefined when no button is offered. */
  actions?: { title: string; render: (row: T) => ReactNode };
}

/** antd's table columns: labels for coded values, ellipsis for long texts, server-side sorting. */
export function tableColumns<T>({
  columns,
  labels,
  sort,
  t,
  actions,
}: TableColumnsInput<T>): TableColumnsType<T> {
  const shown: TableColumnsType<T> = columns.flatMap((column) => {
    const spec = tableSpec(column);
    if (!spec) return [];
    const shape = column as ColumnShape;
    const index = labels.get(column.prop);
    const sortField = sortFieldOf(column);
    const render = (value: unknown, row: T): ReactNode => {
      const valueLabels = index ? optionLabels(index, value, isMultiple(shape)) : [];
      if (spec.render) return spec.render(value as T[FieldOf<T>], row, { labels: valueLabels, t });
      if (index) return valueLabels.join(', ');
      return value === null || value === undefined ? '' : String(value);
    };
    return [
      {
        key: column.prop,
        dataIndex: column.prop,
        title: t(column.label),
        width: spec.width,
        align: spec.align,
        ellipsis: spec.ellipsis ? { showTitle: true } : undefined,
        sorter: sortField !== undefined,
        sortOrder:
          sortField === undefined
            ? undefined
            : (sort.find((item) => item.field === sortField)?.order ?? null),
        render,
      },
    ];
  });
  if (!actions) return shown;
  return [...shown, { key: '$actions', title: actions.title, render: (_, row) => actions.render(row) }];
}
