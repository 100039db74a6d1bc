import {
  Pagination,
  Spin,
  Table,
  theme,
  type CheckboxProps,
  type TableColumnsType,
  type TableProps,
} from 'antd';
import type { CheckboxChangeEvent } from 'antd/es/checkbox';
import { isValidElement, memo, useMemo, type CSSProperties, type Key, type ReactNode } from 'react';
import { useStableHandler } from './useStableHandler';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS, type TableSorter } from './list-state';
import { PageSizeSelect } from './PageSizeSelect';
import '../i18n/console-texts';

export interface CrudTableProps<T> {
  columns: TableColumnsType<T>;
  rows: readonly T[];
  loading: boolean;
  rowKey: (row: T) => string;
  /** Names a row in its checkbox's accessible name ("选择 <name>"). */
  rowTitle: (row: T) => string;
  /** The selected rows' keys, or undefined when the page selects no rows. */
  selectedKeys: readonly Key[] | undefined;
  onSelect: (keys: Key[], rows: T[]) => void;
  /** Expanded rows of a tree table, or undefined for a flat one. */
  expandedKeys: readonly Key[] | undefined;
  onExpandedChange: (keys: readonly Key[]) => void;
  onExpand: (row: T) => void;
  /** The pager, or undefined when the list came whole. */
  paging: { current: number; size: number; total: number } | undefined;
  /** A fixed height of the table's body, which scrolls (px); none: as tall as its rows. */
  scrollY?: number;
  onPage: (current: number, size: number) => void;
  onSort: (sorter: TableSorter | TableSorter[]) => void;
}

const SIZE_CHANGER = { sizeChanger: PageSizeSelect };

/**
 * A row's selection checkbox as a native input drawn like antd's (crud.css), with antd's own
 * handlers (shift-click still selects a range): a 200-row page would hold 200 antd Checkboxes, each
 * with its wrapper elements, style hook and wave effect. The header's select-all stays antd's.
 */
function renderRowCheck(_checked: boolean, _row: unknown, _index: number, node: ReactNode): ReactNode {
  if (!isValidElement<CheckboxProps & { 'aria-label'?: string }>(node)) return node;
  const { checked, indeterminate, disabled, onClick, onChange } = node.props;
  return (
    <input
      type="checkbox"
      className="crud-row-check"
      checked={!!checked}
      disabled={disabled}
      aria-label={node.props['aria-label']}
      ref={(input) => {
        if (input) input.indeterminate = !!indeterminate;
      }}
      onClick={onClick}
      // antd's handler reads the event's `nativeEvent` (shift for ranges) and nothing else of it.
      onChange={(event) => onChange?.(event as unknown as CheckboxChangeEvent)}
    />
  );
}

/**
 * The table of a CRUD page: the rows (CrudRows), a loading veil over them and the pager under them,
 * three parts that render on their own. A page turn changes the pager and shows the veil, and leaves
 * the rows on screen untouched until the next page's rows arrive: with antd's own `loading` and
 * `pagination` the whole table, 200 rows of cells, rendered and was styled again at the click, and
 * the list request left only after that (docs/benchmarks.md, "Console in the browser").
 * Memoised: it renders again only when its own props change, not when the page opens a dialog.
 */
function CrudTableOf<T extends object>(props: CrudTableProps<T>) {
  const { t } = useTranslation();
  const { paging, loading, onPage } = props;
  const { token } = theme.useToken();
  // The row checkboxes' and the veil's colours (crud.css); the rest comes from the page's variables.
  const colors = useMemo(
    () =>
      ({
        '--crud-check-bg': token.colorBgContainer,
        '--crud-check-border': token.colorBorder,
        '--crud-disabled-bg': token.colorBgContainerDisabled,
      }) as CSSProperties,
    [token],
  );
  return (
    <div className="crud-table" style={colors} aria-busy={loading}>
      <CrudRows<T>
        columns={props.columns}
        rows={props.rows}
        rowKey={props.rowKey}
        rowTitle={props.rowTitle}
        selectedKeys={props.selectedKeys}
        onSelect={props.onSelect}
        expandedKeys={props.expandedKeys}
        onExpandedChange={props.onExpandedChange}
        onExpand={props.onExpand}
        scrollY={props.scrollY}
        onSort={props.onSort}
      />
      {loading && (
        <div className="crud-table-loading" role="status" aria-label={t('crud.table.loading')}>
          <Spin />
        </div>
      )}
      {paging && (
        <Pagination
          // antd Table's own pager classes: the same place and spacing as the pager it would draw.
          className="ant-table-pagination ant-table-pagination-end"
          current={paging.current}
          pageSize={paging.size}
          total={paging.total}
          showSizeChanger
          pageSizeOptions={PAGE_SIZE_OPTIONS}
          components={SIZE_CHANGER}
          showTotal={(total) => t('crud.table.total', { total })}
          onChange={onPage}
        />
      )}
    </div>
  );
}

export const CrudTable = memo(CrudTableOf) as typeof CrudTableOf;

type CrudRowsProps<T> = Omit<CrudTableProps<T>, 'loading' | 'paging' | 'onPage'>;

/** antd's table of the rows: renders again only when the rows, columns, selection or sort change. */
function CrudRowsOf<T extends object>(props: CrudRowsProps<T>) {
  const { t } = useTranslation();
  const { selectedKeys, expandedKeys, rowTitle, onSelect, onExpandedChange, onExpand, onSort } = props;
  const onChange = useStableHandler<Parameters<NonNullable<TableProps<T>['onChange']>>, void>(
    (_pagination, _filters, sorter, { action }) => {
      if (action === 'sort') onSort(sorter);
    },
  );
  // Each object antd receives keeps its identity while its inputs do, so antd keeps its rows too.
  const rowSelection = useMemo<TableProps<T>['rowSelection']>(
    () =>
      selectedKeys && {
        selectedRowKeys: selectedKeys as Key[],
        onChange: onSelect,
        getCheckboxProps: (row) => ({ 'aria-label': t('crud.table.selectRow', { name: rowTitle(row) }) }),
        renderCell: renderRowCheck,
        getTitleCheckboxProps: () => ({ 'aria-label': t('crud.table.selectAll') }),
      },
    [selectedKeys, onSelect, rowTitle, t],
  );
  const expandable = useMemo<TableProps<T>['expandable']>(
    () =>
      expandedKeys && {
        expandedRowKeys: expandedKeys,
        onExpandedRowsChange: onExpandedChange,
        onExpand: (expanded, row) => expanded && onExpand(row),
      },
    [expandedKeys, onExpandedChange, onExpand],
  );
  const scroll = useMemo(
    // A fixed height fixes the layout too: columns keep their content's width and scroll sideways.
    () => (props.scrollY === undefined ? undefined : { x: 'max-content' as const, y: props.scrollY }),
    [props.scrollY],
  );
  return (
    <Table<T>
      rowKey={props.rowKey}
      columns={props.columns}
      dataSource={props.rows}
      scroll={scroll}
      rowSelection={rowSelection}
      expandable={expandable}
      pagination={false}
      onChange={onChange}
    />
  );
}

const CrudRows = memo(CrudRowsOf) as typeof CrudRowsOf;
