import {
  Checkbox,
  Pagination,
  Spin,
  Table,
  theme,
  type CheckboxProps,
  type TableColumnsType,
  type TableProps,
} from 'antd';
import type { CheckboxChangeEvent } from 'antd/es/checkbox';
import {
  createContext,
  isValidElement,
  memo,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type HTMLAttributes,
  type Key,
  type ReactNode,
  type RefObject,
} from 'react';
import { useStableHandler } from './useStableHandler';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS, type TableSorter } from './list-state';
import { PageSizeSelect } from './PageSizeSelect';
import type { RowWindow } from './row-window';
import { fitColumns } from './table-columns';
import { useRowWindow } from './useRowWindow';
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
  /**
   * The pager, or undefined when the list came whole. `totalExact` false: the server counted up to
   * `total` and stopped (a large log), and the pager says "10,000+".
   */
  paging: { current: number; size: number; total: number; totalExact?: boolean } | undefined;
  /** A fixed height of the table's body, which scrolls (px); none: as tall as its rows. */
  scrollY?: number;
  /**
   * A phone's screen (class 0): when the table is wider than its pane, only its first column stays
   * in view while it scrolls sideways; on larger screens the row buttons stay in view too.
   */
  phone?: boolean;
  /** What an empty table says instead of antd's 暂无数据: the list is loading, or did not load. */
  emptyText?: string;
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
 * the list request left only after that (docs/decisions/0009-signed-in-chunk-and-table-turns.md).
 * Memoised: it renders again only when its own props change, not when the page opens a dialog.
 */
function CrudTableOf<T extends object>(props: CrudTableProps<T>) {
  const { t } = useTranslation();
  const { paging, loading, onPage } = props;
  const { token } = theme.useToken();
  const host = useRef<HTMLDivElement>(null);
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
    <div ref={host} className="crud-table" style={colors} aria-busy={loading}>
      <CrudRows<T>
        host={host}
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
        phone={props.phone}
        emptyText={props.emptyText}
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
          showTotal={(total) =>
            paging.totalExact === false
              ? t('crud.table.totalAtLeast', { total: total.toLocaleString('en-US') })
              : t('crud.table.total', { total })
          }
          onChange={onPage}
        />
      )}
    </div>
  );
}

export const CrudTable = memo(CrudTableOf) as typeof CrudTableOf;

type CrudRowsProps<T> = Omit<CrudTableProps<T>, 'loading' | 'paging' | 'onPage'> & {
  /** The element holding the table, whose rows a long page's window measures. */
  host: RefObject<HTMLElement | null>;
};

/**
 * antd's table of the rows: renders again only when the rows, columns, selection, sort or, on a
 * long flat page, the window of drawn rows change (decision 0010).
 */
function CrudRowsOf<T extends object>(props: CrudRowsProps<T>) {
  const { t } = useTranslation();
  const { rows, rowKey, selectedKeys, expandedKeys, rowTitle, onExpandedChange, onExpand, onSort } = props;
  // Tree tables keep every row: their rows open and close in place.
  const drawn = useRowWindow(rows, rowKey, expandedKeys === undefined, props.host);
  const windowed = drawn !== undefined;
  const start = drawn?.start ?? 0;
  const end = drawn?.end ?? rows.length;
  const dataSource = useMemo(() => (windowed ? rows.slice(start, end) : rows), [windowed, rows, start, end]);
  // antd knows only the drawn rows: selections are answered with rows of the whole page.
  const onSelect = useStableHandler((keys: Key[], chosen: T[]) => {
    if (!windowed) return props.onSelect(keys, chosen);
    const wanted = new Set(keys);
    props.onSelect(
      keys,
      rows.filter((row) => wanted.has(rowKey(row))),
    );
  });
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
        ...(windowed && {
          // Keys of rows outside the window stay selected, and "select all" means the whole page.
          preserveSelectedRowKeys: true,
          columnTitle: (
            <SelectAllRows
              rows={rows}
              rowKey={rowKey}
              selectedKeys={selectedKeys}
              label={t('crud.table.selectAll')}
              onSelect={onSelect}
            />
          ),
        }),
      },
    [selectedKeys, onSelect, rowTitle, t, windowed, rows, rowKey],
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
  // Every column has its width (table-columns.ts): the table is at least as wide as they are
  // together, and scrolls sideways inside its pane rather than squeezing them. Then the first column
  // (and on larger screens the row buttons) stay in view.
  // Wider than the pane, text columns first narrow down to their titles (fitColumns); only what
  // is still too wide scrolls. A phone keeps the widths and scrolls: its screen fits no table.
  const available = useWidthOf(props.host);
  const selectable = selectedKeys !== undefined;
  const fitted = useMemo(
    () =>
      available === undefined || props.phone === true
        ? props.columns
        : fitColumns(props.columns, available, selectable ? SELECTION_WIDTH : 0),
    [props.columns, available, props.phone, selectable],
  );
  const width = tableWidth(fitted, selectable);
  const overflows = typeof width === 'number' && available !== undefined && width > available;
  const pinFirst = overflows;
  const pinActions = overflows && props.phone !== true;
  const columns = useMemo(() => pinColumns(fitted, pinFirst, pinActions), [fitted, pinFirst, pinActions]);
  const scroll = useMemo(() => ({ x: width, y: props.scrollY }), [width, props.scrollY]);
  const { emptyText } = props;
  const locale = useMemo(() => (emptyText === undefined ? undefined : { emptyText }), [emptyText]);
  // Screen readers hear where a drawn row sits in the whole page (aria-rowcount, aria-rowindex).
  const onRow = useMemo(
    () => (windowed ? (_row: T, at?: number) => ({ 'aria-rowindex': start + (at ?? 0) + 2 }) : undefined),
    [windowed, start],
  );
  const before = drawn?.before ?? 0;
  const after = drawn?.after ?? 0;
  const colSpan = columns.length + (selectedKeys ? 1 : 0);
  const spacers = useMemo<WindowSpacers | undefined>(
    () => (windowed ? { before, after, rowCount: rows.length + 1, colSpan } : undefined),
    [windowed, before, after, rows.length, colSpan],
  );
  return (
    <WindowContext.Provider value={spacers}>
      <Table<T>
        rowKey={rowKey}
        columns={columns}
        dataSource={dataSource}
        scroll={scroll}
        locale={locale}
        rowSelection={rowSelection}
        expandable={expandable}
        pagination={false}
        onChange={onChange}
        // A window's columns keep their widths whichever rows are drawn.
        tableLayout={windowed ? 'fixed' : undefined}
        components={windowed ? WINDOW_PARTS : undefined}
        onRow={onRow}
        onHeaderRow={windowed ? headerRowIndex : undefined}
      />
    </WindowContext.Provider>
  );
}

const CrudRows = memo(CrudRowsOf) as typeof CrudRowsOf;

/** The element's own width (followed as the element resizes); undefined until it is laid out. */
function useWidthOf(element: RefObject<HTMLElement | null>): number | undefined {
  const [available, setAvailable] = useState<number>();
  // A passive effect: the element is an ancestor, whose ref is set after this component's layout effects.
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const measure = () => setAvailable(node.clientWidth > 0 ? node.clientWidth : undefined);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [element]);
  return available;
}

/** The selection column's width (antd's). */
const SELECTION_WIDTH = 48;

/** The columns' widths together, or max-content when a column has no width in pixels. */
export function tableWidth<T>(columns: TableColumnsType<T>, selectable: boolean): number | 'max-content' {
  let sum = selectable ? SELECTION_WIDTH : 0;
  for (const column of columns) {
    if (typeof column.width !== 'number') return 'max-content';
    sum += column.width;
  }
  return sum;
}

/**
 * Fixes the first data column (with the row numbers before it) to the left and the row buttons to
 * the right, as asked: they stay in view while the rest scrolls sideways.
 */
export function pinColumns<T>(
  columns: TableColumnsType<T>,
  first: boolean,
  actions: boolean,
): TableColumnsType<T> {
  if (!first && !actions) return columns;
  const firstData = columns.findIndex((column) => column.key !== '$index' && column.key !== '$actions');
  return columns.map((column, at) => {
    if (first && at <= firstData) return { ...column, fixed: 'left' as const };
    if (actions && column.key === '$actions') return { ...column, fixed: 'right' as const };
    return column;
  });
}

type WindowSpacers = Pick<RowWindow, 'before' | 'after'> & { rowCount: number; colSpan: number };

/** The drawn window of a long page, for the table parts below; undefined when every row is drawn. */
const WindowContext = createContext<WindowSpacers | undefined>(undefined);

const headerRowIndex = () => ({ 'aria-rowindex': 1 });

/** A windowed table says how many rows the whole page has. */
function WindowTable(props: HTMLAttributes<HTMLTableElement>) {
  const spacers = useContext(WindowContext);
  return <table {...props} aria-rowcount={spacers?.rowCount} />;
}

/** The body of a windowed table: the drawn rows between two spacers as tall as the rows left out. */
function WindowBody(props: HTMLAttributes<HTMLTableSectionElement>) {
  const spacers = useContext(WindowContext);
  const { children, ...rest } = props;
  return (
    <tbody {...rest}>
      {spacers && spacers.before > 0 && <Spacer height={spacers.before} colSpan={spacers.colSpan} />}
      {children}
      {spacers && spacers.after > 0 && <Spacer height={spacers.after} colSpan={spacers.colSpan} />}
    </tbody>
  );
}

function Spacer({ height, colSpan }: { height: number; colSpan: number }) {
  return (
    <tr className="crud-table-spacer" aria-hidden="true">
      <td colSpan={colSpan} style={{ height }} />
    </tr>
  );
}

const WINDOW_PARTS: TableProps['components'] = { table: WindowTable, body: { wrapper: WindowBody } };

/** "Select all" of a windowed page: every row of the page, not only the drawn ones. */
function SelectAllRows<T>(props: {
  rows: readonly T[];
  rowKey: (row: T) => string;
  selectedKeys: readonly Key[];
  label: string;
  onSelect: (keys: Key[], rows: T[]) => void;
}) {
  const { rows, rowKey, selectedKeys, onSelect } = props;
  const chosen = new Set(selectedKeys);
  const count = rows.reduce((n, row) => (chosen.has(rowKey(row)) ? n + 1 : n), 0);
  return (
    <Checkbox
      aria-label={props.label}
      checked={count > 0 && count === rows.length}
      indeterminate={count > 0 && count < rows.length}
      onChange={(event) => (event.target.checked ? onSelect(rows.map(rowKey), [...rows]) : onSelect([], []))}
    />
  );
}
