// The tenant-package module's server messages (zh-CN and en), composed into core/i18n.ts.

export const tenantPackageMessages = {
  zh: {
    'tenantPackage.packageName': '产品包名称',
    'tenantPackage.packageName.required': '请输入产品包名称',
    'tenantPackage.menuId': '菜单',
    'tenantPackage.menuId.required': '请选择菜单',
    'tenantPackage.menuId.invalid': '菜单必须是以逗号分隔的菜单编号',
    'tenantPackage.menuId.unknown': '菜单不存在: {ids}',
    'tenantPackage.remark': '备注',
    'tenantPackage.inUse': '产品包正在被租户使用，不能删除: {names}',
  },
  en: {
    'tenantPackage.packageName': 'package name',
    'tenantPackage.packageName.required': 'Please enter the package name',
    'tenantPackage.menuId': 'menus',
    'tenantPackage.menuId.required': 'Please select menus',
    'tenantPackage.menuId.invalid': 'menus must be menu ids separated by commas',
    'tenantPackage.menuId.unknown': 'No such menu: {ids}',
    'tenantPackage.remark': 'remark',
    'tenantPackage.inUse': 'The package is used by tenants and cannot be removed: {names}',
  },
} as const;
