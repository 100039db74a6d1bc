import { addPageTexts } from '../../../i18n/page-texts';

export const apiScopeZh = {
  title: '接口权限',
  scopes: '接口权限配置',
  drawerTitle: '[{{name}}] 接口权限配置',
  scopeName: '权限名称',
  scopeNameRequired: '请输入权限名称',
  resourceCode: '资源编号',
  resourceCodeRequired: '请输入资源编号',
  scopePath: '权限路径',
  scopePathRequired: '请输入权限路径',
  scopePathHelp: '接口地址，可用 * 匹配一段、** 匹配多段，如 /api/blade-system/param/**',
  scopeMethod: '请求方法',
  scopeMethodAll: '全部方法',
  scopeType: '接口类型',
  scopeTypeRequired: '请选择接口类型',
  // HTTP methods are the same words in every language.
  method: { GET: 'GET', POST: 'POST', PUT: 'PUT', PATCH: 'PATCH', DELETE: 'DELETE' },
  remark: '备注',
};

export const apiScopeEn: typeof apiScopeZh = {
  title: 'API scopes',
  scopes: 'API scopes of the menu',
  drawerTitle: '[{{name}}] API scopes',
  scopeName: 'Scope name',
  scopeNameRequired: 'Please enter the scope name',
  resourceCode: 'Resource code',
  resourceCodeRequired: 'Please enter the resource code',
  scopePath: 'API path',
  scopePathRequired: 'Please enter the API path',
  scopePathHelp: 'The API path: * matches one segment, ** several, e.g. /api/blade-system/param/**',
  scopeMethod: 'HTTP method',
  scopeMethodAll: 'Every method',
  scopeType: 'API type',
  scopeTypeRequired: 'Please choose the API type',
  // HTTP methods are the same words in every language.
  method: { GET: 'GET', POST: 'POST', PUT: 'PUT', PATCH: 'PATCH', DELETE: 'DELETE' },
  remark: 'Remark',
};

declare module '../../../i18n/page-texts' {
  interface AuthorityTexts {
    apiScope: typeof apiScopeZh;
  }
}

addPageTexts('authority', 'apiScope', apiScopeZh, apiScopeEn);
