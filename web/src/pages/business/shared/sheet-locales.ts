import { addPageTexts } from '../../../i18n/page-texts';

// The Excel button the business tables share (hospitals, machines): export. Import and template are
// every importing page's dialog (components/sheet-import).
export const sheetZh = {
  export: '导出',
};

export const sheetEn: typeof sheetZh = {
  export: 'Export',
};

declare module '../../../i18n/page-texts' {
  interface BusinessTexts {
    sheet: typeof sheetZh;
  }
}

addPageTexts('business', 'sheet', sheetZh, sheetEn);
