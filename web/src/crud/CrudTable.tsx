import { Table, theme, type CheckboxProps, type TableColumnsType, type TableProps } from 'antd';
import type { CheckboxChangeEvent } from 'antd/es/checkbox';
import { isValidElement, memo, useMemo, type CSSProperties, type Key, type ReactNode } from 'react';
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
 * The table of a CRUD page. Memoised: it renders again only when its own props change, not when
 * the page opens a dialog or a confirmation.
 */
function CrudTableOf<T extends object>(props: CrudTableProps<T>) {
  const { t } = useTranslation();
  const { selectedKeys, expandedKeys, paging, rowTitle } = props;
  const { token } = theme.useToken();
  // The row checkboxes' colours (crud.css); the rest comes from the page's variables.
  const checkColors = useMemo(
    () =>
      ({
        '--crud-check-bg': token.colorBgContainer,
        '--crud-check-border': token.colorBorder,
        '--crud-disabled-bg': token.colorBgContainerDisabled,
      }) as CSSProperties,
    [token],
  );

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'paginate')
      props.onPage(pagination.current ?? 1, pagination.pageSize ?? paging?.size ?? 10);
    if (action === 'sort') props.onSort(sorter);
  };

  return (
    <Table<T>
      style={checkColors}
      rowKey={props.rowKey}
      columns={props.columns}
      dataSource={props.rows}
      loading={props.loading}
      // A fixed height fixes the layout too: columns keep their content's width and scroll sideways.
      scroll={props.scrollY === undefined ? undefined : { x: 'max-content', y: props.scrollY }}
      rowSelection={
        selectedKeys && {
          selectedRowKeys: selectedKeys as Key[],
          onChange: props.onSelect,
          getCheckboxProps: (row) => ({ 'aria-label': t('crud.table.selectRow', { name: rowTitle(row) }) }),
          renderCell: renderRowCheck,
          getTitleCheckboxProps: () => ({ 'aria-label': t('crud.table.selectAll') }),
        }
      }
      expandable={
        expandedKeys && {
          expandedRowKeys: expandedKeys,
          onExpandedRowsChange: props.onExpandedChange,
          onExpand: (expanded, row) => expanded && props.onExpand(row),
        }
      }
      pagination={
        paging
          ? {
              current: paging.current,
              pageSize: paging.size,
              total: paging.total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZE_OPTIONS,
              components: SIZE_CHANGER,
              showTotal: (total) => t('crud.table.total', { total }),
            }
          : false
      }
      onChange={onChange}
    />
  );
}

export const CrudTable = memo(CrudTableOf) as typeof CrudTableOf;
