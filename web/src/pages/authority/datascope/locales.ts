import { addPageTexts } from '../../../i18n/page-texts';

export const dataScopeZh = {
  title: '数据权限',
  scopes: '数据权限配置',
  drawerTitle: '[{{name}}] 数据权限配置',
  scopeName: '权限名称',
  scopeNameRequired: '请输入权限名称',
  resourceCode: '资源编号',
  resourceCodeRequired: '请输入资源编号',
  resourceCodeHelp: '受控列表的资源编号，默认为菜单编号，如 user',
  scopeColumn: '权限字段',
  scopeColumnHelp: '本人可见默认 create_user，所在机构默认 create_dept；自定义时必填',
  scopeColumnRequired: '自定义权限请输入权限字段',
  scopeType: '规则类型',
  scopeTypeRequired: '请选择规则类型',
  scopeValue: '规则值',
  scopeValueHelp: '自定义时填写：字段可取的值，逐个输入后回车（或用逗号分隔）',
  scopeValueRequired: '自定义权限请输入规则值',
  scopeField: '可见字段',
  scopeClass: '权限类名',
  legacyHelp: '仅为兼容 BladeX 数据保留，本系统不使用',
  remark: '备注',
};

export const dataScopeEn: typeof dataScopeZh = {
  title: 'Data scopes',
  scopes: 'Data scopes of the menu',
  drawerTitle: '[{{name}}] data scopes',
  scopeName: 'Scope name',
  scopeNameRequired: 'Please enter the scope name',
  resourceCode: 'Resource code',
  resourceCodeRequired: 'Please enter the resource code',
  resourceCodeHelp: 'The resource code of the list it limits; the menu code by default, e.g. user',
  scopeColumn: 'Scope column',
  scopeColumnHelp: 'Own rows: create_user by default; own department: create_dept; required for custom',
  scopeColumnRequired: 'A custom scope needs a scope column',
  scopeType: 'Rule type',
  scopeTypeRequired: 'Please choose the rule type',
  scopeValue: 'Rule values',
  scopeValueHelp:
    'For custom scopes: the values the column may hold, each followed by Enter (or comma-separated)',
  scopeValueRequired: 'A custom scope needs rule values',
  scopeField: 'Visible fields',
  scopeClass: 'Scope class',
  legacyHelp: 'Kept for BladeX data only; not used by this system',
  remark: 'Remark',
};

declare module '../../../i18n/page-texts' {
  interface AuthorityTexts {
    dataScope: typeof dataScopeZh;
  }
}

addPageTexts('authority', 'dataScope', dataScopeZh, dataScopeEn);
