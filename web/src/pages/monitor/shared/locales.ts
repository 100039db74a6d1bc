import { addPageTexts } from '../../../i18n/page-texts';

// What 服务监控 and 缓存监控 share: the header, the loading and failure states, the units.
export const figuresZh = {
  autoRefresh: '每 10 秒自动刷新',
  refresh: '刷新',
  loading: '正在加载{{what}}',
  loadFailed: '{{what}}加载失败',
  unreachable: '无法连接服务器，请检查网络后重试',
  retry: '重试',
  none: '无',
  units: { day: '天', hour: '小时', minute: '分', second: '秒' },
};

export const figuresEn: typeof figuresZh = {
  autoRefresh: 'Refreshes every 10 s',
  refresh: 'Refresh',
  loading: 'Loading {{what}}',
  loadFailed: '{{what}} could not be loaded',
  unreachable: 'The server cannot be reached; check the network and try again',
  retry: 'Retry',
  none: 'None',
  units: { day: 'd', hour: 'h', minute: 'min', second: 's' },
};

declare module '../../../i18n/page-texts' {
  interface MonitorTexts {
    figures: typeof figuresZh;
  }
}

addPageTexts('monitor', 'figures', figuresZh, figuresEn);
