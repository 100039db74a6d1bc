// Server messages in both languages. `msg` follows the request's Accept-Language (zh by default).

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
  'auth.clientInvalid': '客户端认证失败',
  'auth.badCredentials': '用户名或密码错误',
  'auth.captchaMissing': '请输入验证码',
  'auth.captchaInvalid': '验证码不正确或已过期',
  'auth.tenantMissing': '租户不存在',
  'auth.tenantDisabled': '租户已被禁用，请联系管理员',
  'auth.tenantExpired': '租户授权已过期，请联系管理员',
  'auth.userDisabled': '账号已被禁用',
  'auth.userPending': '账号正在等待管理员审核',
  'auth.userLocked': '账号已被锁定，请联系管理员解锁',
  'auth.tooManyAttempts': '登录失败次数过多，请稍后再试',
  'auth.unsupportedGrant': '不支持的授权类型',
  'auth.grantNotAllowed': '该客户端不允许此授权类型',
  'auth.refreshInvalid': '登录已失效，请重新登录',
  'auth.missingParameter': '缺少参数: {name}',
  'auth.cacheCleared': '清除完毕',
  'auth.switchInvalid': '所选部门或角色不属于当前账号',
  'user.unlocked': '解锁成功',
  'auth.socialUnknown': '未配置的第三方平台: {source}',
  'auth.socialState': '第三方登录已过期，请重试',
  'auth.socialFailed': '第三方平台认证失败',
  'register.closed': '注册功能已关闭',
  'register.accountExists': '账号已存在: {account}',
  'register.identityInvalid': '第三方账号无效或已绑定',
  'register.submitted': '注册申请已提交,请耐心等待管理员通过!',
  'register.tenantId': '租户编号',
  'register.tenantId.required': '请先输入租户编号',
  'register.account': '账号名称',
  'register.account.required': '请先输入账号名称',
  'register.password': '密码',
  'register.password.required': '请先输入密码',
  'register.name': '用户昵称',
  'register.oauthId': '第三方账号',
  'param.paramName.required': '请输入参数名称',
  'param.paramKey.required': '请输入参数键名',
  'param.paramValue.required': '请输入参数键值',
  'param.paramKey.exists': '参数键名已存在: {key}',
  'field.id': '主键',
  'param.paramName': '参数名称',
  'param.paramKey': '参数键名',
  'param.paramValue': '参数键值',
  'param.remark': '备注',
} as const;

export type MessageKey = keyof typeof zh;

const en: Record<MessageKey, string> = {
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
  'auth.clientInvalid': 'Client authentication failed',
  'auth.badCredentials': 'Wrong account or password',
  'auth.captchaMissing': 'Please enter the captcha',
  'auth.captchaInvalid': 'The captcha is wrong or has expired',
  'auth.tenantMissing': 'No such tenant',
  'auth.tenantDisabled': 'The tenant is disabled; contact the administrator',
  'auth.tenantExpired': "The tenant's licence has expired; contact the administrator",
  'auth.userDisabled': 'The account is disabled',
  'auth.userPending': 'The account is waiting for an administrator to approve it',
  'auth.userLocked': 'The account is locked; ask an administrator to unlock it',
  'auth.tooManyAttempts': 'Too many failed sign-ins; try again later',
  'auth.unsupportedGrant': 'Unsupported grant type',
  'auth.grantNotAllowed': 'This client may not use that grant type',
  'auth.refreshInvalid': 'The session has ended; please sign in again',
  'auth.missingParameter': 'Missing parameter: {name}',
  'auth.cacheCleared': 'Caches cleared',
  'auth.switchInvalid': 'The chosen department or role is not one of this account',
  'user.unlocked': 'Unlocked',
  'auth.socialUnknown': 'No such third-party provider: {source}',
  'auth.socialState': 'The third-party sign-in has expired; please try again',
  'auth.socialFailed': 'The third-party provider did not confirm the sign-in',
  'register.closed': 'Registration is closed',
  'register.accountExists': 'The account already exists: {account}',
  'register.identityInvalid': 'The third-party account is unknown or already linked',
  'register.submitted': 'Your registration was submitted; please wait for an administrator to approve it',
  'register.tenantId': 'tenant id',
  'register.tenantId.required': 'Please enter the tenant id first',
  'register.account': 'account',
  'register.account.required': 'Please enter the account name first',
  'register.password': 'password',
  'register.password.required': 'Please enter the password first',
  'register.name': 'nickname',
  'register.oauthId': 'third-party account',
  'param.paramName.required': 'Please enter the parameter name',
  'param.paramKey.required': 'Please enter the parameter key',
  'param.paramValue.required': 'Please enter the parameter value',
  'param.paramKey.exists': 'Parameter key already exists: {key}',
  'field.id': 'id',
  'param.paramName': 'parameter name',
  'param.paramKey': 'parameter key',
  'param.paramValue': 'parameter value',
  'param.remark': 'remark',
};

const catalogs: Record<Language, Record<MessageKey, string>> = { zh, en };

export type MessageParams = Record<string, string | number>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(zh, key);
}

export function translate(language: Language, key: MessageKey, params: MessageParams = {}): string {
  return catalogs[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** zh unless the request prefers English ('en', 'en-US', …) over Chinese, by q-value then order. */
export function languageOf(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'zh';
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
