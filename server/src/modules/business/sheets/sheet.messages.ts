// The business sheets' server messages (zh-CN and en), composed into core/i18n.ts.

export const sheetMessages = {
  zh: {
    'sheet.hospitals': '医院',
    'sheet.machines': '机器',
    'sheet.refunds': '退款审核',
    'sheet.hospitalCode': '医院编码',
  },
  en: {
    'sheet.hospitals': 'Hospitals',
    'sheet.machines': 'Machines',
    'sheet.refunds': 'Refund reviews',
    'sheet.hospitalCode': 'hospital code',
  },
} as const;
