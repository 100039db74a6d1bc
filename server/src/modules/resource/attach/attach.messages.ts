// The attach module's server messages (zh-CN and en), composed into core/i18n.ts.

export const attachMessages = {
  zh: {
    'attach.link': '附件地址',
    'attach.link.required': '请输入附件地址',
    'attach.domain': '附件域名',
    'attach.name': '附件名称',
    'attach.originalName': '附件原名',
    'attach.extension': '附件拓展名',
    'attach.attachSize': '附件大小',
  },
  en: {
    'attach.link': 'link',
    'attach.link.required': 'Please enter the link',
    'attach.domain': 'domain',
    'attach.name': 'name',
    'attach.originalName': 'original name',
    'attach.extension': 'extension',
    'attach.attachSize': 'size',
  },
} as const;
