import { Table, type TableColumnsType, type TableProps } from 'antd';
import { memo, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS, type TableSorter } from './list-state';

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
  onPage: (current: number, size: number) => void;
  onSort: (sorter: TableSorter | TableSorter[]) => void;
}

/**
 * The table of a CRUD page. Memoised: it renders again only when its own props change, not when
 * the page opens a dialog or a confirmation.
 */
function CrudTableOf<T extends object>(props: CrudTableProps<T>) {
  const { t } = useTranslation();
  const { selectedKeys, expandedKeys, paging, rowTitle } = props;

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'paginate')
      props.onPage(pagination.current ?? 1, pagination.pageSize ?? paging?.size ?? 10);
    if (action === 'sort') props.onSort(sorter);
  };

  return (
    <Table<T>
      rowKey={props.rowKey}
      columns={props.columns}
      dataSource={props.rows}
      loading={props.loading}
      rowSelection={
        selectedKeys && {
          selectedRowKeys: selectedKeys as Key[],
          onChange: props.onSelect,
          getCheckboxProps: (row) => ({ 'aria-label': t('crud.table.selectRow', { name: rowTitle(row) }) }),
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
              showTotal: (total) => t('crud.table.total', { total }),
            }
          : false
      }
      onChange={onChange}
    />
  );
}

export const CrudTable = memo(CrudTableOf) as typeof CrudTableOf;
