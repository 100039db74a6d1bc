import { addPageTexts } from '../../i18n/page-texts';

// The import dialog every importing page shares (./SheetImport.tsx).
export const sheetImportZh = {
  import: '导入',
  template: '下载模板',
  title: '导入 Excel',
  hint: '先下载模板填好数据，再选择文件检查。检查不会保存任何数据。',
  choose: '选择文件',
  file: '选择要导入的 Excel 文件',
  noFile: '未选择文件',
  notXlsx: '请选择 .xlsx 格式的 Excel 文件',
  keyLabel: '已有数据',
  keyNone: '全部新增（重复则报错）',
  keyBy: '按“{{column}}”匹配并更新',
  check: '检查',
  back: '重新选择',
  commit: '导入',
  cancel: '取消',
  close: '关闭',
  checked: '共 {{total}} 行，{{valid}} 行可导入，{{invalid}} 个问题',
  imported: '导入成功 {{count}} 条（新增 {{created}}，更新 {{updated}}）',
  nothingImported: '没有导入任何数据，请按下面的问题修改表格后重新导入',
  problems: '问题列表',
  row: '行',
  column: '列',
  reason: '原因',
  downloadReport: '下载带错误列的表格',
  modeLabel: '导入方式',
  modeAll: '全部导入：有任何问题则不导入',
  modeValid: '只导入没有问题的 {{count}} 行',
  passwords: '新用户的初始密码',
  passwordsOnce: '以下初始密码只显示这一次，请立即复制并转交给用户；用户首次登录时须修改密码。',
  account: '账号',
  password: '初始密码',
};

export const sheetImportEn: typeof sheetImportZh = {
  import: 'Import',
  template: 'Download template',
  title: 'Import from Excel',
  hint: 'Fill in the template, then choose the file to check it. Checking stores nothing.',
  choose: 'Choose file',
  file: 'Choose the Excel file to import',
  noFile: 'No file chosen',
  notXlsx: 'Please choose an Excel file (.xlsx)',
  keyLabel: 'Existing records',
  keyNone: 'All rows are new (a duplicate is a problem)',
  keyBy: 'Match by "{{column}}" and update',
  check: 'Check',
  back: 'Choose again',
  commit: 'Import',
  cancel: 'Cancel',
  close: 'Close',
  checked: '{{total}} rows, {{valid}} can be imported, {{invalid}} problem(s)',
  imported: '{{count}} rows imported ({{created}} new, {{updated}} updated)',
  nothingImported: 'Nothing was imported: fix the problems below in the sheet and import it again',
  problems: 'Problems',
  row: 'Row',
  column: 'Column',
  reason: 'Reason',
  downloadReport: 'Download the sheet with an error column',
  modeLabel: 'How to import',
  modeAll: 'All rows: nothing is imported if any row has a problem',
  modeValid: 'Only the {{count}} rows without problems',
  passwords: "New users' initial passwords",
  passwordsOnce:
    'These initial passwords are shown only this once: copy them now and hand them over. Users must change them at their first sign-in.',
  account: 'Account',
  password: 'Initial password',
};

declare module '../../i18n/page-texts' {
  interface BaseTexts {
    sheetImport: typeof sheetImportZh;
  }
}

addPageTexts('base', 'sheetImport', sheetImportZh, sheetImportEn);
