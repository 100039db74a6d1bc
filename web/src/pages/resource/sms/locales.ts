import { addPageTexts } from '../../../i18n/page-texts';

export const smsZh = {
  title: '短信配置',
  category: '分类',
  categories: {
    yunpian: '云片',
    qiniu: '七牛云',
    ali: '阿里云',
    tencent: '腾讯云',
    log: '仅记录（测试）',
  },
  smsCode: '资源编号',
  smsCodeRequired: '请输入资源编号',
  templateId: '模版ID',
  templateIdRequired: '请输入模版ID',
  accessKey: 'accessKey',
  accessKeyRequired: '请输入accessKey',
  secretKey: 'secretKey',
  regionId: 'regionId',
  appId: 'SDK AppId',
  appIdRequired: '请输入SDK AppId',
  signName: '短信签名',
  signNameRequired: '请输入短信签名',
  remark: '备注',
  send: '发送测试',
  sendTitle: '发送测试短信（{{code}}）',
  phones: '手机号',
  phonesHelp: '多个号码用逗号分隔',
  params: '模版参数',
  paramKey: '参数名',
  paramValue: '参数值',
  paramKeyRequired: '请输入参数名',
  paramRemove: '删除参数',
  paramAdd: '添加参数',
  submit: '发送',
  sent: '发送成功!',
};

export const smsEn: typeof smsZh = {
  title: 'SMS settings',
  category: 'Category',
  categories: {
    yunpian: 'Yunpian',
    qiniu: 'Qiniu',
    ali: 'Alibaba Cloud',
    tencent: 'Tencent Cloud',
    log: 'Record only (testing)',
  },
  smsCode: 'Code',
  smsCodeRequired: 'Please enter the code',
  templateId: 'Template ID',
  templateIdRequired: 'Please enter the template ID',
  accessKey: 'Access key',
  accessKeyRequired: 'Please enter the access key',
  secretKey: 'Secret key',
  regionId: 'Region ID',
  appId: 'SDK app ID',
  appIdRequired: 'Please enter the SDK app ID',
  signName: 'Signature',
  signNameRequired: 'Please enter the signature',
  remark: 'Remark',
  send: 'Send test',
  sendTitle: 'Send a test message ({{code}})',
  phones: 'Phones',
  phonesHelp: 'Separate several numbers with commas',
  params: 'Template parameters',
  paramKey: 'Name',
  paramValue: 'Value',
  paramKeyRequired: 'Please enter the name',
  paramRemove: 'Remove the parameter',
  paramAdd: 'Add a parameter',
  submit: 'Send',
  sent: 'Sent!',
};

declare module '../../../i18n/page-texts' {
  interface ResourceTexts {
    sms: typeof smsZh;
  }
}

addPageTexts('resource', 'sms', smsZh, smsEn);
