// The business sheets' server messages (zh-CN and en), composed into core/i18n.ts.

export const sheetMessages = {
  zh: {
    'sheet.tooManyToExport': '导出最多 {max} 行，请缩小查询范围',
    'sheet.hospitals': '医院',
    'sheet.machines': '机器',
    'sheet.refunds': '退款审核',
    'sheet.hospitalCode': '医院编码',
  },
  en: {
    'sheet.tooManyToExport': 'An export holds at most {max} rows: narrow the search',
    'sheet.hospitals': 'Hospitals',
    'sheet.machines': 'Machines',
    'sheet.refunds': 'Refund reviews',
    'sheet.hospitalCode': 'hospital code',
  },
} as const;
