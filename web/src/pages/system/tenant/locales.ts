import { addPageTexts } from '../../../i18n/page-texts';

export const tenantZh = {
  title: '租户管理',
  tenantId: '租户ID',
  tenantName: '租户名称',
  tenantNameRequired: '请输入租户名称',
  linkman: '联系人',
  contactNumber: '联系电话',
  address: '联系地址',
  domain: '绑定域名',
  backgroundUrl: '系统背景',
  accountNumber: '账号额度',
  accountNumberHelp: '-1 为不限；创建后在「授权配置」中修改',
  expireTime: '过期时间',
  expireTimeHelp: '留空为永不过期；创建后在「授权配置」中修改',
  packageId: '产品包',
  packageIdHelp: '创建后在「产品包配置」中修改',
  status: '状态',
  statusOn: '正常',
  statusOff: '停用',
  unlimited: '不限',
  setting: '授权配置',
  settingAccountHelp: '-1 或留空为不限',
  settingExpireHelp: '留空为永不过期',
  settingCount: '已选 {{count}} 个租户',
  packageSetting: '产品包配置',
  currentPackage: '当前产品包',
  noPackage: '无（按角色授权显示全部菜单）',
  packageMenus: '菜单数量',
  packageRemark: '产品包备注',
  packageSettingHelp: '留空则取消产品包；租户管理员将获得所选产品包的菜单',
  datasource: '数据源配置',
  datasourceId: '数据源',
  datasourceHelp:
    '在「研发工具 › 数据源管理」中登记的数据源；清空则解除绑定。目前只保存绑定，租户业务数据按数据源存放尚未启用',
  datasourceNone: '不绑定（使用主数据库）',
  datasourceLoadFailed: '数据源列表未能加载',
  submit: '确定',
  cancel: '取消',
};

export const tenantEn: typeof tenantZh = {
  title: 'Tenants',
  tenantId: 'Tenant ID',
  tenantName: 'Tenant name',
  tenantNameRequired: 'Please enter the tenant name',
  linkman: 'Contact person',
  contactNumber: 'Contact number',
  address: 'Address',
  domain: 'Domain',
  backgroundUrl: 'Background image',
  accountNumber: 'Account limit',
  accountNumberHelp: '-1 means unlimited; change it later with “Licence”',
  expireTime: 'Expires',
  expireTimeHelp: 'Empty: never expires; change it later with “Licence”',
  packageId: 'Package',
  packageIdHelp: 'Change it later with “Package”',
  status: 'Status',
  statusOn: 'Active',
  statusOff: 'Disabled',
  unlimited: 'Unlimited',
  setting: 'Licence',
  settingAccountHelp: '-1 or empty: unlimited',
  settingExpireHelp: 'Empty: never expires',
  settingCount: '{{count}} tenants selected',
  packageSetting: 'Package',
  currentPackage: 'Current package',
  noPackage: 'None (every menu its roles are granted)',
  packageMenus: 'Menus',
  packageRemark: 'Package remark',
  packageSettingHelp: 'Empty removes the package; the tenant’s administrators get the chosen package’s menus',
  datasource: 'Data source',
  datasourceId: 'Data source',
  datasourceHelp:
    'One of the data sources registered under Developer tools › Data sources; clear it to unbind. Only the binding is stored for now: keeping a tenant’s business data in its data source is not enabled yet',
  datasourceNone: 'None (the main database)',
  datasourceLoadFailed: 'The data sources could not be loaded',
  submit: 'OK',
  cancel: 'Cancel',
};

declare module '../../../i18n/page-texts' {
  interface SystemTexts {
    tenant: typeof tenantZh;
  }
}

addPageTexts('system', 'tenant', tenantZh, tenantEn);
