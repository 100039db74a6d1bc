import type { LoginOutcome } from '@console/contract';
import { addPageTexts } from '../../../../i18n/page-texts';

// The login log page's texts (issue 48): its fields, each outcome's words, export and unlock.

const outcomeZh: Record<LoginOutcome, string> = {
  success: '登录成功',
  badCredentials: '账号或密码错误',
  locked: '账号已锁定',
  addressLocked: '地址已锁定',
  badCaptcha: '验证码错误',
  unknownTenant: '租户不存在',
  tenantDisabled: '租户已停用或过期',
  disabled: '账号已停用',
  pending: '账号待审核',
  secondFactorRequired: '待输入验证码',
  secondFactorFailed: '二次验证失败',
  sessionActive: '已在别处登录',
  refreshRefused: '续期被拒',
  socialFailed: '第三方登录失败',
  refused: '请求被拒',
  signedOut: '退出登录',
};

const outcomeEn: typeof outcomeZh = {
  success: 'Signed in',
  badCredentials: 'Wrong account or password',
  locked: 'Account locked',
  addressLocked: 'Address locked',
  badCaptcha: 'Wrong captcha',
  unknownTenant: 'Unknown tenant',
  tenantDisabled: 'Tenant disabled or expired',
  disabled: 'Account disabled',
  pending: 'Awaiting approval',
  secondFactorRequired: 'Code asked for',
  secondFactorFailed: 'Second factor failed',
  sessionActive: 'Signed in elsewhere',
  refreshRefused: 'Refresh refused',
  socialFailed: 'Social sign-in failed',
  refused: 'Refused',
  signedOut: 'Signed out',
};

export const loginLogZh = {
  title: '登录日志',
  fields: {
    id: '日志ID',
    createTime: '登录时间',
    tenantId: '租户ID',
    account: '登录账号',
    userId: '用户ID',
    outcome: '登录结果',
    ip: '登录IP',
    browser: '浏览器',
    os: '操作系统',
    grantType: '授权类型',
    clientId: '客户端',
    userAgent: '用户代理',
  },
  outcome: outcomeZh,
  export: '导出',
  unlock: {
    action: '解锁',
    confirm: '解除该账号的登录锁定？解锁后可立即用正确的密码登录',
    done: '账号已解锁',
  },
};

export const loginLogEn: typeof loginLogZh = {
  title: 'Login log',
  fields: {
    id: 'Log ID',
    createTime: 'Time',
    tenantId: 'Tenant ID',
    account: 'Account',
    userId: 'User ID',
    outcome: 'Outcome',
    ip: 'IP',
    browser: 'Browser',
    os: 'OS',
    grantType: 'Grant type',
    clientId: 'Client',
    userAgent: 'User agent',
  },
  outcome: outcomeEn,
  export: 'Export',
  unlock: {
    action: 'Unlock',
    confirm: "Lift this account's sign-in lock? It can then sign in with the right password at once",
    done: 'The account was unlocked',
  },
};

declare module '../../../../i18n/page-texts' {
  interface MonitorTexts {
    loginLog: typeof loginLogZh;
  }
}

addPageTexts('monitor', 'loginLog', loginLogZh, loginLogEn);
