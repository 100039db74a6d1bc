import { addPageTexts } from '../../../i18n/page-texts';

export const userZh = {
  title: '用户管理',
  account: '登录账号',
  accountRequired: '请输入登录账号',
  password: '密码',
  passwordRequired: '请输入密码',
  password2: '确认密码',
  password2Required: '请再次输入密码',
  passwordMismatch: '两次输入密码不一致!',
  name: '用户昵称',
  realName: '用户姓名',
  roleId: '所属角色',
  roleIdRequired: '请选择所属角色',
  deptId: '所属部门',
  deptIdRequired: '请选择所属部门',
  postId: '所属岗位',
  phone: '手机号码',
  email: '电子邮箱',
  emailInvalid: '请输入正确的电子邮箱',
  sex: '用户性别',
  birthday: '用户生日',
  code: '用户编号',
  userType: '用户平台',
  status: '账号状态',
  statusName: {
    active: '正常',
    pending: '待审核',
    disabled: '停用',
    locked: '已锁定',
  },
  deptTree: {
    label: '部门筛选',
    title: '所属部门',
    all: '全部部门',
    empty: '暂无部门',
  },
  grant: {
    action: '角色配置',
    title: '用户角色配置',
    roles: '角色',
    rolesRequired: '请选择角色',
    forUsers: '为 {{count}} 个账号设置角色：{{names}}',
    empty: '暂无角色',
  },
  reset: {
    action: '密码重置',
    confirm: '确定将选择账号的密码重置为初始密码?',
    done: '密码重置成功，已恢复为初始密码',
  },
  unlock: {
    action: '账号解封',
    confirm: '确定将选择账号解封?',
    done: '账号解封成功',
  },
  audit: {
    action: '审核通过',
    confirm: '确定通过选择账号的注册申请?',
    done: '审核通过，账号已可登录',
  },
  platform: {
    action: '平台配置',
    title: '用户平台配置',
    userExt: '平台扩展参数',
    userExtHelp: '该平台的扩展配置，例如 JSON 文本',
  },
};

export const userEn: typeof userZh = {
  title: 'Users',
  account: 'Account',
  accountRequired: 'Please enter the account',
  password: 'Password',
  passwordRequired: 'Please enter the password',
  password2: 'Confirm password',
  password2Required: 'Please enter the password again',
  passwordMismatch: 'The two passwords do not match!',
  name: 'Nickname',
  realName: 'Real name',
  roleId: 'Roles',
  roleIdRequired: 'Please select the roles',
  deptId: 'Departments',
  deptIdRequired: 'Please select the departments',
  postId: 'Posts',
  phone: 'Phone',
  email: 'Email',
  emailInvalid: 'Please enter a valid email address',
  sex: 'Sex',
  birthday: 'Birthday',
  code: 'User code',
  userType: 'Platform',
  status: 'Status',
  statusName: {
    active: 'Active',
    pending: 'Pending approval',
    disabled: 'Disabled',
    locked: 'Locked',
  },
  deptTree: {
    label: 'Department filter',
    title: 'Departments',
    all: 'All departments',
    empty: 'No departments',
  },
  grant: {
    action: 'Roles',
    title: 'User roles',
    roles: 'Roles',
    rolesRequired: 'Please select roles',
    forUsers: 'Accounts ({{count}}): {{names}}',
    empty: 'No roles',
  },
  reset: {
    action: 'Reset password',
    confirm: 'Reset the passwords of the selected accounts to the initial password?',
    done: 'The passwords were reset to the initial password',
  },
  unlock: {
    action: 'Unlock',
    confirm: 'Unlock the selected accounts?',
    done: 'The accounts were unlocked',
  },
  audit: {
    action: 'Approve',
    confirm: 'Approve the registrations of the selected accounts?',
    done: 'Approved: the accounts can sign in now',
  },
  platform: {
    action: 'Platform',
    title: 'User platform settings',
    userExt: 'Platform settings',
    userExtHelp: 'The settings of this platform, e.g. a JSON text',
  },
};

declare module '../../../i18n/page-texts' {
  interface SystemTexts {
    user: typeof userZh;
  }
}

addPageTexts('system', 'user', userZh, userEn);
