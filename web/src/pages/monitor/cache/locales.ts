import { addPageTexts } from '../../../i18n/page-texts';

export const cacheZh = {
  title: '缓存监控',
  cache: '共享缓存',
  engine: '缓存类型',
  engines: { redis: 'Redis', memory: '进程内存（单进程）' },
  version: '版本',
  memory: '内存占用',
  memoryHint: {
    redis: 'Redis 服务器的总用量（used_memory），含共用该 Redis 的其他安装',
    memory: '按缓存条目估算',
  },
  keys: '键数量',
  capped: '已达统计上限，仅统计前 {{count}} 个',
  prefixes: '按前缀统计的键（只计数，不显示键名和值）',
  prefix: '前缀',
  otherPrefix: '（其他）',
  count: '数量',
  noKeys: '缓存中没有键',
  hitRates: '控制台缓存命中率',
  hitRatesSince: '{{count}} 个进程各自启动以来的合计',
  caches: { dictionaries: '字典', permissions: '权限' },
  cacheName: '缓存',
  hits: '命中',
  misses: '未命中',
  rate: '命中率',
  noLookups: '尚无查询',
};

export const cacheEn: typeof cacheZh = {
  title: 'Cache Monitor',
  cache: 'Shared cache',
  engine: 'Engine',
  engines: { redis: 'Redis', memory: 'Process memory (one process)' },
  version: 'Version',
  memory: 'Memory used',
  memoryHint: {
    redis: 'The whole Redis server’s use (used_memory), other installations sharing it included',
    memory: 'Estimated from the entries',
  },
  keys: 'Keys',
  capped: 'Counting stopped at {{count}}',
  prefixes: 'Keys by prefix (counts only: no key names or values)',
  prefix: 'Prefix',
  otherPrefix: '(other)',
  count: 'Keys',
  noKeys: 'The cache holds no keys',
  hitRates: 'Console cache hit rates',
  hitRatesSince: 'Summed over {{count}} process(es), each since it started',
  caches: { dictionaries: 'Dictionaries', permissions: 'Permissions' },
  cacheName: 'Cache',
  hits: 'Hits',
  misses: 'Misses',
  rate: 'Hit rate',
  noLookups: 'No lookups yet',
};

declare module '../../../i18n/page-texts' {
  interface MonitorTexts {
    cache: typeof cacheZh;
  }
}

addPageTexts('monitor', 'cache', cacheZh, cacheEn);
