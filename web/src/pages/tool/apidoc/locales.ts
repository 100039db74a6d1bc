import { addPageTexts } from '../../../i18n/page-texts';

export const apidocZh = {
  title: '接口文档',
  summary: 'OpenAPI 3.1，由服务端按各接口自身的校验模式生成：共 {{operations}} 个接口，{{areas}} 个分类',
  hint: 'x-access 为访问级别，x-button 为所需按钮权限；每个调用需带客户端头 Authorization: Basic，登录后的调用另带 Blade-Auth: bearer <token>',
  download: '下载 JSON',
  loading: '正在加载接口文档…',
  loadFailed: '接口文档加载失败',
  viewerFailed: '文档查看器加载失败',
  retry: '重试',
};

export const apidocEn: typeof apidocZh = {
  title: 'API docs',
  summary:
    "OpenAPI 3.1, made by the server from each route's own schemas: {{operations}} operations in {{areas}} areas",
  hint: 'x-access is the access level, x-button the button permission needed; every call carries the client header Authorization: Basic, and a signed-in call also Blade-Auth: bearer <token>',
  download: 'Download JSON',
  loading: 'Loading the API docs…',
  loadFailed: 'The API docs could not be loaded',
  viewerFailed: 'The document viewer could not be loaded',
  retry: 'Retry',
};

declare module '../../../i18n/page-texts' {
  interface ToolTexts {
    apidoc: typeof apidocZh;
  }
}

addPageTexts('tool', 'apidoc', apidocZh, apidocEn);
