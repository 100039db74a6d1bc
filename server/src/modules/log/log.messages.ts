// The log module's server messages (zh-CN and en), composed into core/i18n.ts.

export const logMessages = {
  zh: {
    'log.localInvalid': '本地日志格式不正确：应为日志条目的列表（最多 200 条）',
    'log.uploaded': '上传成功',
    'log.error.tenantMessage': '服务器异常（请求编号 {requestId}），详情请联系平台管理员',
  },
  en: {
    'log.localInvalid': 'The local log must be a list of log entries (at most 200)',
    'log.uploaded': 'Uploaded',
    'log.error.tenantMessage':
      'Server error (request id {requestId}); ask the platform administrator for the details',
  },
} as const;
