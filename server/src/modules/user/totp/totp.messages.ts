// The second factor's server messages (zh-CN and en), composed into core/i18n.ts.

export const totpMessages = {
  zh: {
    'totp.code': '验证码',
    'totp.alreadyOn': '两步验证已开启：如需更换，请先关闭',
    'totp.noSetup': '请先开始设置两步验证',
    'totp.codeInvalid': '验证码不正确、已过期或已使用',
    'totp.notOn': '两步验证未开启',
    'totp.required': '所在租户或角色要求两步验证，不能关闭',
    'totp.confirmed': '两步验证已开启',
    'totp.disabled': '两步验证已关闭',
    'totp.reset': '已重置 {count} 个用户的两步验证',
    'totp.log.reset': '重置了 {account} 的两步验证',
  },
  en: {
    'totp.code': 'code',
    'totp.alreadyOn': 'Two-step verification is on: turn it off first to set up another',
    'totp.noSetup': 'Begin the two-step verification setup first',
    'totp.codeInvalid': 'The code is wrong, expired or already used',
    'totp.notOn': 'Two-step verification is not on',
    'totp.required': 'Your tenant or role requires two-step verification: it cannot be turned off',
    'totp.confirmed': 'Two-step verification is on',
    'totp.disabled': 'Two-step verification is off',
    'totp.reset': 'Two-step verification reset for {count} user(s)',
    'totp.log.reset': "reset {account}'s two-step verification",
  },
} as const;
