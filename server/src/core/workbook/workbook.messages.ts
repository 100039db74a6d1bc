// The workbook jobs' messages (exports and imports of .xlsx; ./workbooks.ts), composed into core/i18n.ts.

export const workbookMessages = {
  zh: {
    'workbook.busyUser': '您已有 {max} 个导出或导入正在进行，请等其完成后再试',
    'workbook.busyServer': '服务器正忙于处理其他导出或导入，请稍后再试',
  },
  en: {
    'workbook.busyUser': 'You already have {max} exports or imports running: try again when one has finished',
    'workbook.busyServer': 'The server is busy with other exports and imports: try again in a moment',
  },
} as const;
