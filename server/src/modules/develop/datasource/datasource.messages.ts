// The data source module's server messages (zh-CN and en), composed into core/i18n.ts.

export const datasourceMessages = {
  zh: {
    'datasource.name': '数据源名称',
    'datasource.name.required': '请输入数据源名称',
    'datasource.kind': '数据库类型',
    'datasource.kind.required': '请选择数据库类型',
    'datasource.host': '主机',
    'datasource.host.required': '请输入主机',
    'datasource.port': '端口',
    'datasource.database': '数据库',
    'datasource.database.required': '请输入数据库',
    'datasource.username': '用户名',
    'datasource.password': '密码',
    'datasource.remark': '备注',
    'datasource.url': '连接地址',
    'datasource.driverClass': '驱动类',
    'datasource.url.invalid':
      '连接地址无法识别：须为 jdbc:postgresql://主机[:端口]/数据库、jdbc:mysql://…、jdbc:mariadb://… 或 jdbc:sqlite:文件',
    'datasource.driverClass.unsupported':
      '不支持的驱动类 {driverClass}：可用 org.postgresql.Driver、com.mysql.cj.jdbc.Driver、org.mariadb.jdbc.Driver、org.sqlite.JDBC',
    'datasource.driverClass.mismatch': '驱动类 {driverClass} 与连接地址的数据库类型不符',
    'datasource.hostRefused': '主机 {host} 不在允许的数据源地址内（DATASOURCE_HOSTS）',
    'datasource.sqlitePath': 'SQLite 文件须是数据目录（DATA_DIR）下的相对路径: {path}',
    'datasource.ownDatabase':
      '不能使用控制台自己的数据库（或其 -wal、-shm、-journal 文件）作为数据源: {path}',
    'datasource.inUse': '数据源正被租户使用，不能删除或修改连接: {tenants}',
    'datasource.connected': '连接成功',
    'datasource.failed': '连接失败',
  },
  en: {
    'datasource.name': 'name',
    'datasource.name.required': 'Please enter the data source name',
    'datasource.kind': 'database type',
    'datasource.kind.required': 'Please choose the database type',
    'datasource.host': 'host',
    'datasource.host.required': 'Please enter the host',
    'datasource.port': 'port',
    'datasource.database': 'database',
    'datasource.database.required': 'Please enter the database',
    'datasource.username': 'user name',
    'datasource.password': 'password',
    'datasource.remark': 'remark',
    'datasource.url': 'connection URL',
    'datasource.driverClass': 'driver class',
    'datasource.url.invalid':
      'The connection URL is not one this server reads: jdbc:postgresql://host[:port]/database, jdbc:mysql://…, jdbc:mariadb://… or jdbc:sqlite:file',
    'datasource.driverClass.unsupported':
      'Unsupported driver class {driverClass}: use org.postgresql.Driver, com.mysql.cj.jdbc.Driver, org.mariadb.jdbc.Driver or org.sqlite.JDBC',
    'datasource.driverClass.mismatch':
      'The driver class {driverClass} is not for the database of the connection URL',
    'datasource.hostRefused': 'The host {host} is not among the allowed data source hosts (DATASOURCE_HOSTS)',
    'datasource.sqlitePath':
      'An SQLite file must be a relative path inside the data directory (DATA_DIR): {path}',
    'datasource.ownDatabase':
      "The console's own database (or its -wal, -shm or -journal file) cannot be a data source: {path}",
    'datasource.inUse':
      'The data source is used by tenants; it cannot be removed or its connection changed: {tenants}',
    'datasource.connected': 'Connected',
    'datasource.failed': 'Could not connect',
  },
} as const;
