import {
  DATA_SCOPE_TYPE,
  SCOPE_LIMITS,
  type DataScope,
  type DataScopeInput,
  type MenuListNode,
} from '@console/contract';
import { Form, Select } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import './locales';
import * as dataScopeApi from '../../../api/authority/data-scope';
import { defineCrud, type CrudFormValues, type CrudOption, type TextKey } from '../../../crud';
import { i18n } from '../../../i18n';
import { MenuScopes } from '../shared/MenuScopes';

/** The column a rule type reads unless told otherwise (the server's defaults, as Saber fills them). */
const DEFAULT_COLUMN: Readonly<Record<number, string>> = {
  [DATA_SCOPE_TYPE.OWN]: 'create_user',
  [DATA_SCOPE_TYPE.OWN_DEPT]: 'create_dept',
  [DATA_SCOPE_TYPE.OWN_DEPT_AND_BELOW]: 'create_dept',
};
const DEFAULT_COLUMNS = new Set(['', ...Object.values(DEFAULT_COLUMN)]);

const isCustom = (type: unknown) => Number(type) === DATA_SCOPE_TYPE.CUSTOM;

/** Required for a custom rule only. */
const requiredWhenCustom =
  (message: TextKey): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_, value: unknown) =>
      !isCustom(getFieldValue('scopeType')) ||
      (Array.isArray(value) ? value.length > 0 : !!String(value ?? '').trim())
        ? Promise.resolve()
        : Promise.reject(new Error(i18n.t(message))),
  });

interface ScopeTypeSelectProps {
  id?: string;
  value?: number;
  onChange?: (value: number) => void;
  options: readonly CrudOption[];
  disabled: boolean;
  menuName: string;
}

/**
 * The rule type. Choosing one fills in what follows from it unless the user wrote otherwise: the
 * column it reads and a name ("<menu> [<type>]"), as Saber does.
 */
function ScopeTypeSelect({ id, value, onChange, options, disabled, menuName }: ScopeTypeSelectProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const named = (type: unknown) => `${menuName} [${options.find((o) => o.value === type)?.label ?? ''}]`;
  const choose = (type: number) => {
    const column = String(form.getFieldValue('scopeColumn') ?? '');
    const name = String(form.getFieldValue('scopeName') ?? '');
    form.setFieldsValue({
      ...(DEFAULT_COLUMNS.has(column) ? { scopeColumn: DEFAULT_COLUMN[type] ?? '' } : {}),
      ...(name === '' || name === named(value) ? { scopeName: named(type) } : {}),
    });
    onChange?.(type);
  };
  return (
    <Select
      id={id}
      value={value}
      onChange={choose}
      options={options as CrudOption[]}
      disabled={disabled}
      placeholder={t('crud.placeholder.choose', { label: t('authority.dataScope.scopeType') })}
      style={{ width: '100%' }}
    />
  );
}

/** The values a custom rule allows: a list of plain values (never SQL), only for custom rules. */
function ScopeValueField(props: {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled: boolean;
}) {
  const custom = isCustom(Form.useWatch('scopeType'));
  return (
    <Select
      id={props.id}
      mode="tags"
      value={props.value}
      onChange={props.onChange}
      tokenSeparators={[',']}
      disabled={props.disabled || !custom}
      suffixIcon={null}
      style={{ width: '100%' }}
    />
  );
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** One menu's data scopes: a CRUD page for the drawer. */
function dataScopes(menu: MenuListNode) {
  return defineCrud<DataScope, DataScopeInput>({
    name: 'data-scope',
    title: 'authority.dataScope.scopes',
    rowTitle: 'scopeName',
    api: dataScopeApi,
    permissions: {
      add: 'data_scope_setting',
      edit: 'data_scope_setting',
      delete: 'data_scope_setting',
      view: true,
    },
    // The rules of the menu shown (its menuId is one of the list's params).
    export: { url: '/api/blade-system/data-scope/export', permission: 'data_scope_export' },
    toInput: (values: CrudFormValues, row) => {
      const custom = isCustom(values.scopeType);
      return {
        ...(row ? { id: row.id } : {}),
        menuId: menu.id,
        scopeName: String(values.scopeName ?? ''),
        resourceCode: String(values.resourceCode ?? ''),
        scopeColumn: text(values.scopeColumn),
        scopeType: Number(values.scopeType),
        // Values belong to custom rules only; other types keep none.
        scopeValue: custom && Array.isArray(values.scopeValue) ? values.scopeValue.join(',') : null,
        scopeField: text(values.scopeField),
        scopeClass: text(values.scopeClass),
        remark: text(values.remark),
      };
    },
    columns: [
      {
        prop: 'scopeName',
        label: 'authority.dataScope.scopeName',
        search: true,
        form: { required: 'authority.dataScope.scopeNameRequired', maxLength: SCOPE_LIMITS.scopeName },
      },
      {
        prop: 'resourceCode',
        label: 'authority.dataScope.resourceCode',
        search: true,
        form: {
          required: 'authority.dataScope.resourceCodeRequired',
          maxLength: SCOPE_LIMITS.resourceCode,
          initialValue: menu.code,
          help: 'authority.dataScope.resourceCodeHelp',
        },
      },
      {
        prop: 'scopeType',
        label: 'authority.dataScope.scopeType',
        type: 'select',
        dict: { code: 'data_scope_type', numeric: true },
        table: { width: 160 },
        form: {
          required: 'authority.dataScope.scopeTypeRequired',
          render: ({ options, disabled }) => (
            <ScopeTypeSelect options={options} disabled={disabled} menuName={menu.name} />
          ),
        },
      },
      {
        prop: 'scopeColumn',
        label: 'authority.dataScope.scopeColumn',
        form: {
          maxLength: SCOPE_LIMITS.scopeColumn,
          help: 'authority.dataScope.scopeColumnHelp',
          rules: [requiredWhenCustom('authority.dataScope.scopeColumnRequired')],
        },
      },
      {
        prop: 'scopeValue',
        label: 'authority.dataScope.scopeValue',
        multiple: true,
        table: false,
        form: {
          span: 24,
          help: 'authority.dataScope.scopeValueHelp',
          rules: [requiredWhenCustom('authority.dataScope.scopeValueRequired')],
          render: ({ disabled }) => <ScopeValueField disabled={disabled} />,
        },
      },
      {
        prop: 'scopeField',
        label: 'authority.dataScope.scopeField',
        table: false,
        form: { maxLength: SCOPE_LIMITS.scopeField, help: 'authority.dataScope.legacyHelp' },
      },
      {
        prop: 'scopeClass',
        label: 'authority.dataScope.scopeClass',
        table: false,
        form: { maxLength: SCOPE_LIMITS.scopeClass, help: 'authority.dataScope.legacyHelp' },
      },
      {
        prop: 'remark',
        label: 'authority.dataScope.remark',
        table: false,
        form: { span: 24, maxLength: SCOPE_LIMITS.remark },
      },
    ],
  });
}

/** Data scopes (/api/blade-system/data-scope): which rows of a list a role sees, under its menu. */
export default function DataScopePage() {
  return (
    <MenuScopes
      name="data-scope"
      title="authority.dataScope.title"
      drawerTitle="authority.dataScope.drawerTitle"
      permission="data_scope_setting"
      scopes={dataScopes}
    />
  );
}
