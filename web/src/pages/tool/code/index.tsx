import { CopyOutlined } from '@ant-design/icons';
import type { Code, CodeInput } from '@console/contract';
import './locales';
import * as codeApi from '../../../api/develop/code';
import * as datasourceApi from '../../../api/develop/datasource';
import { CrudPage, defineCrud, type CrudColumn, type CrudFormValues } from '../../../crud';
import { ColumnsEditor, TableSelect } from './fields';

/** CodeInputSchema's limits (the contract's CODE_LIMITS). */
const LIMITS = { codeName: 64, moduleName: 32, apiPrefix: 100, pageTitle: 64 } as const;

const MODULE_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const API_PREFIX = /^\/api(\/[a-z0-9][a-z0-9-]*)+$/;

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
    table: { content: 'code' },
    form: {
      required: 'tool.code.tableNameRequired',
      render: ({ disabled }) => <TableSelect disabled={disabled} />,
    },
  },
  {
    prop: 'moduleName',
    label: 'tool.code.moduleName',
    search: true,
    table: { content: 'code' },
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
    table: { content: 'code' },
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

/** The submit body; the menu parent, which the dialog does not edit, stays as stored. */
function toInput(values: CrudFormValues, row: Code | undefined): CodeInput {
  return {
    ...(row ? { id: row.id } : {}),
    codeName: text(values.codeName),
    datasourceId: String(values.datasourceId ?? ''),
    tableName: String(values.tableName ?? ''),
    moduleName: text(values.moduleName),
    apiPrefix: text(values.apiPrefix),
    menuParentId: row?.menuParentId ?? null,
    pageTitle: text(values.pageTitle),
    columns: Array.isArray(values.columns) ? (values.columns as CodeInput['columns']) : [],
  };
}

const config = defineCrud<Code, CodeInput>({
  name: 'code',
  title: 'tool.code.title',
  rowTitle: 'codeName',
  api: codeApi,
  permissions: { add: 'code_add', edit: 'code_edit', delete: 'code_delete', view: 'code_view' },
  dialog: { width: 1100 },
  columns,
  toInput,
  rowActions: [
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
});

/**
 * The code generator's records (/api/blade-develop/code): which table of which data source becomes
 * a module of this project, under which names, and how each of its columns shows in the page.
 * 复制 copies a record. Generating the code is not offered yet.
 */
export default function CodePage() {
  return <CrudPage config={config} />;
}
