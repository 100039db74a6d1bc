import { SCOPE_LIMITS, type ApiScope, type ApiScopeInput, type MenuListNode } from '@console/contract';
import './locales';
import * as apiScopeApi from '../../../api/authority/api-scope';
import { defineCrud, type CrudFormValues, type StaticOption } from '../../../crud';
import { MenuScopes } from '../shared/MenuScopes';

/** A rule may be limited to one HTTP method; none: every method. */
const METHODS: readonly StaticOption[] = [
  { value: '', label: 'authority.apiScope.scopeMethodAll' },
  { value: 'GET', label: 'authority.apiScope.method.GET' },
  { value: 'POST', label: 'authority.apiScope.method.POST' },
  { value: 'PUT', label: 'authority.apiScope.method.PUT' },
  { value: 'PATCH', label: 'authority.apiScope.method.PATCH' },
  { value: 'DELETE', label: 'authority.apiScope.method.DELETE' },
];

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** One menu's API scopes: a CRUD page for the drawer. */
function apiScopes(menu: MenuListNode) {
  return defineCrud<ApiScope, ApiScopeInput>({
    name: 'api-scope',
    title: 'authority.apiScope.scopes',
    rowTitle: 'scopeName',
    api: apiScopeApi,
    permissions: {
      add: 'api_scope_setting',
      edit: 'api_scope_setting',
      delete: 'api_scope_setting',
      view: true,
    },
    // The rules of the menu shown (its menuId is one of the list's params).
    export: { url: '/api/blade-system/api-scope/export', permission: 'api_scope_export' },
    toInput: (values: CrudFormValues, row) => ({
      ...(row ? { id: row.id } : {}),
      menuId: menu.id,
      scopeName: String(values.scopeName ?? ''),
      resourceCode: String(values.resourceCode ?? ''),
      scopePath: String(values.scopePath ?? ''),
      scopeMethod: text(values.scopeMethod),
      scopeType: Number(values.scopeType),
      remark: text(values.remark),
    }),
    columns: [
      {
        prop: 'scopeName',
        label: 'authority.apiScope.scopeName',
        search: true,
        form: { required: 'authority.apiScope.scopeNameRequired', maxLength: SCOPE_LIMITS.scopeName },
      },
      {
        prop: 'resourceCode',
        label: 'authority.apiScope.resourceCode',
        search: true,
        form: {
          required: 'authority.apiScope.resourceCodeRequired',
          maxLength: SCOPE_LIMITS.resourceCode,
          initialValue: menu.code,
        },
      },
      {
        prop: 'scopePath',
        label: 'authority.apiScope.scopePath',
        table: { ellipsis: true },
        form: {
          span: 24,
          required: 'authority.apiScope.scopePathRequired',
          maxLength: SCOPE_LIMITS.scopePath,
          help: 'authority.apiScope.scopePathHelp',
        },
      },
      {
        prop: 'scopeMethod',
        label: 'authority.apiScope.scopeMethod',
        type: 'select',
        options: METHODS,
        table: { width: 110, render: (value, _, { t }) => value || t('authority.apiScope.scopeMethodAll') },
        form: { placeholder: 'authority.apiScope.scopeMethodAll' },
      },
      {
        prop: 'scopeType',
        label: 'authority.apiScope.scopeType',
        type: 'select',
        dict: { code: 'api_scope_type', numeric: true },
        table: { width: 120 },
        form: { required: 'authority.apiScope.scopeTypeRequired', initialValue: 1 },
      },
      {
        prop: 'remark',
        label: 'authority.apiScope.remark',
        table: false,
        form: { span: 24, maxLength: SCOPE_LIMITS.remark },
      },
    ],
  });
}

/** API scopes (/api/blade-system/api-scope): which roles may call an API, under its menu. */
export default function ApiScopePage() {
  return (
    <MenuScopes
      name="api-scope"
      title="authority.apiScope.title"
      drawerTitle="authority.apiScope.drawerTitle"
      permission="api_scope_setting"
      scopes={apiScopes}
    />
  );
}
