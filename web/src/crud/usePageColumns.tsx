import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortItem } from './list-state';
import { RowButtons, splitRowButtons } from './RowButtons';
import { tableColumns } from './table-columns';
import type { CrudConfig, CrudMode, CrudRowAction } from './types';
import type { ColumnOptions } from './useColumnOptions';
import type { PageButtons } from './usePageButtons';

/** What the widest row's buttons say, which sizes their column: the first ones and 更多. */
function rowButtonLabels(t: TFunction, labels: string[], iconOnly: boolean): string[] {
  const { shown, more } = splitRowButtons(labels, iconOnly);
  return more.length > 0 ? [...shown, t('crud.action.more')] : shown;
}

export interface PageColumnsInput<T, I> {
  config: CrudConfig<T, I>;
  labels: ColumnOptions['labels'];
  sort: readonly SortItem[];
  buttons: PageButtons<T>;
  onOpen: (mode: CrudMode, row: T) => void;
  onRemove: (rows: readonly T[]) => void;
  onAction: (action: CrudRowAction<T>, row: T) => unknown;
  /** The rows shown and the place of the first in the whole list, for the row numbers (序号). */
  rows: readonly T[];
  offset: number;
}

/** The table's columns: the configured ones, the row buttons the user holds, row numbers if asked. */
export function usePageColumns<T, I>(input: PageColumnsInput<T, I>) {
  const { config, labels, sort, buttons, onOpen, onRemove, onAction, rows, offset } = input;
  const { t } = useTranslation();
  const { canView, canEdit, canDelete, rowActions } = buttons;
  const hasRowButtons = canView || canEdit || canDelete || (rowActions?.length ?? 0) > 0;
  const { removable } = config;
  const showIndex = config.table?.index === true;
  const iconActions = config.table?.iconActions === true;
  return useMemo(() => {
    const list = tableColumns({
      columns: config.columns,
      labels,
      sort,
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
                onOpen={onOpen}
                onRemove={onRemove}
                onAction={onAction}
              />
            ),
          }
        : undefined,
    });
    if (!showIndex) return list;
    // Row numbers go on across pages (row 11 heads page 2). A long page draws a window of its rows
    // (decision 0010), so a row's number comes from its place in the page, not in what antd drew.
    const positions = new Map(rows.map((row, at) => [row, at]));
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
    labels,
    sort,
    t,
    hasRowButtons,
    canView,
    canEdit,
    canDelete,
    removable,
    rowActions,
    iconActions,
    onOpen,
    onRemove,
    onAction,
    showIndex,
    offset,
    rows,
  ]);
}
