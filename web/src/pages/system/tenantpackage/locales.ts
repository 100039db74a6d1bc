import { addPageTexts } from '../../../i18n/page-texts';

export const tenantPackageZh = {
  title: '租户产品包',
  packageName: '产品包名称',
  packageNameRequired: '请输入产品包名称',
  menuId: '菜单列表',
  menuIdRequired: '请选择菜单',
  menuCount: '{{count}} 个菜单',
  remark: '备注',
};

export const tenantPackageEn: typeof tenantPackageZh = {
  title: 'Tenant packages',
  packageName: 'Package name',
  packageNameRequired: 'Please enter the package name',
  menuId: 'Menus',
  menuIdRequired: 'Please select menus',
  menuCount: '{{count}} menus',
  remark: 'Remark',
};

declare module '../../../i18n/page-texts' {
  interface SystemTexts {
    tenantPackage: typeof tenantPackageZh;
  }
}

addPageTexts('system', 'tenantPackage', tenantPackageZh, tenantPackageEn);
