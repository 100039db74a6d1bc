// Server messages in both languages. `msg` follows the request's Accept-Language (zh by default).
// The shared ones are here; each module keeps its own (modules/**/<name>.messages.ts), which the
// composition root adds (server/src/messages.ts): core imports nothing from modules.

import { eventMessages } from './events/event.messages.js';
import { importMessages } from './workbook/import.messages.js';
import { workbookMessages } from './workbook/workbook.messages.js';

export type Language = 'zh' | 'en';

const zh = {
  ok: '操作成功',
  created: '新增成功',
  updated: '更新成功',
  deleted: '删除成功',
  'error.badRequest': '请求参数不正确',
  'error.unauthorized': '请求未授权',
  'error.forbidden': '缺少访问权限',
  'error.notFound': '请求的资源不存在',
  'error.routeNotFound': '接口不存在: {path}',
  'error.internal': '服务器异常，请稍后重试',
  'error.unavailable': '服务暂不可用',
  'error.bodyTooLarge': '请求内容过大',
  'error.notJson': '请求体不是有效的 JSON',
  'field.required': '请输入{field}',
  'field.type': '{field}格式不正确',
  'field.tooLong': '{field}不能超过{limit}个字符',
  'field.tooShort': '{field}不能少于{limit}个字符',
  'field.min': '{field}不能小于{limit}',
  'field.max': '{field}不能大于{limit}',
  'field.invalid': '{field}的值不正确',
  'query.size': '每页条数必须是 1 到 {max} 之间的整数',
  'query.current': '页码必须是正整数',
  'query.sort': '不支持按{field}排序',
  'query.filter': '查询条件{field}的值不正确',
  'ids.invalid': '请选择至少一条数据',
  'record.notFound': '数据不存在或已删除',
  'param.paramName.required': '请输入参数名称',
  'param.paramKey.required': '请输入参数键名',
  'param.paramValue.required': '请输入参数键值',
  'param.paramKey.exists': '参数键名已存在: {key}',
  'field.id': '主键',
  'param.paramName': '参数名称',
  'param.sheet': '参数',
  'param.import.visibility': '0 仅平台管理员可见（私有），1 所有登录用户可见（公开）；空为私有。',
  'param.paramKey': '参数键名',
  'param.paramValue': '参数键值',
  'param.remark': '备注',
  'param.visibility': '可见范围',
  succeeded: '操作成功!',
  'error.noButton': '缺少按钮权限',
  'error.noMenu': '缺少菜单权限',
  'error.apiScope': '缺少接口权限',
  'list.tooLarge': '数据过多，请缩小查询范围',
  'field.nul': '{field}不能包含空字符',
  ...workbookMessages.zh,
  ...importMessages.zh,
  ...eventMessages.zh,
} as const;

/**
 * The messages every key names: the shared ones here, and the modules', which server/src/messages.ts
 * merges into this interface as it adds them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- widened by declaration merging
export interface Messages extends SharedMessages {}
type SharedMessages = typeof zh;

export type MessageKey = keyof Messages;

const en: Record<keyof SharedMessages, string> = {
  ok: 'Operation succeeded',
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  'error.badRequest': 'Bad request',
  'error.unauthorized': 'Unauthorized',
  'error.forbidden': 'Forbidden',
  'error.notFound': 'Not found',
  'error.routeNotFound': 'No such API: {path}',
  'error.internal': 'Internal server error, please try again later',
  'error.unavailable': 'Service unavailable',
  'error.bodyTooLarge': 'Request body too large',
  'error.notJson': 'The request body is not valid JSON',
  'field.required': 'Please enter {field}',
  'field.type': '{field} has the wrong format',
  'field.tooLong': '{field} must be at most {limit} characters',
  'field.tooShort': '{field} must be at least {limit} characters',
  'field.min': '{field} must be at least {limit}',
  'field.max': '{field} must be at most {limit}',
  'field.invalid': '{field} has an invalid value',
  'query.size': 'size must be an integer from 1 to {max}',
  'query.current': 'current must be a positive integer',
  'query.sort': 'cannot sort by {field}',
  'query.filter': 'invalid value for filter {field}',
  'ids.invalid': 'Please select at least one record',
  'record.notFound': 'The record does not exist or was deleted',
  'param.paramName.required': 'Please enter the parameter name',
  'param.paramKey.required': 'Please enter the parameter key',
  'param.paramValue.required': 'Please enter the parameter value',
  'param.paramKey.exists': 'Parameter key already exists: {key}',
  'field.id': 'id',
  'param.paramName': 'parameter name',
  'param.sheet': 'Parameters',
  'param.import.visibility':
    '0 private (the platform administrator only), 1 public (every signed-in user); blank: private.',
  'param.paramKey': 'parameter key',
  'param.paramValue': 'parameter value',
  'param.remark': 'remark',
  'param.visibility': 'visibility',
  succeeded: 'Operation succeeded',
  'error.noButton': 'You do not have the permission for this action',
  'error.noMenu': 'You do not have the menu this page belongs to',
  'error.apiScope': 'You may not call this API',
  'list.tooLarge': 'Too many results; narrow the search',
  'field.nul': '{field} must not contain a NUL character',
  ...workbookMessages.en,
  ...importMessages.en,
  ...eventMessages.en,
};

const catalogs: Record<Language, Record<keyof SharedMessages, string>> = { zh, en };

/**
 * The modules' messages: the built-in ones added at start (server/src/messages.ts), a generated
 * module's when it is loaded (core/generated-modules.ts: the labels and required messages its
 * schemas name, 'x-label' and 'x-required').
 */
const added: Record<Language, Map<string, string>> = { zh: new Map(), en: new Map() };

export type MessageParams = Record<string, string | number>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(zh, key) || added.zh.has(key);
}

/**
 * Adds a module's messages (both languages, the same keys). A key of the catalogue above, or one
 * another module added with another text, is refused: a module cannot reword the console.
 */
export function addMessages(messages: Record<Language, Readonly<Record<string, string>>>): void {
  const keys = Object.keys(messages.zh);
  const missing = keys.filter((key) => typeof messages.en[key] !== 'string');
  if (missing.length > 0 || Object.keys(messages.en).length !== keys.length)
    throw new Error(`messages: zh and en differ (${missing.join(', ') || 'en has more keys'})`);
  for (const key of keys) {
    const taken = Object.hasOwn(zh, key) || (added.zh.has(key) && added.zh.get(key) !== messages.zh[key]);
    if (taken) throw new Error(`messages: ${key} is already a message`);
  }
  for (const language of ['zh', 'en'] as const)
    for (const key of keys) added[language].set(key, messages[language][key]!);
}

export function translate(language: Language, key: MessageKey, params: MessageParams = {}): string {
  const text = Object.hasOwn(zh, key)
    ? catalogs[language][key as keyof SharedMessages]
    : added[language].get(key);
  if (text === undefined) throw new Error(`no message ${key}`);
  // Most messages have no placeholder, and most calls are the envelope's "ok".
  if (!text.includes('{')) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * The language of each Accept-Language header seen: a browser sends the same one on every call, and
 * ranking it is most of what reading the language costs. At most REMEMBERED_HEADERS, starting
 * afresh when full.
 */
const REMEMBERED_HEADERS = 1_000;
const languageOfHeader = new Map<string, Language>();

/** zh unless the request prefers English ('en', 'en-US', …) over Chinese, by q-value then order. */
export function languageOf(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'zh';
  let language = languageOfHeader.get(acceptLanguage);
  if (language === undefined) {
    language = rankedLanguageOf(acceptLanguage);
    if (languageOfHeader.size >= REMEMBERED_HEADERS) languageOfHeader.clear();
    languageOfHeader.set(acceptLanguage, language);
  }
  return language;
}

function rankedLanguageOf(acceptLanguage: string): Language {
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
      const q = params.find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith('en')) return 'en';
    if (tag.startsWith('zh')) return 'zh';
  }
  return 'zh';
}
