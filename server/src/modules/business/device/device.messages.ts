// The device API's server messages (zh-CN and en), composed into core/i18n.ts.

export const deviceMessages = {
  zh: { 'device.unauthorized': '设备认证失败' },
  en: { 'device.unauthorized': 'Device authentication failed' },
} as const;
