import { ImportOutlined } from '@ant-design/icons';
import { columnsFromTable, type CodeColumn, type DatasourceTable } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Select, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import * as codeApi from '../../../api/develop/code';
import type { TextKey } from '../../../crud';

// The dialog's controls that follow the chosen data source and table: the table picker lists the
// chosen source's tables, and the columns grid reads the chosen table's columns. The kit gives each
// field one fixed Form.Item; these controls watch `datasourceId` and `tableName` themselves.

/** The form controls a column may have (CodeColumn['control'] in the contract). */
export const CONTROLS: readonly CodeColumn['control'][] = [
  'input',
  'textarea',
  'number',
  'select',
  'radio',
  'date',
  'datetime',
];

/** CodeColumnSchema's label limit. */
const LABEL_MAX = 64;
/** CodeColumnSchema's dictionary code limit. */
const DICT_MAX = 64;

const tablesKey = (datasourceId: string) => ['code', 'tables', datasourceId] as const;

/** The tables of the chosen data source, loaded once per source while the page is open. */
function useTables(datasourceId: string | undefined) {
  return useQuery({
    queryKey: tablesKey(datasourceId ?? ''),
    queryFn: () => codeApi.tables(datasourceId!),
    enabled: Boolean(datasourceId),
    staleTime: 60_000,
  });
}

/** Whatever the Form.Item passes its control. */
interface ItemProps<V> {
  id?: string;
  value?: V;
  onChange?: (value: V) => void;
}

/** Whether the grid is the table's columns as read, nothing edited (labels, controls, checks, dictionaries). */
function asRead(rows: readonly CodeColumn[], table: DatasourceTable | undefined): boolean {
  if (!table) return rows.length === 0;
  const read = columnsFromTable(table);
  const settings = (row: CodeColumn) =>
    [row.name, row.label, row.control, row.required, row.searchable, row.inTable, row.dict ?? null].join(
      '\u0000',
    );
  return rows.length === read.length && rows.every((row, i) => settings(row) === settings(read[i]!));
}

/**
 * The table: one of the chosen data source's tables. Choosing one fills the grid with its columns;
 * a grid edited for the table before is replaced only when the person agrees (a grid kept from
 * another table would generate columns the new table does not have).
 */
export function TableSelect({ id, value, onChange, disabled }: ItemProps<string> & { disabled: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const form = Form.useFormInstance();
  const datasourceId = Form.useWatch<string | undefined>('datasourceId');
  const { data: tables = [], isFetching } = useTables(datasourceId);
  const choose = (name: string) => {
    if (name === value) return;
    const table = tables.find((each) => each.name === name);
    const take = () => {
      onChange?.(name);
      form.setFieldValue('columns', table ? columnsFromTable(table) : []);
    };
    const current = (form.getFieldValue('columns') as CodeColumn[] | undefined) ?? [];
    const before = tables.find((each) => each.name === value);
    if (current.length === 0 || asRead(current, before)) return take();
    void modal.confirm({
      title: t('tool.code.columns.replaceTitle'),
      content: t('tool.code.columns.replaceConfirm', { table: name }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: take,
    });
  };
  return (
    <Select
      id={id}
      value={value}
      onChange={choose}
      disabled={disabled || !datasourceId}
      loading={isFetching}
      showSearch
      placeholder={datasourceId ? undefined : t('tool.code.tablePlaceholder')}
      options={tables.map((table) => ({ value: table.name, label: table.name }))}
    />
  );
}

/**
 * The columns of the generated module: one row a column of the table, its name fixed, the rest
 * editable. 从表读取列 replaces the rows with the chosen table's columns.
 */
export function ColumnsEditor({
  id,
  value,
  onChange,
  disabled,
}: ItemProps<CodeColumn[]> & { disabled: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const datasourceId = Form.useWatch<string | undefined>('datasourceId');
  const tableName = Form.useWatch<string | undefined>('tableName');
  const rows = value ?? [];

  const change = (index: number, patch: Partial<CodeColumn>) =>
    onChange?.(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  const load = async () => {
    if (!datasourceId || !tableName) {
      void message.warning(t('tool.code.columns.loadNeedsTable'));
      return;
    }
    const tables = await queryClient.fetchQuery({
      queryKey: tablesKey(datasourceId),
      queryFn: () => codeApi.tables(datasourceId),
    });
    const table = tables.find((each) => each.name === tableName);
    if (table) onChange?.(columnsFromTable(table));
    else void message.warning(t('tool.code.columns.loadFailed', { table: tableName }));
  };

  const check = (key: 'required' | 'searchable' | 'inTable', title: string, of: TextKey) => ({
    key,
    title,
    width: 90,
    align: 'center' as const,
    render: (_: unknown, row: CodeColumn, index: number) => (
      <Checkbox
        checked={row[key]}
        disabled={disabled}
        aria-label={t(of, { name: row.name })}
        onChange={(event) => change(index, { [key]: event.target.checked })}
      />
    ),
  });

  const columns: TableColumnsType<CodeColumn> = [
    { key: 'name', title: t('tool.code.columns.name'), dataIndex: 'name', width: 160 },
    { key: 'dataType', title: t('tool.code.columns.dataType'), dataIndex: 'dataType', width: 120 },
    {
      key: 'label',
      title: t('tool.code.columns.labelColumn'),
      render: (_, row, index) => (
        <Input
          value={row.label}
          maxLength={LABEL_MAX}
          disabled={disabled}
          aria-label={t('tool.code.columns.labelOf', { name: row.name })}
          onChange={(event) => change(index, { label: event.target.value })}
        />
      ),
    },
    {
      key: 'control',
      title: t('tool.code.columns.control'),
      width: 140,
      render: (_, row, index) => (
        <Select
          value={row.control}
          disabled={disabled}
          aria-label={t('tool.code.columns.controlOf', { name: row.name })}
          style={{ width: '100%' }}
          onChange={(control: CodeColumn['control']) => change(index, { control })}
          options={CONTROLS.map((control) => ({ value: control, label: t(`tool.code.controls.${control}`) }))}
        />
      ),
    },
    check('required', t('tool.code.columns.required'), 'tool.code.columns.requiredOf'),
    check('searchable', t('tool.code.columns.searchable'), 'tool.code.columns.searchableOf'),
    check('inTable', t('tool.code.columns.inTable'), 'tool.code.columns.inTableOf'),
    {
      key: 'dict',
      title: t('tool.code.columns.dict'),
      width: 150,
      render: (_, row, index) => (
        <Input
          value={row.dict ?? ''}
          maxLength={DICT_MAX}
          disabled={disabled}
          aria-label={t('tool.code.columns.dictOf', { name: row.name })}
          onChange={(event) => change(index, { dict: event.target.value === '' ? null : event.target.value })}
        />
      ),
    },
  ];

  return (
    <div id={id}>
      {!disabled && (
        <Button icon={<ImportOutlined aria-hidden />} onClick={() => void load()} style={{ marginBottom: 8 }}>
          {t('tool.code.columns.load')}
        </Button>
      )}
      <Table<CodeColumn>
        size="small"
        rowKey="name"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content', y: 360 }}
        locale={{ emptyText: t('tool.code.columns.empty') }}
      />
    </div>
  );
}
