// The tenant module's server messages (zh-CN and en), composed into core/i18n.ts.

export const tenantMessages = {
  zh: {
    'tenant.tenantId': '租户编号',
    'tenant.tenantName': '租户名称',
    'tenant.tenantName.required': '请输入租户名称',
    'tenant.linkman': '联系人',
    'tenant.contactNumber': '联系电话',
    'tenant.address': '联系地址',
    'tenant.domain': '域名地址',
    'tenant.backgroundUrl': '系统背景',
    'tenant.accountNumber': '账号额度',
    'tenant.expireTime': '过期时间',
    'tenant.expireTime.invalid': '过期时间格式不正确',
    'tenant.packageId': '产品包',
    'tenant.datasourceId': '数据源',
    'tenant.status': '状态',
    'tenant.passwordMinLength': '密码最短长度',
    'tenant.passwordMinClasses': '密码字符种类',
    'tenant.passwordHistory': '不可重复使用的历史密码数',
    'tenant.passwordPolicy.tooMany': '请求过于频繁，请稍后再试',
    'tenant.packageMissing': '产品包不存在',
    'tenant.domain.exists': '域名地址已被其他租户使用: {domain}',
    'tenant.datasource.unknown': '数据源不存在: {id}',
    'tenant.datasource.platform': '平台租户的数据保存在主数据库，不能绑定数据源',
    'tenant.datasource.unreachable': '数据源 {name} 无法连接，未作任何修改: {reason}',
    'tenant.datasource.migrationFailed': '数据源 {name} 的表结构未能建立或更新，未作任何修改: {reason}',
    'tenant.datasource.rowsInMain':
      '租户 {tenant} 在主数据库中已有业务数据（{table} 表 {rows} 行），不能绑定数据源：一个租户的数据不能分在两个数据库',
    'tenant.datasource.rowsInSource':
      '租户 {tenant} 在数据源 {name} 中还有业务数据（{table} 表 {rows} 行），不能解除或更换绑定：一个租户的数据不能分在两个数据库',
    'tenant.datasource.changed': '租户的数据源刚被他人修改，请刷新后重试',
    'tenant.platformLocked': '平台租户不能删除、停用或设置过期时间',
    'tenant.accountLimit': '当前租户已到最大账号额度（{limit}个），不能再新增账号',
  },
  en: {
    'tenant.tenantId': 'tenant id',
    'tenant.tenantName': 'tenant name',
    'tenant.tenantName.required': 'Please enter the tenant name',
    'tenant.linkman': 'contact person',
    'tenant.contactNumber': 'contact number',
    'tenant.address': 'address',
    'tenant.domain': 'domain',
    'tenant.backgroundUrl': 'background',
    'tenant.accountNumber': 'account limit',
    'tenant.expireTime': 'expiry time',
    'tenant.expireTime.invalid': 'The expiry time is not a valid date',
    'tenant.packageId': 'package',
    'tenant.datasourceId': 'data source',
    'tenant.status': 'status',
    'tenant.passwordMinLength': 'minimum password length',
    'tenant.passwordMinClasses': 'password character classes',
    'tenant.passwordHistory': 'earlier passwords that may not be reused',
    'tenant.passwordPolicy.tooMany': 'Too many requests; try again later',
    'tenant.packageMissing': 'No such package',
    'tenant.domain.exists': 'The domain is used by another tenant: {domain}',
    'tenant.datasource.unknown': 'No such data source: {id}',
    'tenant.datasource.platform':
      "The platform tenant's data stays in the main database: it cannot be bound to a data source",
    'tenant.datasource.unreachable': 'Data source {name} cannot be reached; nothing was changed: {reason}',
    'tenant.datasource.migrationFailed':
      'Data source {name}: its tables could not be created or updated; nothing was changed: {reason}',
    'tenant.datasource.rowsInMain':
      'Tenant {tenant} already has business data in the main database ({table}: {rows} rows): it cannot be bound to a data source, as its data cannot be split between two databases',
    'tenant.datasource.rowsInSource':
      'Tenant {tenant} still has business data in data source {name} ({table}: {rows} rows): it cannot be unbound or moved, as its data cannot be split between two databases',
    'tenant.datasource.changed':
      "Someone else has just changed the tenant's data source: refresh and try again",
    'tenant.platformLocked': 'The platform tenant cannot be removed, disabled or given an expiry time',
    'tenant.accountLimit':
      'The tenant has reached its limit of {limit} accounts; no more accounts can be added',
  },
} as const;
