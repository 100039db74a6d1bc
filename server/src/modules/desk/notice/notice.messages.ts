// The notice module's server messages (zh-CN and en), composed into core/i18n.ts.

export const noticeMessages = {
  zh: {
    'notice.title': '通知标题',
    'notice.title.required': '请输入通知标题',
    'notice.category': '通知类型',
    'notice.category.required': '请选择通知类型',
    'notice.category.invalid': '通知类型不存在: {category}',
    'notice.releaseTime': '发布时间',
    'notice.releaseTime.invalid': '发布时间格式应为 YYYY-MM-DD HH:mm:ss',
    'notice.content': '通知内容',
  },
  en: {
    'notice.title': 'title',
    'notice.title.required': 'Please enter the title',
    'notice.category': 'category',
    'notice.category.required': 'Please select the category',
    'notice.category.invalid': 'No such notice category: {category}',
    'notice.releaseTime': 'release time',
    'notice.releaseTime.invalid': 'The release time must be YYYY-MM-DD HH:mm:ss',
    'notice.content': 'content',
  },
} as const;
