// The CRUD kit: a table page from a typed column configuration (see CrudPage and types.ts).
export { CrudPage, type CrudPageProps } from './CrudPage';
// The page's logic as headless hooks (no antd), for a page that renders it its own way.
export { useCrudList, type CrudList, type CrudListOptions } from './useCrudList';
export { useCrudTree, type CrudTree, type CrudTreeOptions } from './useCrudTree';
export { useCrudRemove, type CrudRemove, type CrudRemoveOptions, type CrudSelection } from './useCrudRemove';
export { useCrudDetail, type CrudDetail, type CrudDetailOptions } from './useCrudDetail';
export { defineCrud } from './types';
export type {
  CellContext,
  CrudActionContext,
  CrudApi,
  CrudColumn,
  CrudConfig,
  CrudExportSpec,
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
export { maxLengthRule } from './rules';
export { labelIndex, optionsFromDict, optionsFromTree, type CrudOption } from './options';
// For pages that read a dictionary or keep a handler outside the kit's own components.
export { dictQueryKey } from './useColumnOptions';
export { useStableHandler } from './useStableHandler';
export { ask, type Question } from './ask';
// An export's progress after its first second, cancellable (the business pages, the report viewer).
// A small form in a dialog whose OK sends it (the pages' own actions: decide, delete, bind, grant).
export { FormDialog, type FormDialogProps } from './FormDialog';
export { useExportProgress, type ExportCall, type ExportProgress } from './ExportProgress';
export type { SortItem } from './list-state';
