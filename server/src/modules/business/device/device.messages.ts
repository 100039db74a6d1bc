// The device API's server messages (zh-CN and en), composed into core/i18n.ts.

export const deviceMessages = {
  zh: {
    'device.unauthorized': '设备认证失败',
    'device.mqtt.json': '消息须是一个 JSON 对象',
    'device.mqtt.invalid': '消息内容无效：{reason}',
    'device.mqtt.status': 'status 消息须是 {"online": true} 或 {"online": false}',
    'device.mqtt.kind': '不支持的消息类型：{kind}',
  },
  en: {
    'device.unauthorized': 'Device authentication failed',
    'device.mqtt.json': 'A message is a JSON object',
    'device.mqtt.invalid': 'Invalid message: {reason}',
    'device.mqtt.status': 'A status message is {"online": true} or {"online": false}',
    'device.mqtt.kind': 'Unsupported message kind: {kind}',
  },
} as const;
