import { addPageTexts } from '../../i18n/page-texts';

// The home page's dashboard (api/business/dashboard): business.dashboard.*. The greeting, the
// shortcuts and the notices' title are the shell's (shell.home.*).

export const dashboardZh = {
  title: '业务概况',
  updatedAt: '数据更新于 {{time}}，每分钟自动刷新',
  refresh: '刷新业务数据',
  loading: '正在加载业务数据',
  loadFailed: '业务数据加载失败',
  unreachable: '无法连接服务器，请检查网络后重试',
  retry: '重试',
  empty: {
    title: '还没有机器',
    description: '添加医院和机器后，这里会显示机器、格口和退款的实时数据',
  },
  machines: {
    total: '机器总数',
    online: '在线机器',
    offline: '离线机器',
    fault: '故障机器',
  },
  slots: {
    title: '格口使用',
    inUse: '使用中 / 格口总数',
    occupancy: '占用率 {{percent}}%',
    byState: '各状态格口数',
    empty: '空闲',
    stocked: '有货',
    using: '使用中',
    fault: '故障',
    locked: '锁定',
  },
  refunds: {
    title: '待审退款',
    pending: '待审核笔数',
    amount: '待退金额',
  },
  chart: {
    title: '近 30 天退款审核',
    agreed: '同意',
    rejected: '拒绝',
    date: '日期',
    agreedAmount: '同意金额',
    summary: '近 30 天共同意 {{agreed}} 笔、拒绝 {{rejected}} 笔',
    day: '{{date}}：同意 {{agreed}} 笔，拒绝 {{rejected}} 笔',
    table: '每日审核数',
    failed: '图表未能加载，请刷新页面后重试',
  },
  apk: {
    title: '在用 APK 版本',
    version: '版本',
    machines: '机器数',
    unknown: '未上报',
    none: '还没有机器上报版本',
  },
  notices: {
    loading: '正在加载公告',
    failed: '公告加载失败',
    empty: '暂无公告',
    retry: '重试',
  },
};

export const dashboardEn: typeof dashboardZh = {
  title: 'Business overview',
  updatedAt: 'Updated at {{time}}, refreshed every minute',
  refresh: 'Refresh the business figures',
  loading: 'Loading the business figures',
  loadFailed: 'The business figures did not load',
  unreachable: 'The server cannot be reached: check the network and try again',
  retry: 'Retry',
  empty: {
    title: 'No machines yet',
    description: 'Once hospitals and machines are added, their machines, slots and refunds show here',
  },
  machines: {
    total: 'Machines',
    online: 'Online',
    offline: 'Offline',
    fault: 'Faulty',
  },
  slots: {
    title: 'Slots',
    inUse: 'In use / all slots',
    occupancy: '{{percent}}% occupied',
    byState: 'Slots by state',
    empty: 'Empty',
    stocked: 'Stocked',
    using: 'In use',
    fault: 'Fault',
    locked: 'Locked',
  },
  refunds: {
    title: 'Refunds to review',
    pending: 'Pending',
    amount: 'Amount pending',
  },
  chart: {
    title: 'Refund decisions, last 30 days',
    agreed: 'Agreed',
    rejected: 'Rejected',
    date: 'Date',
    agreedAmount: 'Amount agreed',
    summary: '{{agreed}} agreed and {{rejected}} rejected in the last 30 days',
    day: '{{date}}: {{agreed}} agreed, {{rejected}} rejected',
    table: 'Decisions per day',
    failed: 'The chart did not load: reload the page to try again',
  },
  apk: {
    title: 'APK versions in the field',
    version: 'Version',
    machines: 'Machines',
    unknown: 'Not reported',
    none: 'No machine has reported its version yet',
  },
  notices: {
    loading: 'Loading the notices',
    failed: 'The notices did not load',
    empty: 'No notices',
    retry: 'Retry',
  },
};

declare module '../../i18n/page-texts' {
  interface BusinessTexts {
    dashboard: typeof dashboardZh;
  }
}

addPageTexts('business', 'dashboard', dashboardZh, dashboardEn);
