// The message center's server messages (zh-CN and en), composed into core/i18n.ts.

export const messageMessages = {
  zh: {
    'message.kind.invalid': '消息类型不存在: {kind}',
    'message.ids.tooMany': '一次最多处理 {max} 条消息',
    'message.file.tooLarge': '消息附带的文件不能超过 {limit}',
  },
  en: {
    'message.kind.invalid': 'No such message kind: {kind}',
    'message.ids.tooMany': 'At most {max} messages at a time',
    'message.file.tooLarge': 'A message carries files of at most {limit}',
  },
} as const;
