import { addPageTexts } from '../../../i18n/page-texts';

export const onlineZh = {
  title: '在线用户',
  fields: {
    account: '账号',
    realName: '姓名',
    tenantId: '租户ID',
    deptName: '部门',
    ip: 'IP地址',
    browser: '浏览器',
    os: '操作系统',
    clientId: '客户端',
    grantType: '登录方式',
    loginTime: '登录时间',
    lastActiveTime: '最后活动',
  },
  current: '当前登录',
  logout: {
    action: '强退',
    confirm: '确定强制退出所选登录吗？对方的页面会提示已被管理员强制退出。',
    confirmOwn: '所选登录包含您当前的登录：强退后您也将退出，需要重新登录。确定继续吗？',
    done: '已强制退出',
  },
};

export const onlineEn: typeof onlineZh = {
  title: 'Online Users',
  fields: {
    account: 'Account',
    realName: 'Name',
    tenantId: 'Tenant ID',
    deptName: 'Department',
    ip: 'IP address',
    browser: 'Browser',
    os: 'OS',
    clientId: 'Client',
    grantType: 'Sign-in by',
    loginTime: 'Signed in',
    lastActiveTime: 'Last active',
  },
  current: 'This session',
  logout: {
    action: 'Force logout',
    confirm: 'End the chosen sessions? Their pages will say an administrator ended them.',
    confirmOwn:
      'The chosen sessions include your own: you will be signed out too and must sign in again. Continue?',
    done: 'Sessions ended',
  },
};

declare module '../../../i18n/page-texts' {
  interface MonitorTexts {
    online: typeof onlineZh;
  }
}

addPageTexts('monitor', 'online', onlineZh, onlineEn);
