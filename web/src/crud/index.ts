// The CRUD kit: a table page from a typed column configuration (see CrudPage and types.ts).
export { CrudPage, type CrudPageProps } from './CrudPage';
export { defineCrud } from './types';
export type {
  CellContext,
  CrudActionContext,
  CrudApi,
  CrudColumn,
  CrudConfig,
  CrudFormValues,
  CrudMode,
  CrudPermissions,
  CrudRowAction,
  CrudToolbarAction,
  CrudTreeSpec,
  DictSource,
  FieldRenderContext,
  FieldType,
  FilterOp,
  FormFieldSpec,
  Permission,
  RemoteOptions,
  SearchFieldSpec,
  StaticOption,
  TableColumnSpec,
  TextKey,
} from './types';
export { optionsFromTree, type CrudOption } from './options';
export type { SortItem } from './list-state';
