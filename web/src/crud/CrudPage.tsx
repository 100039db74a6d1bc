import { Alert, Button, ConfigProvider, Form, theme, type FormInstance } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { download } from '../api/files';
import { RequestError, type QueryParams } from '../api/request';
import { useHasPermission } from '../app/menu/permission-store';
import { useScreenClass } from '../app/layout/screen';
import { CrudDialog } from './CrudDialog';
import { CrudSearch } from './CrudSearch';
import { CrudTable } from './CrudTable';
import { CrudToolbar } from './CrudToolbar';
import { searchParamSpecs, searchSpec, startingSearch } from './columns';
import { useExportProgress } from './ExportProgress';
import { listFilters, sortFromTable, type TableSorter } from './list-state';
import { searchParams } from './search';
import { sortFieldOf } from './table-columns';
import type { ColumnShape, CrudActionContext, CrudConfig, CrudFormValues, CrudRowAction } from './types';
import { useColumnOptions } from './useColumnOptions';
import { useCrudDetail } from './useCrudDetail';
import { searchDraft, useCrudDrafts, withoutPasswords } from './useCrudDrafts';
import { useCrudList } from './useCrudList';
import { useCrudRemove } from './useCrudRemove';
import { useCrudTree } from './useCrudTree';
import { usePageButtons } from './usePageButtons';
import { usePageColumns } from './usePageColumns';
import { usePageMessages } from './usePageMessages';
import { useStableHandler } from './useStableHandler';
import './crud.css';
import '../i18n/console-texts';

export interface CrudPageProps<T, I> {
  config: CrudConfig<T, I>;
  /** Filters every list call carries besides the search's (the department picked in a side tree, …). */
  params?: QueryParams;
  /** Page-made parts (dialogs, drawers) rendered inside the page, so they hide with its tab. */
  children?: ReactNode;
}

const DEFAULT_DIALOG_WIDTH = 880;

/**
 * A whole table page from its configuration: search form, toolbar, table (paged, tree or lazy
 * tree), add/edit/view dialog, row and bulk delete. Buttons show only with their permission.
 * Every dialog and popup renders inside the page's own element, so a kept-alive tab that is hidden
 * hides them too, and shows them again as they were.
 */
export function CrudPage<T extends object, I>({ config, params, children }: CrudPageProps<T, I>) {
  const { token } = theme.useToken();
  // The theme's colours for the row buttons (crud.css), which are plain buttons for speed.
  const rowActionColors = useMemo(
    () =>
      ({
        '--crud-link': token.colorLink,
        '--crud-link-hover': token.colorLinkHover,
        '--crud-danger': token.colorError,
        '--crud-danger-hover': token.colorErrorHover,
        '--crud-focus': token.colorPrimaryBorder,
        '--crud-disabled': token.colorTextDisabled,
      }) as CSSProperties,
    [token],
  );
  const { t } = useTranslation();
  const containerRef = useRef<HTMLElement>(null);
  const getContainer = useCallback(() => containerRef.current ?? document.body, []);

  const { api, name } = config;
  const columns = config.columns as readonly ColumnShape[];
  const rowKey = config.rowKey ?? 'id';
  const rowTitleField = config.rowTitle ?? rowKey;
  const keyOf = useCallback((row: T) => String(row[rowKey as keyof T]), [rowKey]);
  const titleOf = useCallback((row: T) => String(row[rowTitleField as keyof T] ?? ''), [rowTitleField]);
  const buttons = usePageButtons(config);
  const { canAdd, canBulkDelete } = buttons;
  const options = useColumnOptions(columns);
  // A phone (screen class 0): a table wider than the screen keeps only its first column in view.
  const screen = useScreenClass();

  const { success, warn, info, confirm, confirmThen, modalHolder } = usePageMessages(getContainer);

  // ----- a starting search from the address (?hospitalId=…): another page's link to a filtered list
  const { pathname, search: address } = useLocation();
  const [starting] = useState(() => startingSearch(columns, new URLSearchParams(address)));

  // ----- the list, the tree, removal and the dialog: headless hooks, rendered below
  const list = useCrudList<T>({
    name,
    list: api.list,
    params,
    defaultSort: config.defaultSort,
    initialSearch: starting && searchParams(starting, searchParamSpecs(columns)),
  });
  const { state: listState, total, totalExact, paged, offset, search, turnPage, sortBy } = list;
  const tree = useCrudTree<T>({ rows: list.rows, keyOf, tree: config.tree });
  const { rows: dataSource, reset: resetTree } = tree;
  const refresh = useStableHandler(async () => {
    resetTree();
    await list.refresh();
  });
  const { selection, select, remove } = useCrudRemove<T>({
    keyOf,
    remove: api.remove,
    list,
    refresh,
    confirm: confirmThen,
    success,
    warn,
  });
  const detail = useCrudDetail<T, I>({
    name,
    api,
    rowKey,
    columns,
    toInput: config.toInput,
    success,
    refresh,
  });
  const { openDialog: open, openAdd } = detail;

  // ----- drafts: a session that ends keeps the search and the open dialog (useCrudDrafts.ts)
  const [searchForm] = Form.useForm<Record<string, unknown>>();
  useEffect(() => {
    if (starting) searchForm.setFieldsValue(starting);
  }, [searchForm, starting]);
  const dialogForm = useRef<FormInstance<CrudFormValues>>(null);
  const searchable = columns.some((column) => searchSpec(column) !== undefined);
  useCrudDrafts({
    key: `${pathname}|${name}`,
    readSearch: () => (searchable ? searchDraft(columns, searchForm.getFieldsValue()) : undefined),
    restoreSearch: (values) => {
      if (!searchable) return;
      searchForm.setFieldsValue(values);
      search(searchParams(values, searchParamSpecs(columns)));
    },
    readDialog: () => {
      // An edit comes back as its record loaded again by key: only on pages with a detail call.
      if (!detail.open || detail.mode === 'view' || (detail.mode === 'edit' && !api.detail)) return;
      // What was filled in when it opened (or came back), and the fields changed since.
      const changed = dialogForm.current?.getFieldsValue(true, (meta) => meta?.touched === true) ?? {};
      const values = withoutPasswords(columns, { ...detail.values, ...changed });
      if (Object.keys(values).length === 0) return;
      return detail.mode === 'add' ? { mode: 'add', values } : { mode: 'edit', id: detail.id, values };
    },
    restoreDialog: ({ mode, id, values }) => {
      if (mode === 'add') openAdd(values);
      else if (api.detail) open('edit', { [rowKey]: id } as T, values);
    },
    onRestored: () => info('crud.message.restored'),
  });

  const actionContext = (): CrudActionContext<T> => ({
    selectedRows: selection.rows,
    selectedIds: selection.keys.map(String),
    refresh,
    success,
    confirm,
    openAdd,
  });

  // ----- the table
  const runRowAction = useStableHandler((action: CrudRowAction<T>, row: T) =>
    action.onClick(row, actionContext()),
  );
  const tableColumnList = usePageColumns({
    config,
    labels: options.labels,
    sort: listState.sort,
    buttons,
    onOpen: open,
    onRemove: remove,
    onAction: runRowAction,
    rows: dataSource,
    offset,
  });
  const onSort = useCallback(
    (sorter: TableSorter | TableSorter[]) => {
      const fieldOf = (key: string) => {
        const column = config.columns.find((one) => one.prop === key);
        return column && sortFieldOf(column);
      };
      sortBy(sortFromTable(sorter, fieldOf));
    },
    [config.columns, sortBy],
  );
  const { current, size } = listState;
  const paging = useMemo(
    () => (paged ? { current, size, total, totalExact } : undefined),
    [paged, current, size, total, totalExact],
  );
  const selectable = canBulkDelete || (config.toolbarActions ?? []).some((action) => action.needsSelection);

  // ----- 导出: the rows of the search on screen, in its sort, the visible columns in their order
  const exporting = useExportProgress();
  const exportSpec = config.export;
  const canExport = useHasPermission(exportSpec?.permission) && exportSpec !== undefined;
  const runExport = useStableHandler(() => {
    if (!exportSpec) return;
    // The table's own columns: not the row numbers nor the row buttons ($index, $actions).
    const shown = tableColumnList.filter(
      (column) =>
        typeof column.key === 'string' &&
        !column.key.startsWith('$') &&
        !(exportSpec.leaveOut ?? []).includes(column.key),
    );
    // A column of fixed choices says its values in the page's words (the server knows a
    // dictionary's labels itself).
    const labels: Record<string, Record<string, string>> = {};
    for (const column of shown) {
      const choices = columns.find((one) => one.prop === column.key)?.options;
      if (choices && choices.length > 0)
        labels[String(column.key)] = Object.fromEntries(
          choices.map((choice) => [String(choice.value), t(choice.label)]),
        );
    }
    const filters = listFilters(listState, params);
    const query: QueryParams = {
      ...(exportSpec.filters ? exportSpec.filters(filters) : filters),
      columns: shown.map((column) => String(column.key)).join(','),
      titles: JSON.stringify(shown.map((column) => String(column.title ?? ''))),
      ...(Object.keys(labels).length > 0 ? { labels: JSON.stringify(labels) } : {}),
    };
    void exporting.run(
      (call) => download(exportSpec.url, query, { signal: call.signal, onProgress: call.onProgress }),
      // How many rows it holds, when the list counted them all.
      totalExact ? total : undefined,
    );
  });

  return (
    <ConfigProvider getPopupContainer={getContainer}>
      <section
        ref={containerRef}
        aria-label={t(config.title)}
        style={{ position: 'relative', ...rowActionColors }}
      >
        <CrudSearch
          name={name}
          form={searchForm}
          columns={columns}
          options={options.options}
          onSearch={search}
        />
        <CrudToolbar<T>
          onAdd={canAdd ? () => open('add') : undefined}
          onBulkDelete={canBulkDelete ? () => remove(selection.rows) : undefined}
          onExport={canExport ? runExport : undefined}
          exporting={exporting.running}
          actions={config.toolbarActions}
          onAction={(action) =>
            action.needsSelection && selection.keys.length === 0
              ? warn('crud.message.selectOne')
              : void action.onClick(actionContext())
          }
          onRefresh={() => void refresh()}
        />
        {list.failed && (
          // A list that did not load says so, with a retry: an empty table would read "no data".
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('crud.table.loadFailed')}
            description={
              list.error instanceof RequestError ? list.error.message : t('crud.table.unreachable')
            }
            action={
              <Button size="small" aria-label={t('crud.table.retry')} onClick={list.retry}>
                {t('crud.table.retry')}
              </Button>
            }
          />
        )}
        <CrudTable<T>
          columns={tableColumnList}
          rows={dataSource}
          loading={list.fetching}
          rowKey={keyOf}
          rowTitle={titleOf}
          selectedKeys={selectable ? selection.keys : undefined}
          onSelect={select}
          expandedKeys={config.tree ? tree.expanded : undefined}
          onExpandedChange={tree.setExpanded}
          onExpand={tree.loadChildren}
          paging={paging}
          scrollY={config.table?.scrollY}
          phone={screen === 0}
          emptyText={
            list.failed ? t('crud.table.loadFailed') : list.pending ? t('crud.table.loading') : undefined
          }
          onPage={turnPage}
          onSort={onSort}
        />
        <CrudDialog
          name={name}
          open={detail.open}
          mode={detail.mode}
          record={detail.record as Readonly<Record<string, unknown>> | undefined}
          values={detail.values}
          formRef={dialogForm}
          loading={detail.loading}
          failed={detail.failed}
          columns={columns}
          options={options.options}
          width={config.dialog?.width ?? DEFAULT_DIALOG_WIDTH}
          perRow={config.dialog?.columns ?? 2}
          getContainer={getContainer}
          onSave={detail.save}
          onClose={detail.close}
        />
        {exporting.element}
        {children}
        {modalHolder}
      </section>
    </ConfigProvider>
  );
}
