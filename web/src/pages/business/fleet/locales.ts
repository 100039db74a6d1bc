import { addPageTexts } from '../../../i18n/page-texts';

// 设备总览 (api/business/fleet): business.fleet.*.

export const fleetZh = {
  title: '设备总览',
  updatedAt: '更新于 {{time}}，每 15 秒自动刷新',
  refresh: '刷新设备总览',
  refreshFailed: '刷新失败，显示的是上次的数据',
  loading: '正在加载设备总览',
  loadFailed: '设备总览加载失败',
  unreachable: '无法连接服务器，请检查网络后重试',
  retry: '重试',
  empty: {
    title: '还没有机器',
    description: '添加医院和机器后，这里会按医院显示机器的在线和故障情况',
  },
  totals: {
    label: '全部医院合计',
    machines: '机器总数',
    online: '在线机器',
    offline: '离线机器',
    fault: '故障机器',
    slotsInUse: '使用中格口',
    slotsFault: '故障格口',
  },
  filter: {
    name: '医院名称',
    namePlaceholder: '按医院名称筛选',
    troubled: '只看有离线或故障机器的医院',
    shown: '显示 {{shown}} / {{total}} 家医院',
    none: '没有符合条件的医院',
    clear: '清除筛选',
  },
  hospital: {
    list: '各医院机器',
    noHospital: '未分配医院',
    machines: '{{n}} 台机器',
    online: '在线',
    offline: '离线',
    fault: '故障',
    onlineShare: '在线率 {{percent}}%',
    slots: '格口使用中',
    slotsFault: '故障格口',
    label:
      '{{name}}：机器 {{machines}} 台，在线 {{online}} 台，离线 {{offline}} 台，故障 {{fault}} 台；' +
      '格口使用中 {{slotsInUse}} 个，共 {{slots}} 个，故障 {{slotsFault}} 个。打开机器管理',
  },
};

export const fleetEn: typeof fleetZh = {
  title: 'Fleet Board',
  updatedAt: 'Updated at {{time}}, refreshed every 15 seconds',
  refresh: 'Refresh the Fleet Board',
  refreshFailed: 'The refresh failed: these are the previous figures',
  loading: 'Loading the Fleet Board',
  loadFailed: 'The Fleet Board did not load',
  unreachable: 'The server cannot be reached: check the network and try again',
  retry: 'Retry',
  empty: {
    title: 'No machines yet',
    description:
      'Once hospitals and machines are added, each hospital’s online and faulty machines show here',
  },
  totals: {
    label: 'All hospitals',
    machines: 'Machines',
    online: 'Online',
    offline: 'Offline',
    fault: 'Faulty',
    slotsInUse: 'Slots in use',
    slotsFault: 'Faulty slots',
  },
  filter: {
    name: 'Hospital name',
    namePlaceholder: 'Filter by hospital name',
    troubled: 'Only hospitals with offline or faulty machines',
    shown: '{{shown}} of {{total}} hospitals shown',
    none: 'No hospital matches',
    clear: 'Clear the filters',
  },
  hospital: {
    list: 'Machines by hospital',
    noHospital: 'No hospital',
    machines: 'Machines: {{n}}',
    online: 'Online',
    offline: 'Offline',
    fault: 'Faulty',
    onlineShare: '{{percent}}% online',
    slots: 'Slots in use',
    slotsFault: 'Faulty slots',
    label:
      '{{name}}: machines {{machines}}, online {{online}}, offline {{offline}}, faulty {{fault}}; ' +
      'slots in use {{slotsInUse}} of {{slots}}, faulty {{slotsFault}}. Opens the machines page',
  },
};

declare module '../../../i18n/page-texts' {
  interface BusinessTexts {
    fleet: typeof fleetZh;
  }
}

addPageTexts('business', 'fleet', fleetZh, fleetEn);
