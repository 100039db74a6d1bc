import { TENANT_PACKAGE_LIMITS, type TenantPackage, type TenantPackageInput } from '@console/contract';
import './locales';
import * as menuApi from '../../../api/system/menu';
import * as tenantPackageApi from '../../../api/system/tenant-package';
import { CrudPage, defineCrud, optionsFromTree } from '../../../crud';

/** Tenant packages (/api/blade-system/tenant-package): the menus a tenant may have (spec §2, §6). */
const config = defineCrud<TenantPackage, TenantPackageInput>({
  name: 'tenant-package',
  title: 'system.tenantPackage.title',
  rowTitle: 'packageName',
  api: tenantPackageApi,
  // Add, edit and delete; the view button is off (spec §6).
  permissions: { add: 'tenant_package_add', edit: 'tenant_package_edit', delete: 'tenant_package_delete' },
  export: { url: '/api/blade-system/tenant-package/export', permission: 'tenant_package_export' },
  dialog: { width: 600, columns: 1 },
  columns: [
    {
      prop: 'packageName',
      label: 'system.tenantPackage.packageName',
      search: true,
      form: {
        required: 'system.tenantPackage.packageNameRequired',
        maxLength: TENANT_PACKAGE_LIMITS.packageName,
      },
    },
    {
      prop: 'menuId',
      label: 'system.tenantPackage.menuId',
      type: 'treeSelect',
      multiple: true, // sent comma-joined
      remote: { queryKey: ['menu', 'tree'], load: async () => optionsFromTree(await menuApi.tree()) },
      table: {
        // The menus' names would not fit a cell: their count, and the names as the cell's title.
        render: (_, __, { labels, t }) => (
          <span title={labels.join(', ')}>
            {t('system.tenantPackage.menuCount', { count: labels.length })}
          </span>
        ),
      },
      form: { required: 'system.tenantPackage.menuIdRequired' },
    },
    {
      prop: 'remark',
      label: 'system.tenantPackage.remark',
      table: { ellipsis: true },
      form: { maxLength: TENANT_PACKAGE_LIMITS.remark },
    },
  ],
});

export default function TenantPackagePage() {
  return <CrudPage config={config} />;
}
