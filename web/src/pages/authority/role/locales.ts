import { addPageTexts } from '../../../i18n/page-texts';

export const roleZh = {
  title: '角色管理',
  roleName: '角色名称',
  roleNameRequired: '请输入角色名称',
  tenantId: '所属租户',
  roleAlias: '角色别名',
  roleAliasRequired: '请输入角色别名',
  roleAliasPattern: '角色别名只能由字母、数字、下划线和连字符组成，以字母开头',
  totpRequired: '两步验证',
  totpRequiredHelp: '要求持有该角色的用户登录时输入身份验证器的验证码；未设置的用户在输入密码后先设置',
  totpRequiredOn: '必须开启',
  totpRequiredOff: '不要求',
  parentId: '上级角色',
  parentRoot: '顶级角色',
  sort: '角色排序',
  sortRequired: '请输入角色排序',
  grant: '权限设置',
  grantMenu: '菜单权限',
  grantDataScope: '数据权限',
  grantApiScope: '接口权限',
};

export const roleEn: typeof roleZh = {
  title: 'Roles',
  roleName: 'Role name',
  roleNameRequired: 'Please enter the role name',
  tenantId: 'Tenant',
  roleAlias: 'Role alias',
  roleAliasRequired: 'Please enter the role alias',
  roleAliasPattern: 'Letters, digits, _ and - only, starting with a letter',
  totpRequired: 'Two-step verification',
  totpRequiredHelp:
    "The role's holders enter an authenticator code at sign-in; one without it sets it up right after the password",
  totpRequiredOn: 'Required',
  totpRequiredOff: 'Not required',
  parentId: 'Parent role',
  parentRoot: 'Top level',
  sort: 'Sort',
  sortRequired: 'Please enter the sort order',
  grant: 'Permissions',
  grantMenu: 'Menus',
  grantDataScope: 'Data scopes',
  grantApiScope: 'API scopes',
};

declare module '../../../i18n/page-texts' {
  interface AuthorityTexts {
    role: typeof roleZh;
  }
}

addPageTexts('authority', 'role', roleZh, roleEn);
