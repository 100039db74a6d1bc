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
    'attach.storedName': '附件名称 {name} 是服务器存储文件时生成的名称，不能手工填写',
  },
  en: {
    'attach.link': 'link',
    'attach.link.required': 'Please enter the link',
    'attach.domain': 'domain',
    'attach.name': 'name',
    'attach.originalName': 'original name',
    'attach.extension': 'extension',
    'attach.attachSize': 'size',
    'attach.storedName':
      'The name {name} is one the server gives the files it stores; it cannot be entered by hand',
  },
} as const;
