import { addPageTexts } from '../../../i18n/page-texts';

export const slotZh = {
  title: '格口管理',
  machine: '机器',
  machineSearch: '输入机器编号或名称搜索',
  chooseMachine: '请选择一台机器，查看和管理它的格口与授权',
  noMatch: '没有匹配的数据',
  wholeMachine: '整机授权',
  noHolders: '暂无',
  slots: '格口列表',
  slotNo: '格口号',
  status: '格口状态',
  holders: '授权用户',
  viaMachine: '整机',
  viaMachineTitle: '通过整机授权持有',
  users: '用户',
  usersRequired: '请选择用户',
  userSearch: '输入账号或姓名搜索',
  scope: '范围',
  scopeMachine: '整台机器（{{machineNo}}）',
  scopeSlots: '选中的格口（{{count}} 个）',
  scopeSlotsNone: '选中的格口（请先在列表中勾选）',
  chosenSlots: '选中的格口：{{names}}',
  listSeparator: '、',
  unchanged: '没有需要变更的授权',
  grant: {
    action: '授权',
    title: '格口授权',
    hint: '被授权的用户可以操作这些格口；整机授权包括这台机器的所有格口',
    done: '授权成功，新增 {{count}} 项授权',
  },
  cancel: {
    action: '取消授权',
    title: '取消授权',
    hint: '取消整机授权会收回所选用户在这台机器上的全部授权',
    confirmMachine: '确定取消所选用户在这台机器上的全部授权?',
    confirmSlots: '确定取消所选用户在选中格口上的授权?',
    done: '已取消 {{count}} 项授权',
  },
  setStatus: {
    action: '修改状态',
    title: '修改格口状态',
    forSlots: '修改 {{count}} 个格口的状态：{{names}}',
    status: '新状态',
    statusRequired: '请选择新状态',
    remark: '备注',
    done: '已修改 {{count}} 个格口的状态',
  },
};

export const slotEn: typeof slotZh = {
  title: 'Slots',
  machine: 'Machine',
  machineSearch: 'Search by machine number or name',
  chooseMachine: 'Choose a machine to see and manage its slots and grants',
  noMatch: 'Nothing matches',
  wholeMachine: 'Whole-machine grants',
  noHolders: 'None',
  slots: 'Slot list',
  slotNo: 'Slot',
  status: 'Status',
  holders: 'Granted users',
  viaMachine: 'machine',
  viaMachineTitle: 'Held through a whole-machine grant',
  users: 'Users',
  usersRequired: 'Please select the users',
  userSearch: 'Search by account or name',
  scope: 'Scope',
  scopeMachine: 'The whole machine ({{machineNo}})',
  scopeSlots: 'The selected slots ({{count}})',
  scopeSlotsNone: 'The selected slots (tick them in the list first)',
  chosenSlots: 'Selected slots: {{names}}',
  listSeparator: ', ',
  unchanged: 'No grant needed changing',
  grant: {
    action: 'Grant',
    title: 'Grant slots',
    hint: 'Granted users may operate these slots; a whole-machine grant covers every slot of the machine',
    done: 'Granted: {{count}} new grants',
  },
  cancel: {
    action: 'Revoke',
    title: 'Revoke grants',
    hint: 'Revoking the whole machine takes back every grant the selected users hold on it',
    confirmMachine: 'Revoke every grant the selected users hold on this machine?',
    confirmSlots: 'Revoke the grants the selected users hold on the selected slots?',
    done: '{{count}} grants revoked',
  },
  setStatus: {
    action: 'Set status',
    title: 'Set the slot status',
    forSlots: 'The status of {{count}} slots: {{names}}',
    status: 'New status',
    statusRequired: 'Please select the new status',
    remark: 'Remark',
    done: 'The status of {{count}} slots was set',
  },
};

declare module '../../../i18n/page-texts' {
  interface BusinessTexts {
    slot: typeof slotZh;
  }
}

addPageTexts('business', 'slot', slotZh, slotEn);
