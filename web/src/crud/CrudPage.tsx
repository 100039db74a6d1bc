import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, ConfigProvider, Flex, Modal, Space, theme } from 'antd';
import { useCallback, useMemo, useRef, useState, type CSSProperties, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError, type QueryParams } from '../api/request';
import { useScreenClass } from '../app/layout/screen';
import { useHasPermission } from '../app/menu/permission-store';
import { CrudDialog } from './CrudDialog';
import { CrudSearch } from './CrudSearch';
import { CrudTable } from './CrudTable';
import { inputOf } from './form-values';
import {
  INITIAL_LIST_STATE,
  listFilters,
  pageAfterRemoval,
  sortFromTable,
  toListRows,
  withPaging,
  withSearch,
  withSort,
  type ListState,
  type TableSorter,
} from './list-state';
import { RowButtons, ToolbarActionButton } from './RowButtons';
import { sortFieldOf, tableColumns } from './table-columns';
import { dropEmpty } from './search';
import { pruneEmptyChildren, withLazyChildren } from './tree';
import type {
  ColumnShape,
  CrudActionContext,
  CrudConfig,
  CrudFormValues,
  CrudMode,
  CrudRowAction,
  Permission,
  TextKey,
} from './types';
import { useColumnOptions } from './useColumnOptions';
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

interface DialogState<T> {
  open: boolean;
  mode: CrudMode;
  row?: T;
  /** Add: values filled in besides the columns' own (a page action's `openAdd`). */
  values?: CrudFormValues;
}

/** The permission code to check: none for a button offered to everyone. */
const codeOf = (permission: Permission | false | undefined) =>
  typeof permission === 'string' ? permission : undefined;
/** Whether the page offers the button at all. */
const offered = (permission: Permission | false | undefined) =>
  permission !== undefined && permission !== false;

const hasChildrenFlag = (row: unknown) => (row as { hasChildren?: unknown }).hasChildren === true;
const NO_SELECTION = { keys: [] as Key[], rows: [] as never[] };

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
  const { message } = App.useApp();
  const [modal, modalHolder] = Modal.useModal();
  const queryClient = useQueryClient();
  const containerRef = useRef<HTMLElement>(null);
  const getContainer = useCallback(() => containerRef.current ?? document.body, []);

  const { api, permissions, name } = config;
  const columns = config.columns as readonly ColumnShape[];
  const rowKey = config.rowKey ?? 'id';
  const rowTitleField = config.rowTitle ?? rowKey;
  const keyOf = useCallback((row: T) => String(row[rowKey as keyof T]), [rowKey]);
  const titleOf = useCallback((row: T) => String(row[rowTitleField as keyof T] ?? ''), [rowTitleField]);
  const bulkDelete = permissions.bulkDelete === undefined ? permissions.delete : permissions.bulkDelete;
  const canAdd = useHasPermission(codeOf(permissions.add)) && offered(permissions.add) && !!api.submit;
  const canEdit = useHasPermission(codeOf(permissions.edit)) && offered(permissions.edit) && !!api.submit;
  const canView = useHasPermission(codeOf(permissions.view)) && offered(permissions.view);
  const canDelete =
    useHasPermission(codeOf(permissions.delete)) && offered(permissions.delete) && !!api.remove;
  const canBulkDelete = useHasPermission(codeOf(bulkDelete)) && offered(bulkDelete) && !!api.remove;
  const options = useColumnOptions(columns);
  // A phone (screen class 0): a table wider than the screen keeps only its first column in view.
  const screen = useScreenClass();

  // ----- the list
  const [listState, setListState] = useState<ListState>(() => ({
    ...INITIAL_LIST_STATE,
    sort: config.defaultSort ?? [],
  }));
  const [selected, setSelected] = useState<{ keys: Key[]; rows: T[] }>(NO_SELECTION);
  // New fixed filters (another department picked beside the table) mean other rows: page 1.
  const paramsKey = JSON.stringify(dropEmpty(params ?? {}));
  const [listedParams, setListedParams] = useState(paramsKey);
  if (listedParams !== paramsKey) {
    setListedParams(paramsKey);
    setListState((state) => ({ ...state, current: 1 }));
    setSelected(NO_SELECTION);
  }
  const list = useQuery({
    queryKey: [name, 'list', params ?? {}, listState],
    queryFn: () => api.list(listState.current, listState.size, listFilters(listState, params)),
    placeholderData: keepPreviousData,
  });
  const { rows, total, paged, offset: indexOffset } = useMemo(() => toListRows(list.data), [list.data]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [loadedChildren, setLoadedChildren] = useState<ReadonlyMap<string, readonly T[]>>(new Map());
  const requestedChildren = useRef(new Set<string>());
  const { tree } = config;
  const dataSource = useMemo(() => {
    if (tree?.lazy)
      return withLazyChildren(rows, loadedChildren, keyOf, tree.lazy.hasChildren ?? hasChildrenFlag);
    return tree ? pruneEmptyChildren(rows) : rows;
  }, [rows, loadedChildren, keyOf, tree]);

  const refresh = useStableHandler(async () => {
    requestedChildren.current.clear();
    setLoadedChildren(new Map());
    setExpanded([]);
    // Every cached page is out of date; the one on screen is fetched now.
    await queryClient.invalidateQueries({ queryKey: [name, 'list'], refetchType: 'none' });
    await list.refetch();
  });

  const loadChildren = useCallback(
    (row: T) => {
      const key = keyOf(row);
      if (!tree?.lazy || requestedChildren.current.has(key)) return;
      requestedChildren.current.add(key);
      tree.lazy.load(row).then(
        (found) => setLoadedChildren((loaded) => new Map(loaded).set(key, found)),
        () => requestedChildren.current.delete(key), // the request layer has said why; expand again to retry
      );
    },
    [keyOf, tree],
  );

  // ----- messages and confirmations, inside the page
  const success = useStableHandler((text: TextKey = 'crud.message.done') => void message.success(t(text)));
  const confirmConfig = (content: TextKey) => ({
    title: t('crud.confirm.title'),
    content: t(content),
    okText: t('crud.confirm.ok'),
    cancelText: t('crud.confirm.cancel'),
    okButtonProps: { 'aria-label': t('crud.confirm.ok') },
    cancelButtonProps: { 'aria-label': t('crud.confirm.cancel') },
    getContainer,
  });
  const confirm = (content: TextKey) =>
    new Promise<boolean>((resolve) => {
      void modal.confirm({
        ...confirmConfig(content),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  const actionContext = (): CrudActionContext<T> => ({
    selectedRows: selected.rows,
    selectedIds: selected.keys.map(String),
    refresh,
    success,
    confirm,
    openAdd: (values) => setDialog({ open: true, mode: 'add', values }),
  });

  const remove = useStableHandler((targets: readonly T[]) => {
    if (targets.length === 0) {
      void message.warning(t('crud.message.selectOne'));
      return;
    }
    void modal.confirm({
      ...confirmConfig('crud.confirm.delete'),
      onOk: async () => {
        try {
          await api.remove?.(targets.map(keyOf));
        } catch {
          return; // the request layer has shown the server's reason
        }
        success('crud.message.deleted');
        setSelected(NO_SELECTION);
        const current = pageAfterRemoval(listState, total, targets.length);
        if (current === listState.current) return refresh();
        await queryClient.invalidateQueries({ queryKey: [name, 'list'], refetchType: 'none' });
        setListState((state) => ({ ...state, current }));
      },
    });
  });

  // ----- the dialog
  const [dialog, setDialog] = useState<DialogState<T>>({ open: false, mode: 'add' });
  const detailId =
    dialog.open && dialog.mode !== 'add' && dialog.row && api.detail ? keyOf(dialog.row) : undefined;
  const detail = useQuery({
    queryKey: [name, 'detail', detailId],
    queryFn: () => api.detail!(detailId!),
    enabled: detailId !== undefined,
    // Always the record as it is now: nothing kept once the dialog closes.
    gcTime: 0,
  });
  const record = dialog.mode === 'add' ? undefined : api.detail ? detail.data : dialog.row;
  const open = useCallback((mode: CrudMode, row?: T) => setDialog({ open: true, mode, row }), []);
  const close = () => setDialog((state) => ({ ...state, open: false }));

  const save = async (values: CrudFormValues) => {
    const editing = dialog.mode === 'edit' ? (record ?? dialog.row) : undefined;
    const input = config.toInput
      ? config.toInput(values, editing)
      : (inputOf(columns, values, editing && { field: rowKey, value: editing[rowKey as keyof T] }) as I);
    await api.submit?.(input);
    success(editing ? 'crud.message.updated' : 'crud.message.added');
    close();
    void refresh();
  };

  // ----- the table
  const runRowAction = useStableHandler((action: CrudRowAction<T>, row: T) =>
    action.onClick(row, actionContext()),
  );
  const rowActions = config.rowActions;
  const hasRowButtons = canView || canEdit || canDelete || (rowActions?.length ?? 0) > 0;
  const { removable } = config;
  const showIndex = config.table?.index === true;
  const iconActions = config.table?.iconActions === true;
  const tableColumnList = useMemo(() => {
    const list = tableColumns({
      columns: config.columns,
      labels: options.labels,
      sort: listState.sort,
      t,
      actions: hasRowButtons
        ? {
            title: t('crud.table.actions'),
            iconOnly: iconActions,
            labels: [
              ...(canView ? [t('crud.action.view')] : []),
              ...(canEdit ? [t('crud.action.edit')] : []),
              ...(canDelete ? [t('crud.action.delete')] : []),
              ...(rowActions ?? []).map((action) => t(action.label)),
            ],
            render: (row: T) => (
              <RowButtons
                row={row}
                view={canView}
                edit={canEdit}
                remove={canDelete}
                removable={removable?.(row) ?? true}
                actions={rowActions}
                iconOnly={iconActions}
                onOpen={open}
                onRemove={remove}
                onAction={runRowAction}
              />
            ),
          }
        : undefined,
    });
    if (!showIndex) return list;
    // Row numbers go on across pages (row 11 heads page 2). A long page draws a window of its rows
    // (decision 0010), so a row's number comes from its place in the page, not in what antd drew.
    const positions = new Map(dataSource.map((row, at) => [row, at]));
    const index: (typeof list)[number] = {
      key: '$index',
      title: t('crud.table.index'),
      width: 64,
      align: 'center',
      render: (_: unknown, row: T, at: number) => indexOffset + (positions.get(row) ?? at) + 1,
    };
    return [index, ...list];
  }, [
    config.columns,
    options.labels,
    listState.sort,
    t,
    hasRowButtons,
    canView,
    canEdit,
    canDelete,
    removable,
    rowActions,
    iconActions,
    open,
    remove,
    runRowAction,
    showIndex,
    indexOffset,
    dataSource,
  ]);
  const onSort = useCallback(
    (sorter: TableSorter | TableSorter[]) => {
      const fieldOf = (key: string) => {
        const column = config.columns.find((one) => one.prop === key);
        return column && sortFieldOf(column);
      };
      setListState((state) => withSort(state, sortFromTable(sorter, fieldOf)));
      setSelected(NO_SELECTION); // only rows on screen stay selected
    },
    [config.columns],
  );
  const onPage = useCallback((current: number, size: number) => {
    setListState((state) => withPaging(state, current, size));
    setSelected(NO_SELECTION); // only rows on screen stay selected
  }, []);
  const { current, size } = listState;
  const paging = useMemo(() => (paged ? { current, size, total } : undefined), [paged, current, size, total]);
  const onSelect = useCallback((keys: Key[], chosen: T[]) => setSelected({ keys, rows: chosen }), []);
  const selectable = canBulkDelete || (config.toolbarActions ?? []).some((action) => action.needsSelection);

  return (
    <ConfigProvider getPopupContainer={getContainer}>
      <section
        ref={containerRef}
        aria-label={t(config.title)}
        style={{ position: 'relative', ...rowActionColors }}
      >
        <CrudSearch
          name={name}
          columns={columns}
          options={options.options}
          onSearch={(filters) => {
            setSelected(NO_SELECTION);
            setListState((state) => withSearch(state, filters));
          }}
        />
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 16 }}>
          <Space wrap role="toolbar" aria-label={t('crud.toolbar.label')}>
            {canAdd && (
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden />}
                aria-label={t('crud.toolbar.add')}
                onClick={() => open('add')}
              >
                {t('crud.toolbar.add')}
              </Button>
            )}
            {canBulkDelete && (
              <Button
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('crud.toolbar.bulkDelete')}
                onClick={() => remove(selected.rows)}
              >
                {t('crud.toolbar.bulkDelete')}
              </Button>
            )}
            {config.toolbarActions?.map((action) => (
              <ToolbarActionButton
                key={action.key}
                action={action}
                onClick={() =>
                  action.needsSelection && selected.keys.length === 0
                    ? void message.warning(t('crud.message.selectOne'))
                    : void action.onClick(actionContext())
                }
              />
            ))}
          </Space>
          <Button
            icon={<ReloadOutlined aria-hidden />}
            aria-label={t('crud.toolbar.refresh')}
            title={t('crud.toolbar.refresh')}
            onClick={() => void refresh()}
          />
        </Flex>
        {list.isError && (
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
              <Button size="small" aria-label={t('crud.table.retry')} onClick={() => void list.refetch()}>
                {t('crud.table.retry')}
              </Button>
            }
          />
        )}
        <CrudTable<T>
          columns={tableColumnList}
          rows={dataSource}
          loading={list.isFetching}
          rowKey={keyOf}
          rowTitle={titleOf}
          selectedKeys={selectable ? selected.keys : undefined}
          onSelect={onSelect}
          expandedKeys={tree ? expanded : undefined}
          onExpandedChange={setExpanded}
          onExpand={loadChildren}
          paging={paging}
          scrollY={config.table?.scrollY}
          phone={screen === 0}
          emptyText={
            list.isError ? t('crud.table.loadFailed') : list.isPending ? t('crud.table.loading') : undefined
          }
          onPage={onPage}
          onSort={onSort}
        />
        <CrudDialog
          name={name}
          open={dialog.open}
          mode={dialog.mode}
          record={record as Readonly<Record<string, unknown>> | undefined}
          addValues={dialog.mode === 'add' ? dialog.values : undefined}
          loading={detailId !== undefined && detail.isPending}
          failed={detailId !== undefined && detail.isError}
          columns={columns}
          options={options.options}
          width={config.dialog?.width ?? DEFAULT_DIALOG_WIDTH}
          perRow={config.dialog?.columns ?? 2}
          getContainer={getContainer}
          onSave={save}
          onClose={close}
        />
        {children}
        {modalHolder}
      </section>
    </ConfigProvider>
  );
}
