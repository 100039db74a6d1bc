import { PARAM_LIMITS, PARAM_VISIBILITY, type Param, type ParamInput } from '@console/contract';
import './locales';
import { useMemo } from 'react';
import { importResource } from '../../../api/sheet-import';
import { useSheetImport } from '../../../components/sheet-import/SheetImport';
import * as paramApi from '../../../api/system/param';
import { CrudPage, defineCrud } from '../../../crud';

/** Private ones only the platform administrator reads (account.initPassword); public ones everybody. */
const VISIBILITY_OPTIONS = [
  { value: PARAM_VISIBILITY.PRIVATE, label: 'system.param.visibilities.private' },
  { value: PARAM_VISIBILITY.PUBLIC, label: 'system.param.visibilities.public' },
] as const;

/** System parameters (/api/blade-system/param): platform-wide key/value settings. */
const config = defineCrud<Param, ParamInput>({
  name: 'param',
  title: 'system.param.title',
  rowTitle: 'paramName',
  api: paramApi,
  permissions: { add: 'param_add', edit: 'param_edit', delete: 'param_delete', view: 'param_view' },
  export: { url: '/api/blade-system/param/export', permission: 'param_export' },
  columns: [
    {
      prop: 'paramName',
      label: 'system.param.paramName',
      search: true,
      form: { required: 'system.param.paramNameRequired', maxLength: PARAM_LIMITS.paramName },
    },
    {
      prop: 'paramKey',
      label: 'system.param.paramKey',
      search: true,
      table: { content: 'code' },
      form: { required: 'system.param.paramKeyRequired', maxLength: PARAM_LIMITS.paramKey },
    },
    {
      prop: 'paramValue',
      label: 'system.param.paramValue',
      type: 'textarea',
      table: { ellipsis: true },
      form: { required: 'system.param.paramValueRequired', maxLength: PARAM_LIMITS.paramValue },
    },
    {
      prop: 'visibility',
      label: 'system.param.visibility',
      type: 'radio',
      options: VISIBILITY_OPTIONS,
      table: { width: 110 },
      form: { required: true, initialValue: PARAM_VISIBILITY.PRIVATE, help: 'system.param.visibilityHelp' },
    },
    {
      prop: 'remark',
      label: 'system.param.remark',
      table: { ellipsis: true },
      form: { maxLength: PARAM_LIMITS.remark },
    },
  ],
});

/** The page's import (issue 52): every row checked as a save checks it, then stored. */
const importApi = importResource('/api/blade-system/param');
const importKeys = [{ field: 'paramKey', label: 'system.param.paramKey' as const }];

export default function ParamPage() {
  const sheet = useSheetImport<Param>({ api: importApi, permission: 'param_add', keys: importKeys });
  const withImport = useMemo(
    () => ({ ...config, toolbarActions: [...(config.toolbarActions ?? []), ...sheet.actions] }),
    [sheet.actions],
  );
  return <CrudPage config={withImport}>{sheet.element}</CrudPage>;
}
