// The online users module's server messages (zh-CN and en), composed into core/i18n.ts.

export const onlineMessages = {
  zh: {
    'online.ids': '请选择要强退的登录',
    'online.sessionGone': '所选登录已结束或不存在，请刷新列表',
    'online.loggedOut': '已强退 {count} 个登录',
  },
  en: {
    'online.ids': 'Choose the sessions to end',
    'online.sessionGone': 'A chosen session has already ended or does not exist; refresh the list',
    'online.loggedOut': 'Ended {count} session(s)',
  },
} as const;
