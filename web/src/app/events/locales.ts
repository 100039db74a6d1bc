/**
 * Texts of the event stream's notices (web/src/app/events), under `events.*`: why a session ended,
 * as the server's `session` event says. They load with the main layout (i18n/console-texts.ts).
 */
export const eventsZh = {
  sessionEnded: {
    title: '登录已失效',
    signIn: '重新登录',
    reasons: {
      signedOut: '此登录已在其他窗口退出。',
      disabled: '您的账号已被停用或删除。',
      tenant: '您所在的租户已停用或已过期。',
      credentials: '您的密码已被修改或重置，请使用新密码登录。',
      kicked: '管理员已结束您的登录（强制退出）。',
      replaced: '您的账号已在别处登录，此处的登录已结束。',
      idle: '您已长时间未操作，登录已结束。',
    },
  },
};

export const eventsEn: typeof eventsZh = {
  sessionEnded: {
    title: 'Signed out',
    signIn: 'Sign in again',
    reasons: {
      signedOut: 'This session was signed out in another tab or window.',
      disabled: 'Your account has been disabled or removed.',
      tenant: 'Your tenant has been disabled or has expired.',
      credentials: 'Your password was changed or reset: sign in with the new one.',
      kicked: 'An administrator ended your session.',
      replaced: 'Your account signed in elsewhere, which ended this session.',
      idle: 'You were inactive for too long, which ended this session.',
    },
  },
};
