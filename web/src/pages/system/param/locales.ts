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
  visibility: '可见范围',
  visibilityHelp: '公开：所有登录用户可读；私有：仅平台管理员可读（如初始密码）',
  visibilities: { public: '公开', private: '私有' },
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
  visibility: 'Visibility',
  visibilityHelp:
    'Public: every signed-in user reads it; private: the platform administrator only (such as the initial password)',
  visibilities: { public: 'Public', private: 'Private' },
};

declare module '../../../i18n/page-texts' {
  interface SystemTexts {
    param: typeof paramZh;
  }
}

addPageTexts('system', 'param', paramZh, paramEn);
