import { CodeOutlined, CopyOutlined, EyeOutlined } from '@ant-design/icons';
import type { Code, CodeInput } from '@console/contract';
import { useMemo, useState } from 'react';
import './locales';
import * as codeApi from '../../../api/develop/code';
import * as datasourceApi from '../../../api/develop/datasource';
import * as menuApi from '../../../api/system/menu';
import {
  CrudPage,
  defineCrud,
  optionsFromTree,
  type CrudActionContext,
  type CrudColumn,
  type CrudFormValues,
} from '../../../crud';
import { saveFile } from '../../../utils/save-file';
import { ColumnsEditor, TableSelect } from './fields';
import { CodePreviewDialog } from './preview';

/** CodeInputSchema's limits (the contract's CODE_LIMITS). */
const LIMITS = { codeName: 64, moduleName: 32, apiPrefix: 100, pageTitle: 64 } as const;

const MODULE_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const API_PREFIX = /^\/api(\/[a-z0-9][a-z0-9-]*)+$/;

// The names (table, module, API prefix) run long and do not wrap (`/api/zxgxg-api/cabinet-door`):
// their columns narrow with the table's pane and cut the longer ones with an ellipsis (the whole
// name is the cell's title), never over the next column.
const columns: CrudColumn<Code>[] = [
  {
    prop: 'codeName',
    label: 'tool.code.codeName',
    search: true,
    form: { required: 'tool.code.codeNameRequired', maxLength: LIMITS.codeName },
  },
  {
    prop: 'datasourceId',
    label: 'tool.code.datasourceId',
    type: 'select',
    remote: {
      queryKey: ['code', 'datasources'],
      load: async () =>
        (await datasourceApi.select()).map((source) => ({ value: source.id, label: source.name })),
    },
    table: false,
    form: { required: 'tool.code.datasourceIdRequired' },
  },
  {
    prop: 'tableName',
    label: 'tool.code.tableName',
    search: true,
    table: { ellipsis: true },
    form: {
      required: 'tool.code.tableNameRequired',
      render: ({ disabled }) => <TableSelect disabled={disabled} />,
    },
  },
  {
    prop: 'moduleName',
    label: 'tool.code.moduleName',
    search: true,
    table: { ellipsis: true },
    form: {
      required: 'tool.code.moduleNameRequired',
      maxLength: LIMITS.moduleName,
      pattern: { regex: MODULE_NAME, message: 'tool.code.moduleNameInvalid' },
      help: 'tool.code.moduleNameHelp',
    },
  },
  {
    prop: 'apiPrefix',
    label: 'tool.code.apiPrefix',
    table: { ellipsis: true },
    form: {
      required: 'tool.code.apiPrefixRequired',
      maxLength: LIMITS.apiPrefix,
      pattern: { regex: API_PREFIX, message: 'tool.code.apiPrefixInvalid' },
      help: 'tool.code.apiPrefixHelp',
    },
  },
  {
    prop: 'pageTitle',
    label: 'tool.code.pageTitle',
    form: { required: 'tool.code.pageTitleRequired', maxLength: LIMITS.pageTitle },
  },
  {
    prop: 'menuParentId',
    label: 'tool.code.menuParentId',
    type: 'treeSelect',
    remote: { queryKey: ['menu', 'tree'], load: async () => optionsFromTree(await menuApi.tree()) },
    table: false,
    form: { help: 'tool.code.menuParentIdHelp' },
  },
  {
    prop: 'columns',
    label: 'tool.code.columns.label',
    table: false,
    form: {
      span: 24,
      initialValue: [],
      help: 'tool.code.columns.help',
      render: ({ disabled }) => <ColumnsEditor disabled={disabled} />,
    },
  },
  { prop: 'updateTime', label: 'tool.code.updateTime', form: false, table: { content: 'datetime' } },
];

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The submit body: the form's values, trimmed; no menu parent puts the page at the top level. */
function toInput(values: CrudFormValues, row: Code | undefined): CodeInput {
  return {
    ...(row ? { id: row.id } : {}),
    codeName: text(values.codeName),
    datasourceId: String(values.datasourceId ?? ''),
    tableName: String(values.tableName ?? ''),
    moduleName: text(values.moduleName),
    apiPrefix: text(values.apiPrefix),
    menuParentId: values.menuParentId ? String(values.menuParentId) : null,
    pageTitle: text(values.pageTitle),
    columns: Array.isArray(values.columns) ? (values.columns as CodeInput['columns']) : [],
  };
}

/** 生成: the records' modules as one .zip, saved under the name the server gives it. */
async function generate(ids: readonly string[], context: CrudActionContext<Code>) {
  saveFile(await codeApi.generate(ids));
  context.success('tool.code.generated');
}

function codeConfig(openPreview: (row: Code) => void) {
  return defineCrud<Code, CodeInput>({
    name: 'code',
    title: 'tool.code.title',
    rowTitle: 'codeName',
    api: codeApi,
    permissions: { add: 'code_add', edit: 'code_edit', delete: 'code_delete', view: 'code_view' },
    export: { url: '/api/blade-develop/code/export', permission: 'code_export' },
    dialog: { width: 1100 },
    columns,
    toInput,
    rowActions: [
      {
        key: 'preview',
        label: 'tool.code.preview.action',
        icon: <EyeOutlined aria-hidden />,
        permission: 'code_gen',
        onClick: openPreview,
      },
      {
        key: 'generate',
        label: 'tool.code.generate',
        icon: <CodeOutlined aria-hidden />,
        permission: 'code_gen',
        onClick: (row, context) => generate([row.id], context),
      },
      {
        key: 'copy',
        label: 'tool.code.copy',
        icon: <CopyOutlined aria-hidden />,
        permission: 'code_copy',
        onClick: async (row, context) => {
          await codeApi.copy(row.id);
          context.success();
          await context.refresh();
        },
      },
    ],
    toolbarActions: [
      {
        key: 'generate',
        label: 'tool.code.generate',
        icon: <CodeOutlined aria-hidden />,
        permission: 'code_gen',
        needsSelection: true,
        onClick: (context) => generate(context.selectedIds, context),
      },
    ],
  });
}

/**
 * The code generator (/api/blade-develop/code): which table of which data source becomes a module of
 * this project, under which names, and how each of its columns shows in the page. 预览 shows the
 * files a record generates; 生成 downloads them as a .zip (one record, or the selected ones);
 * 复制 copies a record.
 */
export default function CodePage() {
  const [previewing, setPreviewing] = useState<Code>();
  const config = useMemo(() => codeConfig(setPreviewing), []);
  return (
    <CrudPage config={config}>
      <CodePreviewDialog record={previewing} onClose={() => setPreviewing(undefined)} />
    </CrudPage>
  );
}
