import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { inputOf } from './form-values';
import type { ColumnShape, CrudApi, CrudFormValues, CrudMode, TextKey } from './types';

export interface CrudDetailOptions<T, I> {
  /** Names the detail's query: `[name, 'detail', id]`. */
  name: string;
  api: Pick<CrudApi<T, I>, 'detail' | 'submit'>;
  /** The field identifying a row: the detail's id, and the key the submit body carries when editing. */
  rowKey: string;
  columns: readonly ColumnShape[];
  /** The submit body, when the default (the values, joined fields joined, the key) does not fit. */
  toInput?: (values: CrudFormValues, row: T | undefined) => I;
  success: (text: TextKey) => void;
  /** Loads the list again after a save. */
  refresh: () => Promise<void>;
}

/** The add, edit and view dialog's state, its record and its save. */
export interface CrudDetail<T> {
  open: boolean;
  mode: CrudMode;
  /** Edit and view: the record as loaded (`api.detail`), else as listed; add: none. */
  record: T | undefined;
  /** Edit and view: the row's key. */
  id: string | undefined;
  /**
   * Values filled in over the starting ones: add, over the columns' own (`openAdd`); edit, over the
   * record's (a draft kept when the session ended).
   */
  values: CrudFormValues | undefined;
  /** The record is being loaded, or did not load. */
  loading: boolean;
  failed: boolean;
  /** Opens the dialog: `row` for edit and view; `values` over the starting ones. */
  openDialog: (mode: CrudMode, row?: T, values?: CrudFormValues) => void;
  /** Opens the add dialog with some fields filled in (a child's parent). */
  openAdd: (values?: CrudFormValues) => void;
  close: () => void;
  /** Submits, says so, closes and refreshes the list; a rejection leaves the dialog open. */
  save: (values: CrudFormValues) => Promise<void>;
}

interface DialogState<T> {
  open: boolean;
  mode: CrudMode;
  row?: T;
  values?: CrudFormValues;
}

/** The dialog of a table page (no antd): what it is open for, the record loaded by id, and saving. */
export function useCrudDetail<T extends object, I>(options: CrudDetailOptions<T, I>): CrudDetail<T> {
  const { name, api, rowKey } = options;
  const [dialog, setDialog] = useState<DialogState<T>>({ open: false, mode: 'add' });
  const id = dialog.mode !== 'add' && dialog.row ? String(dialog.row[rowKey as keyof T]) : undefined;
  const detailId = dialog.open && api.detail ? id : undefined;
  const detail = useQuery({
    queryKey: [name, 'detail', detailId],
    queryFn: () => api.detail!(detailId!),
    enabled: detailId !== undefined,
    // Always the record as it is now: nothing kept once the dialog closes.
    gcTime: 0,
  });
  const record = dialog.mode === 'add' ? undefined : api.detail ? detail.data : dialog.row;

  const openDialog = useCallback(
    (mode: CrudMode, row?: T, values?: CrudFormValues) => setDialog({ open: true, mode, row, values }),
    [],
  );
  const openAdd = useCallback(
    (values?: CrudFormValues) => setDialog({ open: true, mode: 'add', values }),
    [],
  );
  const close = useCallback(() => setDialog((state) => ({ ...state, open: false })), []);

  const save = async (values: CrudFormValues) => {
    const { columns, toInput, success, refresh } = options;
    const editing = dialog.mode === 'edit' ? (record ?? dialog.row) : undefined;
    const input = toInput
      ? toInput(values, editing)
      : (inputOf(columns, values, editing && { field: rowKey, value: editing[rowKey as keyof T] }) as I);
    await api.submit?.(input);
    success(editing ? 'crud.message.updated' : 'crud.message.added');
    close();
    void refresh();
  };

  return {
    open: dialog.open,
    mode: dialog.mode,
    record,
    id,
    values: dialog.mode === 'view' ? undefined : dialog.values,
    loading: detailId !== undefined && detail.isPending,
    failed: detailId !== undefined && detail.isError,
    openDialog,
    openAdd,
    close,
    save,
  };
}
