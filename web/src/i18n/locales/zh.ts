/** Chinese texts, the default language; `en` must have exactly the same keys. */
export const zh = {
  app: {
    title: '后台管理系统',
  },
  language: {
    label: '语言',
  },
  login: {
    title: '登录',
    pending: '登录功能将在后续版本中提供。',
  },
  lock: {
    title: '锁屏',
    heading: '屏幕已锁定',
    pending: '解锁功能将在后续版本中提供。',
  },
  home: {
    title: '首页',
    pending: '工作台将在后续版本中提供。',
  },
  error: {
    '403': { title: '无权访问', description: '抱歉，您无权访问此页面。' },
    '404': { title: '页面不存在', description: '抱歉，您访问的页面不存在。' },
    '500': { title: '服务器出错', description: '抱歉，服务器出错了。' },
    backHome: '返回首页',
  },
  request: {
    unknownError: '未知错误',
  },
};

export type Messages = typeof zh;
