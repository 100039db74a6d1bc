import { addPageTexts } from '../../../i18n/page-texts';

export const paramZh = {
  title: '参数管理',
  paramName: '参数名称',
  paramNameRequired: '请输入参数名称',
  paramKey: '参数键名',
  paramKeyRequired: '请输入参数键名',
  paramValue: '参数键值',
  paramValueRequired: '请输入参数键值',
  remark: '备注',
};

export const paramEn: typeof paramZh = {
  title: 'Parameters',
  paramName: 'Parameter name',
  paramNameRequired: 'Please enter the parameter name',
  paramKey: 'Parameter key',
  paramKeyRequired: 'Please enter the parameter key',
  paramValue: 'Parameter value',
  paramValueRequired: 'Please enter the parameter value',
  remark: 'Remark',
};

declare module '../../../i18n/page-texts' {
  interface SystemTexts {
    param: typeof paramZh;
  }
}

addPageTexts('system', 'param', paramZh, paramEn);
