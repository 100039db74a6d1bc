import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { isMultiple } from './columns';
import type { SortItem } from './list-state';
import { optionLabels } from './options';
import type { ColumnContent, ColumnShape, CrudColumn, FieldOf, TableColumnSpec } from './types';
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

/** The cell's padding on both sides together (8 px each: crud.css). */
const CELL_PADDING = 16;
/** The sort arrows beside a sortable column's title. */
const SORTER_WIDTH = 24;

/** The width (px) the cells' text itself needs, by content; a column is at least this plus padding. */
const CONTENT_WIDTHS: Record<ColumnContent, number> = {
  date: 84, // 2026-11-23
  datetime: 150, // 2026-11-23 20:30:00
  phone: 98, // 13800138000
  email: 180,
  code: 80,
  tag: 74,
  number: 56,
  text: 72,
  longText: 160,
};

/** Contents kept on one line: a date, phone number or code broken in two reads wrong. */
const ONE_LINE: ReadonlySet<ColumnContent> = new Set(['date', 'datetime', 'phone', 'code', 'number', 'tag']);

/**
 * About how wide `text` is at the table's 14 px font (px): CJK and full-width characters take a
 * full em, Latin letters and digits about half of one. Generous by design: a column a little too
 * wide costs nothing, a header broken over two lines is what this avoids.
 */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x2e80) width += 14.5;
    else if (char === ' ') width += 4;
    else if (/[A-Z]/.test(char)) width += 9.5;
    else if (/[mwMW]/.test(char)) width += 11.5;
    else width += 8;
  }
  return Math.ceil(width);
}

/** The content a column holds: its own, else long text when cut, a tag with choices, else text. */
export function contentOf(
  column: ColumnShape,
  spec: { content?: ColumnContent; ellipsis?: boolean } | undefined,
): ColumnContent {
  if (spec?.content) return spec.content;
  if (spec?.ellipsis) return 'longText';
  return column.dict || column.options || column.remote ? 'tag' : 'text';
}

/**
 * A column's width: the configured one, else what its content needs or what its title needs on one
 * line (with the sort arrows when sortable), whichever is more.
 */
export function columnWidth(input: {
  title: string;
  content: ColumnContent;
  sortable?: boolean;
  width?: number;
}): number {
  if (input.width !== undefined) return input.width;
  const title = textWidth(input.title) + (input.sortable ? SORTER_WIDTH : 0);
  return Math.max(CONTENT_WIDTHS[input.content], title) + CELL_PADDING;
}

/** Contents that read as well on two lines or cut with an ellipsis: their column may narrow. */
const NARROWING: ReadonlySet<ColumnContent> = new Set(['text', 'longText', 'email']);
/** The least a narrowing column keeps for its cells (px, besides padding): four CJK characters. */
const NARROWEST_CONTENT = 58;

/**
 * The least a column may be narrowed to when the table is wider than its pane: its title on one
 * line (with the sort arrows) for text that wraps or is cut; undefined for contents kept whole
 * (dates, phones, codes, numbers, tags) and for a configured width.
 */
export function narrowestWidth(input: {
  title: string;
  content: ColumnContent;
  sortable?: boolean;
  width?: number;
}): number | undefined {
  if (input.width !== undefined || !NARROWING.has(input.content)) return undefined;
  const title = textWidth(input.title) + (input.sortable ? SORTER_WIDTH : 0);
  return Math.min(columnWidth(input), Math.max(NARROWEST_CONTENT, title) + CELL_PADDING);
}

/** A kit column: antd's, and whether it may leave a table that does not fit (`table.secondary`). */
type KitColumn<T> = TableColumnsType<T>[number] & { secondary?: boolean };

/**
 * The columns fitted to `available` px when they are wider together (`fixed`: what the selection
 * column takes): first each narrowing column gives up part of what it has above its narrowest
 * (`minWidth`), all in the same proportion; when even that is too wide, secondary columns leave,
 * the last first. Answers the columns unchanged when they fit; what is still too wide scrolls.
 */
export function fitColumns<T>(
  columns: TableColumnsType<T>,
  available: number,
  fixed = 0,
): TableColumnsType<T> {
  let kept = columns as readonly KitColumn<T>[];
  let fitted = narrowColumns(kept, available, fixed);
  while (fitted.overflows) {
    const last = kept.findLastIndex((column) => column.secondary === true);
    if (last === -1) break;
    kept = kept.filter((_, at) => at !== last);
    fitted = narrowColumns(kept, available, fixed);
  }
  return fitted.columns.length === columns.length && fitted.columns.every((one, at) => one === columns[at])
    ? columns
    : fitted.columns;
}

/** The columns narrowed towards `available` (see fitColumns), and whether they still overflow. */
function narrowColumns<T>(
  columns: readonly KitColumn<T>[],
  available: number,
  fixed: number,
): { columns: KitColumn<T>[]; overflows: boolean } {
  const widthOf = (column: KitColumn<T>) => (typeof column.width === 'number' ? column.width : 0);
  const total = columns.reduce((sum, column) => sum + widthOf(column), fixed);
  const excess = total - available;
  if (excess <= 0) return { columns: [...columns], overflows: false };
  const slackOf = (column: KitColumn<T>) =>
    typeof column.minWidth === 'number' ? Math.max(0, widthOf(column) - column.minWidth) : 0;
  const slack = columns.reduce((sum, column) => sum + slackOf(column), 0);
  const share = slack === 0 ? 0 : Math.min(1, excess / slack);
  return {
    columns: columns.map((column) => {
      const give = Math.ceil(slackOf(column) * share);
      return give > 0 ? { ...column, width: widthOf(column) - give } : column;
    }),
    overflows: excess > slack,
  };
}

/**
 * The row buttons' column: each button is an icon, a gap and its text (crud.css), or the icon
 * alone; 4 px apart.
 */
export function actionsWidth(title: string, labels: readonly string[], iconOnly = false): number {
  const buttons = labels.reduce(
    (sum, label) => sum + (iconOnly ? 4 + 14 + 4 : 4 + 14 + 4 + textWidth(label) + 4),
    0,
  );
  const gaps = Math.max(0, labels.length - 1) * 4;
  return Math.max(buttons + gaps, textWidth(title)) + CELL_PADDING;
}

interface TableColumnsInput<T> {
  columns: readonly CrudColumn<T>[];
  labels: ColumnOptions['labels'];
  sort: readonly SortItem[];
  t: TFunction;
  /** The row buttons (with their texts, which size the column), or undefined when none is offered. */
  actions?: { title: string; labels: readonly string[]; iconOnly?: boolean; render: (row: T) => ReactNode };
}

/** antd's table columns: labels for coded values, ellipsis for long texts, server-side sorting. */
export function tableColumns<T>({
  columns,
  labels,
  sort,
  t,
  actions,
}: TableColumnsInput<T>): TableColumnsType<T> {
  const shown: KitColumn<T>[] = columns.flatMap((column): KitColumn<T>[] => {
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
    const title = t(column.label);
    const content = contentOf(shape, spec);
    return [
      {
        key: column.prop,
        dataIndex: column.prop,
        title,
        width: columnWidth({ title, content, sortable: sortField !== undefined, width: spec.width }),
        minWidth: narrowestWidth({ title, content, sortable: sortField !== undefined, width: spec.width }),
        secondary: spec.secondary,
        className: ONE_LINE.has(content)
          ? 'crud-cell-one-line'
          : NARROWING.has(content) && !spec.ellipsis
            ? 'crud-cell-wrap'
            : undefined,
        align: spec.align,
        // A code longer than its column is cut (its whole text the cell's title), never run over
        // the next cell.
        ellipsis: spec.ellipsis || content === 'code' ? { showTitle: true } : undefined,
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
  return [
    ...shown,
    {
      key: '$actions',
      title: actions.title,
      width: actionsWidth(actions.title, actions.labels, actions.iconOnly),
      render: (_, row) => actions.render(row),
    },
  ];
}
