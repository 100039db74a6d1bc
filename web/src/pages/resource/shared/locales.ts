import { addPageTexts } from '../../../i18n/page-texts';

// What the resource pages (object storage, SMS, attachments) share.
export const resourceSharedZh = {
  status: '状态',
  enabled: '已启用',
  disabled: '未启用',
  enable: '启用',
  enableConfirm: '确定启用这条配置? 同一租户的其他配置将被停用',
  secretKeyKeep: '留空则保留已保存的密钥',
  upload: '上传',
  uploadHint: '点击或拖拽文件到此处上传',
  uploadDialog: '上传文件',
  uploaded: '上传成功',
  link: '附件地址',
  domain: '附件域名',
  name: '附件名称',
  originalName: '原始名称',
  open: '打开',
  preview: '预览',
};

export const resourceSharedEn: typeof resourceSharedZh = {
  status: 'Status',
  enabled: 'Enabled',
  disabled: 'Disabled',
  enable: 'Enable',
  enableConfirm: 'Enable this configuration? The tenant’s other configurations are turned off.',
  secretKeyKeep: 'Leave empty to keep the stored secret key',
  upload: 'Upload',
  uploadHint: 'Click or drag a file here to upload it',
  uploadDialog: 'Upload a file',
  uploaded: 'Uploaded',
  link: 'Link',
  domain: 'Domain',
  name: 'Stored name',
  originalName: 'Original name',
  open: 'Open',
  preview: 'Preview',
};

declare module '../../../i18n/page-texts' {
  interface ResourceTexts {
    shared: typeof resourceSharedZh;
  }
}

addPageTexts('resource', 'shared', resourceSharedZh, resourceSharedEn);
