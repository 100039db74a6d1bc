import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, ConfigProvider, Flex, Modal, Space, theme } from 'antd';
import { useCallback, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { RequestError, type QueryParams } from '../api/request';
import { useScreenClass } from '../app/layout/screen';
import { useHasPermission, usePermissions } from '../app/menu/permission-store';
import { CrudDialog } from './CrudDialog';
import { CrudSearch } from './CrudSearch';
import { CrudTable } from './CrudTable';
import { sortFromTable, type TableSorter } from './list-state';
import { RowButtons, splitRowButtons, ToolbarActionButton } from './RowButtons';
import { sortFieldOf, tableColumns } from './table-columns';
import type { ColumnShape, CrudActionContext, CrudConfig, CrudRowAction, Permission, TextKey } from './types';
import { useColumnOptions } from './useColumnOptions';
import { useCrudDetail } from './useCrudDetail';
import { useCrudList } from './useCrudList';
import { useCrudRemove } from './useCrudRemove';
import { useCrudTree } from './useCrudTree';
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

/** The permission code to check: none for a button offered to everyone. */
const codeOf = (permission: Permission | false | undefined) =>
  typeof permission === 'string' ? permission : undefined;
/** Whether the page offers the button at all. */
const offered = (permission: Permission | false | undefined) =>
  permission !== undefined && permission !== false;

/** What the widest row's buttons say, which sizes their column: the first ones and 更多. */
function rowButtonLabels(t: TFunction, labels: string[], iconOnly: boolean): string[] {
  const { shown, more } = splitRowButtons(labels, iconOnly);
  return more.length > 0 ? [...shown, t('crud.action.more')] : shown;
}

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

  // ----- messages and confirmations, inside the page
  const success = useStableHandler((text: TextKey = 'crud.message.done') => void message.success(t(text)));
  const warn = useStableHandler((text: TextKey) => void message.warning(t(text)));
  const confirmConfig = (content: TextKey) => ({
    title: t('crud.confirm.title'),
    content: t(content),
    okText: t('crud.confirm.ok'),
    cancelText: t('crud.confirm.cancel'),
    okButtonProps: { 'aria-label': t('crud.confirm.ok') },
    cancelButtonProps: { 'aria-label': t('crud.confirm.cancel') },
    getContainer,
  });
  // The confirmation's OK button spins until `onOk` settles (a removal).
  const confirmThen = (content: TextKey, onOk: () => Promise<void>) =>
    void modal.confirm({ ...confirmConfig(content), onOk });
  const confirm = (content: TextKey) =>
    new Promise<boolean>((resolve) => {
      void modal.confirm({
        ...confirmConfig(content),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  // ----- the list, the tree, removal and the dialog: headless hooks, rendered below
  const list = useCrudList<T>({ name, list: api.list, params, defaultSort: config.defaultSort });
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
  const { openDialog: open } = detail;
  const actionContext = (): CrudActionContext<T> => ({
    selectedRows: selection.rows,
    selectedIds: selection.keys.map(String),
    refresh,
    success,
    confirm,
    openAdd: detail.openAdd,
  });

  // ----- the table
  const runRowAction = useStableHandler((action: CrudRowAction<T>, row: T) =>
    action.onClick(row, actionContext()),
  );
  // The page's own row buttons the user holds the permission of.
  const flags = usePermissions((state) => state.flags);
  const rowActions = useMemo(
    () => config.rowActions?.filter((action) => action.permission === undefined || flags[action.permission]),
    [config.rowActions, flags],
  );
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
            labels: rowButtonLabels(
              t,
              [
                ...(canView ? [t('crud.action.view')] : []),
                ...(canEdit ? [t('crud.action.edit')] : []),
                ...(canDelete ? [t('crud.action.delete')] : []),
                ...(rowActions ?? []).map((action) => t(action.label)),
              ],
              iconActions,
            ),
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
      render: (_: unknown, row: T, at: number) => offset + (positions.get(row) ?? at) + 1,
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
    offset,
    dataSource,
  ]);
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

  return (
    <ConfigProvider getPopupContainer={getContainer}>
      <section
        ref={containerRef}
        aria-label={t(config.title)}
        style={{ position: 'relative', ...rowActionColors }}
      >
        <CrudSearch name={name} columns={columns} options={options.options} onSearch={search} />
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
                onClick={() => remove(selection.rows)}
              >
                {t('crud.toolbar.bulkDelete')}
              </Button>
            )}
            {config.toolbarActions?.map((action) => (
              <ToolbarActionButton
                key={action.key}
                action={action}
                onClick={() =>
                  action.needsSelection && selection.keys.length === 0
                    ? warn('crud.message.selectOne')
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
          addValues={detail.addValues}
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
        {children}
        {modalHolder}
      </section>
    </ConfigProvider>
  );
}
