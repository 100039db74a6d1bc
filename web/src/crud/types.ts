import type { Page, PermissionCode } from '@console/contract';
import type { FormRule } from 'antd';
import type { ParseKeys, TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { QueryParams } from '../api/request';
import type { SortItem } from './list-state';
import type { CrudOption, OptionValue } from './options';

// The configuration a table page is made of: columns (what the table, the search form and the
// dialog show of each field), the api binding, the permission codes of the buttons, and a few
// page-specific extras. Texts are i18n keys, translated when shown, so a page's configuration is
// a module constant that follows the language.

/** A key of the console's texts: a misspelt key fails to compile. */
export type TextKey = ParseKeys;

/** The string-named fields of a row type. */
export type FieldOf<T> = Extract<keyof T, string>;

/** What the dialog is open for. */
export type CrudMode = 'add' | 'edit' | 'view';

/**
 * The control of a field. `select`, `radio` and `treeSelect` take their choices from the column's
 * `dict`, `options` or `remote`.
 */
export type FieldType = 'input' | 'textarea' | 'password' | 'number' | 'select' | 'radio' | 'treeSelect';

/** A filter's operator suffix (contract.md); none means "contains" on text, "equals" otherwise. */
export type FilterOp = 'equal' | 'notequal' | 'like' | 'notlike' | 'gt' | 'lt';

/** Choices from a dictionary: `GET /api/blade-system/dict/dictionary?code=` (or dict-biz's). */
export interface DictSource {
  code: string;
  /** true: a business dictionary (`/api/blade-system/dict-biz/dictionary`). */
  biz?: boolean;
  /** true: the entity stores the key as a number (status, isSealed), so the form's value is one too. */
  numeric?: boolean;
}

/** A fixed choice; its label is a text key. */
export interface StaticOption {
  value: OptionValue;
  label: TextKey;
}

/** Choices loaded once per page visit through TanStack Query (a tree of menus, of departments, …). */
export interface RemoteOptions {
  queryKey: readonly unknown[];
  load: () => Promise<CrudOption[]>;
}

/** What a cell renderer gets besides the value and the row. */
export interface CellContext {
  /** The labels of the value's choices (dictionary, options, remote), in the value's order. */
  labels: string[];
  t: TFunction;
}

/**
 * What a column's cells hold, which sizes the column (table-columns.ts, columnWidth): dates and
 * moments, phone numbers, codes (keys, ids, accounts), tags (a dictionary's labels), numbers, short
 * text, or long text. The default: `tag` for a column with choices, else `text`.
 */
export type ColumnContent =
  'date' | 'datetime' | 'phone' | 'email' | 'code' | 'tag' | 'number' | 'text' | 'longText';

export interface TableColumnSpec<T, K extends FieldOf<T>> {
  /** The column's width (px); by default sized from `content` and the header's text. */
  width?: number;
  /** What the cells hold: sizes the column and keeps dates, phones and codes on one line. */
  content?: ColumnContent;
  /** Long text: one line, cut with an ellipsis; the whole text is the cell's title. */
  ellipsis?: boolean;
  /**
   * Left out of the table while its columns, narrowed, are still wider than its pane (a 1366 px
   * screen), the last such column first; the view dialog still shows it.
   */
  secondary?: boolean;
  align?: 'left' | 'center' | 'right';
  /** Sortable: true sorts by the prop; a text names the server's sort field instead. */
  sort?: boolean | string;
  render?: (value: T[K], row: T, context: CellContext) => ReactNode;
}

export interface SearchFieldSpec {
  /** Operator suffix of the filter: `paramKey_equal`; none sends the prop itself (contains). */
  op?: FilterOp;
  /** A date range sent as `<prop>_dategt` / `<prop>_datelt`. */
  range?: boolean;
  /** With `range`: pick moments (YYYY-MM-DD HH:mm:ss) instead of whole days (YYYY-MM-DD). */
  withTime?: boolean;
  /** The search control, when not the column's own (a text area searches with a one-line input). */
  type?: FieldType;
}

/** What a page-made form control gets (antd's Form.Item passes `value` and `onChange` itself). */
export interface FieldRenderContext {
  mode: CrudMode;
  disabled: boolean;
  options: readonly CrudOption[];
  /** The record edited or viewed; undefined when adding. */
  record?: Readonly<Record<string, unknown>>;
}

export interface FormFieldSpec {
  /** Required, with the text key of the message (请输入参数名称); true says 请输入/请选择 + label. */
  required?: TextKey | true;
  /** Longest text the server takes (the contract's *_LIMITS). */
  maxLength?: number;
  pattern?: { regex: RegExp; message: TextKey };
  /** Further antd rules, after the ones above. */
  rules?: FormRule[];
  /** Grid width in a two-column dialog: 24 takes the whole row (text areas do by default). */
  span?: 12 | 24;
  placeholder?: TextKey;
  help?: TextKey;
  /** The value a new record starts with. */
  initialValue?: unknown;
  /** Modes in which the field is left out of the dialog (a password on edit). */
  hideIn?: readonly CrudMode[];
  /** Modes in which it shows but cannot change (a code fixed once created). */
  disableIn?: readonly CrudMode[];
  /** Records whose field cannot change (a sealed dictionary entry): true disables it when editing. */
  disableWhen?: (record: Readonly<Record<string, unknown>>) => boolean;
  /** A page-made control instead of the type's own. */
  render?: (context: FieldRenderContext) => ReactNode;
}

interface ColumnOf<T, K extends FieldOf<T>> {
  prop: K;
  label: TextKey;
  /** The field's control; 'input' by default. */
  type?: FieldType;
  dict?: DictSource;
  options?: readonly StaticOption[];
  remote?: RemoteOptions;
  /** Several values (select, treeSelect: with checkboxes). */
  multiple?: boolean;
  /** With `multiple`: the entity holds them comma-joined (default), false: as an array. */
  joined?: boolean;
  /** Shown in the table (default true). */
  table?: boolean | TableColumnSpec<T, K>;
  /** Offered in the search form (default false). */
  search?: boolean | SearchFieldSpec;
  /** Shown in the dialog (default true). */
  form?: boolean | FormFieldSpec;
}

/** One field of the row type, as the table, the search form and the dialog show it. */
export type CrudColumn<T> = { [K in FieldOf<T>]: ColumnOf<T, K> }[FieldOf<T>];

/** A column as the kit's plain logic reads it, whatever the row type. */
export interface ColumnShape {
  prop: string;
  label: TextKey;
  type?: FieldType;
  dict?: DictSource;
  options?: readonly StaticOption[];
  remote?: RemoteOptions;
  multiple?: boolean;
  joined?: boolean;
  search?: boolean | SearchFieldSpec;
  form?: boolean | FormFieldSpec;
}

/**
 * The page's calls. `list` answers a page, or an array for an unpaged list or a tree (then the
 * table shows no pager). The api modules under web/src/api fit as they are: `api: paramApi`.
 */
export interface CrudApi<T, I> {
  list: (current: number, size: number, filters: QueryParams) => Promise<Page<T> | readonly T[]>;
  /** Loads the record before edit and view; without it the dialog shows the row as listed. */
  detail?: (id: string) => Promise<T>;
  submit?: (input: I) => Promise<unknown>;
  remove?: (ids: readonly string[]) => Promise<unknown>;
}

/** A permission code the user must hold (useHasPermission), or true: a button for everyone. */
export type Permission = PermissionCode | true;

/** The kit's buttons; a button left out does not exist on the page (tenant package: no `view`). */
export interface CrudPermissions {
  add?: Permission;
  edit?: Permission;
  view?: Permission;
  /** Row delete, and bulk delete unless `bulkDelete` says otherwise. */
  delete?: Permission;
  bulkDelete?: Permission | false;
}

/** What the page's own actions may do with the page. */
export interface CrudActionContext<T> {
  selectedRows: readonly T[];
  selectedIds: readonly string[];
  /** Loads the list again (children of a lazy tree too). */
  refresh: () => Promise<void>;
  /** Shows a success message: 操作成功! unless another text is given. */
  success: (text?: TextKey) => void;
  /** Asks in the kit's confirm dialog (inside the page); true when confirmed. */
  confirm: (content: TextKey) => Promise<boolean>;
  /** Opens the add dialog with some fields filled in (a child's parent): form values by prop. */
  openAdd: (values?: CrudFormValues) => void;
}

interface ActionBase {
  /** Stable React key. */
  key: string;
  /** The button's text and accessible name. */
  label: TextKey;
  icon?: ReactNode;
  /** Permission code the button needs; none: the button is for everyone. */
  permission?: PermissionCode;
  danger?: boolean;
}

export interface CrudRowAction<T> extends ActionBase {
  /** Whether the row offers the action (default: every row). */
  visible?: (row: T) => boolean;
  onClick: (row: T, context: CrudActionContext<T>) => unknown;
}

export interface CrudToolbarAction<T> extends ActionBase {
  /** The action works on the selected rows: with none selected it warns 请选择至少一条数据. */
  needsSelection?: boolean;
  onClick: (context: CrudActionContext<T>) => unknown;
}

/** Tree tables: rows carry `children`; a lazy tree loads a row's children when it is expanded. */
export interface CrudTreeSpec<T> {
  lazy?: {
    load: (row: T) => Promise<readonly T[]>;
    /** Whether a row has children to load (default: its `hasChildren` flag). */
    hasChildren?: (row: T) => boolean;
  };
}

/** The form's values: one per shown field (several-valued fields as arrays). */
export type CrudFormValues = Record<string, unknown>;

export interface CrudConfig<T, I> {
  /** Names the page's queries and forms (DOM ids `<name>-form_<prop>`): 'param', 'tenant-package'. */
  name: string;
  /** The page's name: the accessible name of its region. */
  title: TextKey;
  /** The field identifying a row (ids for detail and remove); 'id' by default. */
  rowKey?: FieldOf<T>;
  /** The field naming a row in accessible names ("选择 <name>"); the row key by default. */
  rowTitle?: FieldOf<T>;
  columns: readonly CrudColumn<T>[];
  api: CrudApi<T, I>;
  permissions: CrudPermissions;
  dialog?: {
    /** 880 by default (spec §9). */
    width?: number;
    /** Fields per row: 2 by default. */
    columns?: 1 | 2;
  };
  tree?: CrudTreeSpec<T>;
  /**
   * Table extras: a row number column (序号); a fixed body height that scrolls (px); row buttons as
   * icons alone (their texts are their accessible names and tooltips), for a table in a narrow pane.
   */
  table?: { index?: boolean; scrollY?: number; iconActions?: boolean };
  /** Whether a row may be deleted (default: every row); others show their delete button disabled. */
  removable?: (row: T) => boolean;
  /**
   * The call's input from the form's values: by default the values (several-valued fields
   * comma-joined) plus the row key of the record being edited.
   */
  toInput?: (values: CrudFormValues, row: T | undefined) => I;
  rowActions?: readonly CrudRowAction<T>[];
  toolbarActions?: readonly CrudToolbarAction<T>[];
  /** The sort of the first load. */
  defaultSort?: readonly SortItem[];
  /**
   * 导出 in the toolbar for the holders of `permission`: GET `url` (the list's area's /export) with
   * the list's filters and sort and the table's visible columns in their order (`columns`, and
   * their titles as shown, `titles`), saved as the server's .xlsx with the export's progress.
   */
  export?: CrudExportSpec;
}

/** A list's export (server: core/workbook/list-export.ts). */
export interface CrudExportSpec {
  url: string;
  permission: PermissionCode;
  /**
   * Columns the page shows that are not fields of the list's rows on the server (the slot page's
   * holders, read from another source): the export leaves them out rather than be refused.
   */
  leaveOut?: readonly string[];
  /**
   * The list's filters as the server reads them, when the page's list call turns its search into
   * others (the message center's read state: 未读 as `readTime_null`): the same turn for the export.
   */
  filters?: (params: QueryParams) => QueryParams;
}

/** Declares a page's configuration; the row and input types follow from `api` or are given. */
export function defineCrud<T, I>(config: CrudConfig<T, I>): CrudConfig<T, I> {
  return config;
}
