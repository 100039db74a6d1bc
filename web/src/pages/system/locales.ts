/** Texts of the system menu area's pages (web/src/pages/system), under `system.*`; en must have exactly the keys of zh. */
export const systemZh = {
  param: {
    title: '参数管理',
    paramName: '参数名称',
    paramNameRequired: '请输入参数名称',
    paramKey: '参数键名',
    paramKeyRequired: '请输入参数键名',
    paramValue: '参数键值',
    paramValueRequired: '请输入参数键值',
    remark: '备注',
  },
  tenantPackage: {
    title: '租户产品包',
    packageName: '产品包名称',
    packageNameRequired: '请输入产品包名称',
    menuId: '菜单列表',
    menuIdRequired: '请选择菜单',
    menuCount: '{{count}} 个菜单',
    remark: '备注',
  },
};

export const systemEn: typeof systemZh = {
  param: {
    title: 'Parameters',
    paramName: 'Parameter name',
    paramNameRequired: 'Please enter the parameter name',
    paramKey: 'Parameter key',
    paramKeyRequired: 'Please enter the parameter key',
    paramValue: 'Parameter value',
    paramValueRequired: 'Please enter the parameter value',
    remark: 'Remark',
  },
  tenantPackage: {
    title: 'Tenant packages',
    packageName: 'Package name',
    packageNameRequired: 'Please enter the package name',
    menuId: 'Menus',
    menuIdRequired: 'Please select menus',
    menuCount: '{{count}} menus',
    remark: 'Remark',
  },
};
