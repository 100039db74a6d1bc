import { addPageTexts } from '../../../i18n/page-texts';

// Texts of the 查看权限 dialog (role and user pages), under `authority.effective.*`.
export const effectiveZh = {
  action: '查看权限',
  title: '查看权限：{{name}}',
  loadFailed: '权限加载失败',
  retry: '重试',
  close: '关闭',
  roles: '持有角色：',
  noRoles: '未持有任何角色：没有菜单、按钮和接口权限',
  platform: '平台管理员：可见全部菜单，通过所有按钮和接口权限检查，不受数据权限限制。',
  tenant:
    '租户管理员：可以使用仅限管理员的功能；菜单、按钮、数据权限和接口权限与其他用户一样来自角色的授权，如下。',
  tabs: { menus: '菜单', buttons: '按钮', dataScopes: '数据权限', apiScopes: '接口权限' },
  wholeMenu: '全部菜单（未选择顶部菜单时）',
  topMenu: '顶部菜单：{{name}}',
  menuCount: '{{count}} 个菜单',
  noMenus: '没有可见的菜单',
  fromRoles: '来源角色',
  page: '所在页面',
  button: '按钮',
  code: '权限编码',
  noButtons: '没有按钮权限',
  dataScopeNote: '没有规则的资源不受数据权限限制；一个资源有多条规则时，可见各条规则的并集。',
  noDataScopes: '没有数据权限规则：各资源的数据都不受限制',
  limited: '受限：可见下列规则的并集',
  allRule: '不受限：规则中有"全部可见"',
  platformUnlimited: '不受限：平台管理员',
  ruleName: '规则名称',
  scopeType: '规则类型',
  scopeColumn: '权限字段',
  scopeValue: '规则值',
  types: {
    '1': '全部可见',
    '2': '本人可见',
    '3': '所在机构可见',
    '4': '所在机构及子级可见',
    '5': '自定义',
  },
  apiScopeNote: '被接口权限规则覆盖的接口，只有获授其中一条规则的角色可以调用；未被覆盖的接口不受限制。',
  noApiScopes: '没有接口权限',
  scopeName: '权限名称',
  scopePath: '权限路径',
  scopeMethod: '请求方法',
  allMethods: '全部',
  resourceCode: '资源编号',
};

export const effectiveEn: typeof effectiveZh = {
  action: 'View permissions',
  title: 'Permissions of {{name}}',
  loadFailed: 'The permissions could not be loaded',
  retry: 'Retry',
  close: 'Close',
  roles: 'Roles held: ',
  noRoles: 'No roles held: no menus, buttons or API scopes',
  platform:
    'Platform administrator: sees every menu, passes every button and API scope check, and no data scope limits them.',
  tenant:
    "Tenant administrator: may use the administrators' functions; menus, buttons, data and API scopes come from the roles' grants as for anyone, below.",
  tabs: { menus: 'Menus', buttons: 'Buttons', dataScopes: 'Data scopes', apiScopes: 'API scopes' },
  wholeMenu: 'Whole menu (no top menu chosen)',
  topMenu: 'Top menu: {{name}}',
  menuCount: '{{count}} menus',
  noMenus: 'No menus shown',
  fromRoles: 'From roles',
  page: 'Page',
  button: 'Button',
  code: 'Permission code',
  noButtons: 'No buttons',
  dataScopeNote:
    'A resource without rules is not limited by data scopes; with several rules, the rows of any of them are seen.',
  noDataScopes: 'No data scope rules: no resource is limited',
  limited: 'Limited: the rows of any rule below',
  allRule: 'Not limited: an "all" rule is among them',
  platformUnlimited: 'Not limited: platform administrator',
  ruleName: 'Rule',
  scopeType: 'Rule type',
  scopeColumn: 'Column',
  scopeValue: 'Value',
  types: {
    '1': 'All',
    '2': 'Own',
    '3': 'Own department',
    '4': 'Own department and below',
    '5': 'Custom',
  },
  apiScopeNote:
    'A call covered by API scope rules may be made only by roles granted one of them; calls no rule covers are open.',
  noApiScopes: 'No API scopes',
  scopeName: 'Name',
  scopePath: 'Path',
  scopeMethod: 'Method',
  allMethods: 'All',
  resourceCode: 'Resource',
};

declare module '../../../i18n/page-texts' {
  interface AuthorityTexts {
    effective: typeof effectiveZh;
  }
}

addPageTexts('authority', 'effective', effectiveZh, effectiveEn);
