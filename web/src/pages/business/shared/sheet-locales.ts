import { addPageTexts } from '../../../i18n/page-texts';

// The Excel buttons the business tables share (hospitals, machines): export, import, template.
export const sheetZh = {
  export: '导出',
  import: '导入',
  importing: '正在导入…',
  imported: '导入成功 {{count}} 条',
  template: '下载模板',
  downloading: '正在下载模板…',
  file: '选择要导入的 Excel 文件',
  notXlsx: '请选择 .xlsx 格式的 Excel 文件',
  failedTitle: '导入失败',
  failedHint: '没有导入任何数据。请按下面列出的问题修改表格后重新导入：',
  close: '关闭',
};

export const sheetEn: typeof sheetZh = {
  export: 'Export',
  import: 'Import',
  importing: 'Importing…',
  imported: '{{count}} rows imported',
  template: 'Download template',
  downloading: 'Downloading the template…',
  file: 'Choose the Excel file to import',
  notXlsx: 'Please choose an Excel file (.xlsx)',
  failedTitle: 'Import failed',
  failedHint: 'Nothing was imported. Fix the problems listed below in the sheet and import it again:',
  close: 'Close',
};

declare module '../../../i18n/page-texts' {
  interface BusinessTexts {
    sheet: typeof sheetZh;
  }
}

addPageTexts('business', 'sheet', sheetZh, sheetEn);
