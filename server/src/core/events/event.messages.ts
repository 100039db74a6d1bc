// The event stream's refusals (zh-CN and en), part of the shared catalogue (core/i18n.ts).

export const eventMessages = {
  zh: {
    'stream.draining': '服务正在重启，请稍后重新连接',
    'stream.tooManyHere': '当前服务连接数已满，请稍后重新连接',
    'stream.tooManyOfUser': '每个用户最多同时打开 {max} 个消息连接，请关闭多余的窗口',
  },
  en: {
    'stream.draining': 'The server is restarting: connect again shortly',
    'stream.tooManyHere': 'This server has no room for another stream: connect again shortly',
    'stream.tooManyOfUser': 'A user may keep at most {max} streams open: close some tabs',
  },
} as const;
