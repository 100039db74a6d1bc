import { addPageTexts } from '../../../i18n/page-texts';

export const serverZh = {
  title: '服务监控',
  processes: '服务进程',
  processCount: '共 {{count}} 个进程（经共享缓存汇总，每个进程每 5 秒上报一次）',
  current: '当前进程',
  updated: '上报于 {{time}}',
  fields: {
    version: '版本',
    node: 'Node.js',
    uptime: '运行时长',
    startedAt: '启动时间',
    memory: '内存 RSS / 堆',
    loopDelay: '循环延迟 p50/p99',
    perSecond: '每秒请求（1分钟 / 1小时）',
    errorRate: '错误率（1分钟 / 1小时）',
    streams: '事件流',
    pool: '数据库连接',
  },
  pool: {
    counts: '使用 {{inUse}} · 空闲 {{idle}} · 等待 {{waiting}}（上限 {{size}}）',
    single: '单连接（SQLite）',
  },
  ms: '{{p50}} / {{p99}} 毫秒',
  chart: {
    requests: '每分钟请求数（近1小时）',
    requestsSummary: '近1小时每分钟请求数：当前 {{last}}，最高 {{max}}',
    errors: '每分钟错误率 %（近1小时）',
    errorsSummary: '近1小时每分钟错误率：当前 {{last}}%，最高 {{max}}%',
  },
  database: {
    title: '数据库',
    engine: '数据库类型',
    version: '版本',
    size: '数据大小',
    connections: '连接数',
    connectionsHint: '数据库服务器上的全部客户端连接（SQLite：本进程的一个连接）',
    statements: '近1小时最慢的语句类型（{{count}} 个进程）',
    kind: '语句类型',
    count: '次数',
    avgMs: '平均（毫秒）',
    maxMs: '最长（毫秒）',
    noStatements: '近1小时没有语句',
  },
};

export const serverEn: typeof serverZh = {
  title: 'Server Monitor',
  processes: 'Server processes',
  processCount: '{{count}} process(es), gathered through the shared cache (each reports every 5 s)',
  current: 'This process',
  updated: 'Reported at {{time}}',
  fields: {
    version: 'Version',
    node: 'Node.js',
    uptime: 'Uptime',
    startedAt: 'Started',
    memory: 'Memory RSS / heap',
    loopDelay: 'Loop delay p50 / p99',
    perSecond: 'Requests/s (1 min / 1 h)',
    errorRate: 'Error rate (1 min / 1 h)',
    streams: 'Event streams',
    pool: 'Database connections',
  },
  pool: {
    counts: 'In use {{inUse}} · idle {{idle}} · waiting {{waiting}} (max {{size}})',
    single: 'One connection (SQLite)',
  },
  ms: '{{p50}} / {{p99}} ms',
  chart: {
    requests: 'Requests per minute (last hour)',
    requestsSummary: 'Requests per minute over the last hour: now {{last}}, highest {{max}}',
    errors: 'Error rate per minute, % (last hour)',
    errorsSummary: 'Error rate per minute over the last hour: now {{last}}%, highest {{max}}%',
  },
  database: {
    title: 'Database',
    engine: 'Engine',
    version: 'Version',
    size: 'Size',
    connections: 'Connections',
    connectionsHint: 'Every client’s connections to the database server (SQLite: this process’s one)',
    statements: 'Slowest kinds of statement in the last hour ({{count}} process(es))',
    kind: 'Kind',
    count: 'Count',
    avgMs: 'Average (ms)',
    maxMs: 'Longest (ms)',
    noStatements: 'No statements in the last hour',
  },
};

declare module '../../../i18n/page-texts' {
  interface MonitorTexts {
    server: typeof serverZh;
  }
}

addPageTexts('monitor', 'server', serverZh, serverEn);
