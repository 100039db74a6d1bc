import { addPageTexts } from '../../../i18n/page-texts';

export const ossZh = {
  title: '对象存储',
  category: '分类',
  categories: {
    minio: 'MinIO',
    qiniu: '七牛云',
    ali: '阿里云',
    tencent: '腾讯云',
    amazon: 'Amazon S3',
    local: '本地存储',
  },
  ossCode: '资源编号',
  ossCodeRequired: '请输入资源编号',
  endpoint: '资源地址',
  endpointRequired: '请输入资源地址',
  endpointInvalid: '资源地址须以 http:// 或 https:// 开头',
  accessKey: 'accessKey',
  accessKeyRequired: '请输入accessKey',
  secretKey: 'secretKey',
  bucketName: '空间名',
  bucketNameRequired: '请输入空间名',
  appId: 'appId',
  region: 'region',
  remark: '备注',
  testUpload: '上传测试',
  testUploadTitle: '上传测试（当前启用的存储）',
  result: '上传结果',
};

export const ossEn: typeof ossZh = {
  title: 'Object storage',
  category: 'Category',
  categories: {
    minio: 'MinIO',
    qiniu: 'Qiniu',
    ali: 'Alibaba Cloud',
    tencent: 'Tencent Cloud',
    amazon: 'Amazon S3',
    local: 'Local storage',
  },
  ossCode: 'Code',
  ossCodeRequired: 'Please enter the code',
  endpoint: 'Endpoint',
  endpointRequired: 'Please enter the endpoint',
  endpointInvalid: 'The endpoint must start with http:// or https://',
  accessKey: 'Access key',
  accessKeyRequired: 'Please enter the access key',
  secretKey: 'Secret key',
  bucketName: 'Bucket',
  bucketNameRequired: 'Please enter the bucket',
  appId: 'App ID',
  region: 'Region',
  remark: 'Remark',
  testUpload: 'Test upload',
  testUploadTitle: 'Test upload (the enabled storage)',
  result: 'Result',
};

declare module '../../../i18n/page-texts' {
  interface ResourceTexts {
    oss: typeof ossZh;
  }
}

addPageTexts('resource', 'oss', ossZh, ossEn);
