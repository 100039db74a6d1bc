import { ApiOutlined } from '@ant-design/icons';
import type { DatasourceInput } from '@console/contract';
import { App, Tag } from 'antd';
import { useMemo, useRef } from 'react';
import './locales';
import * as datasourceApi from '../../../api/develop/datasource';
import { isTransportFailure } from '../../../api/request';
import {
  ask,
  CrudPage,
  defineCrud,
  type CrudApi,
  type CrudColumn,
  type CrudMode,
  type StaticOption,
  type TextKey,
} from '../../../crud';
import { i18n } from '../../../i18n';
import { ConnectionTest } from './ConnectionTest';
import { DatabaseInput, hostRules, KindRadio, portRules, schemaRules, ServerField } from './fields';
import { defaultPort, inputOf, KINDS, LIMITS, rowOf, storedTestInput, type DatasourceRow } from './input';
import { TestedSettings } from './tested';

const kindOptions: StaticOption[] = KINDS.map((kind) => ({
  value: kind,
  label: `tool.datasource.kinds.${kind}`,
}));

/**
 * The table's and the dialog's fields. The password is write-only, as an OAuth client's secret is:
 * never shown, the table says only whether there is one, and on edit an empty field keeps the
 * stored one; so the dialog has two password fields, one per mode.
 */
/** The write-only password's field: never filled in, left out of the table. */
const passwordColumn = (help: TextKey, hideIn: CrudMode[]): CrudColumn<DatasourceRow> => ({
  prop: 'password',
  label: 'tool.datasource.password',
  type: 'password',
  table: false,
  form: {
    maxLength: LIMITS.password,
    help,
    hideIn,
    render: ({ disabled }) => <ServerField control="password" disabled={disabled} />,
  },
});

/** The columns; the dialog's connection test keeps its outcomes in `tested`. */
const columnsOf = (tested: TestedSettings): CrudColumn<DatasourceRow>[] => [
  {
    prop: 'name',
    label: 'tool.datasource.name',
    search: true,
    form: { required: 'tool.datasource.nameRequired', maxLength: LIMITS.name },
  },
  {
    prop: 'kind',
    label: 'tool.datasource.kind',
    type: 'radio',
    options: kindOptions,
    search: { op: 'equal', type: 'select' },
    form: {
      required: 'tool.datasource.kindRequired',
      initialValue: 'postgres',
      render: ({ options, disabled }) => (
        <KindRadio options={options} disabled={disabled} label={i18n.t('tool.datasource.kind')} />
      ),
    },
  },
  {
    prop: 'host',
    label: 'tool.datasource.host',
    table: { content: 'code' },
    form: {
      maxLength: LIMITS.host,
      rules: hostRules,
      help: 'tool.datasource.hostHelp',
      render: ({ disabled }) => <ServerField control="text" disabled={disabled} />,
    },
  },
  {
    prop: 'port',
    label: 'tool.datasource.port',
    type: 'number',
    table: { content: 'number', align: 'right' },
    form: {
      initialValue: defaultPort('postgres'),
      rules: portRules,
      help: 'tool.datasource.portHelp',
      render: ({ disabled }) => <ServerField control="port" disabled={disabled} />,
    },
  },
  {
    prop: 'database',
    label: 'tool.datasource.database',
    table: { content: 'code' },
    form: {
      required: 'tool.datasource.databaseRequired',
      maxLength: LIMITS.database,
      help: 'tool.datasource.databaseHelp',
      render: ({ disabled }) => <DatabaseInput disabled={disabled} />,
    },
  },
  {
    prop: 'username',
    label: 'tool.datasource.username',
    table: { content: 'code' },
    form: {
      maxLength: LIMITS.username,
      render: ({ disabled }) => <ServerField control="text" disabled={disabled} />,
    },
  },
  // One password field when adding and one when editing (its help says an empty one keeps it).
  passwordColumn('tool.datasource.passwordHelp', ['edit', 'view']),
  passwordColumn('tool.datasource.passwordKeep', ['add', 'view']),
  {
    prop: 'hasPassword',
    label: 'tool.datasource.password',
    form: false,
    table: {
      content: 'tag',
      render: (hasPassword, _, { t }) => (
        <Tag color={hasPassword ? 'success' : 'default'}>
          {t(hasPassword ? 'tool.datasource.passwordSet' : 'tool.datasource.passwordUnset')}
        </Tag>
      ),
    },
  },
  {
    prop: 'ssl',
    label: 'tool.datasource.ssl',
    table: false,
    form: {
      initialValue: false,
      help: 'tool.datasource.sslHelp',
      render: ({ disabled }) => <ServerField control="switch" disabled={disabled} />,
    },
  },
  {
    prop: 'schema',
    label: 'tool.datasource.schema',
    table: false,
    form: {
      rules: schemaRules,
      help: 'tool.datasource.schemaHelp',
      render: ({ disabled }) => <ServerField control="schema" disabled={disabled} />,
    },
  },
  {
    prop: 'remark',
    label: 'tool.datasource.remark',
    type: 'textarea',
    table: { ellipsis: true },
    form: { maxLength: LIMITS.remark },
  },
  {
    prop: 'connection',
    label: 'tool.datasource.test.label',
    table: false,
    form: {
      span: 24,
      hideIn: ['view'],
      help: 'tool.datasource.test.help',
      render: ({ mode, record }) => (
        <ConnectionTest
          recordId={mode === 'edit' && record ? String(record.id) : undefined}
          tested={tested}
        />
      ),
    },
  },
];

/**
 * Data sources (/api/blade-develop/datasource), the platform administrator's: PostgreSQL, MySQL or
 * MariaDB servers and SQLite files under the server's DATA_DIR, for tenants' business data and the
 * code generator. 测试连接 tries a stored source (its stored password) from its row, or the dialog's
 * values as they stand from the dialog.
 */
export default function DatasourcePage() {
  const { message, modal } = App.useApp();
  // The rows being tested: a second click waits for the first answer.
  const testing = useRef(new Set<string>());

  const config = useMemo(() => {
    const tested = new TestedSettings();
    /** Whether the person saves settings whose test failed: asked with the failure's reason. */
    const saveAnyway = (reason: string) =>
      ask(modal, {
        title: i18n.t('tool.datasource.untested.title'),
        content: i18n.t('tool.datasource.untested.confirm', { message: reason }),
        okText: i18n.t('tool.datasource.untested.save'),
        cancelText: i18n.t('common.cancel'),
      });
    /**
     * Saves, after testing settings that were not tested or whose last test failed: a failing
     * connection is saved only when the person insists. A refusal to test (a host outside
     * DATASOURCE_HOSTS …) is left to the save, which the server refuses alike.
     */
    const submit = async (input: DatasourceInput) => {
      if (!tested.passed(input)) {
        let failure: string | undefined;
        try {
          const result = await datasourceApi.test(input, { quiet: true });
          tested.record(input, result.connected);
          if (!result.connected) failure = result.message ?? i18n.t('tool.datasource.test.unknownReason');
        } catch (error) {
          if (isTransportFailure(error)) failure = i18n.t('tool.datasource.test.unreachable');
        }
        // Not saved: the dialog stays open with what was typed (a rejection says nothing more).
        if (failure !== undefined && !(await saveAnyway(failure))) throw new Error('not saved');
      }
      return datasourceApi.submit(input);
    };
    /** The kit's calls; the detail comes with its options flat, as the dialog edits them. */
    const api: CrudApi<DatasourceRow, DatasourceInput> = {
      list: datasourceApi.list,
      detail: async (id) => rowOf(await datasourceApi.detail(id)),
      submit,
      remove: datasourceApi.remove,
    };
    const testStored = async (row: DatasourceRow) => {
      if (testing.current.has(row.id)) return;
      testing.current.add(row.id);
      const { name } = row;
      const hide = message.loading(i18n.t('tool.datasource.test.testing', { name }), 0);
      try {
        const {
          connected,
          millis,
          serverVersion,
          message: reason,
        } = await datasourceApi.test(storedTestInput(row));
        hide();
        if (connected) {
          const version = serverVersion ?? i18n.t('tool.datasource.test.unknownVersion');
          void message.success(i18n.t('tool.datasource.test.rowConnected', { name, millis, version }));
        } else {
          const why = reason ?? i18n.t('tool.datasource.test.unknownReason');
          // A reason takes reading: it stays longer than the usual three seconds.
          void message.error(i18n.t('tool.datasource.test.rowFailed', { name, message: why }), 8);
        }
      } catch (error) {
        hide();
        // A refusal (400) was reported by the request layer; a lost connection is said here.
        if (isTransportFailure(error)) void message.error(i18n.t('tool.datasource.test.unreachable'));
      } finally {
        testing.current.delete(row.id);
      }
    };
    return defineCrud<DatasourceRow, DatasourceInput>({
      name: 'datasource',
      title: 'tool.datasource.title',
      rowTitle: 'name',
      api,
      permissions: {
        add: 'datasource_add',
        edit: 'datasource_edit',
        delete: 'datasource_delete',
        view: 'datasource_view',
      },
      export: { url: '/api/blade-develop/datasource/export', permission: 'datasource_export' },
      columns: columnsOf(tested),
      toInput: (values, row) => inputOf(values, row?.id),
      rowActions: [
        {
          key: 'test',
          label: 'tool.datasource.test.action',
          icon: <ApiOutlined aria-hidden />,
          permission: 'datasource_edit',
          onClick: testStored,
        },
      ],
    });
  }, [message, modal]);

  return <CrudPage config={config} />;
}
