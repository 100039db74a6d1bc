import { addPageTexts } from '../../../i18n/page-texts';

export const attachZh = {
  title: '附件管理',
  link: '附件地址',
  domain: '附件域名',
  name: '附件名称',
  originalName: '附件原名',
  extension: '附件拓展名',
  attachSize: '附件大小',
  createTime: '上传时间',
  upload: '上传',
  download: '下载',
  preview: '预览',
};

export const attachEn: typeof attachZh = {
  title: 'Attachments',
  link: 'Link',
  domain: 'Domain',
  name: 'Stored name',
  originalName: 'Original name',
  extension: 'Extension',
  attachSize: 'Size',
  createTime: 'Uploaded',
  upload: 'Upload',
  download: 'Download',
  preview: 'Preview',
};

declare module '../../../i18n/page-texts' {
  interface ResourceTexts {
    attach: typeof attachZh;
  }
}

addPageTexts('resource', 'attach', attachZh, attachEn);
