// The machine commands' server messages (zh-CN and en), composed into messages.ts.

export const commandMessages = {
  zh: {
    'command.offline': '机器 {machineNo} 不在线，不能下发指令',
    'command.slotNo': '请选择要打开的格口（1 到 {max}，须是您可管理的格口）',
    'command.params.none': '指令 {kind} 不带参数',
    'command.requestId.reused': '指令编号 {requestId} 已用于另一条指令',
    'command.state.invalid': '指令状态不存在：{state}',
    'command.notFound': '没有这条指令：{id}',
    'command.timedOut': '指令 {id} 已超时',
    'command.ended': '指令 {id} 已结束（{state}）',
    'command.sent': '指令已下发',
    'command.log.issued': '{machineNo}：下发指令 {kind} {params}',
    'command.log.succeeded': '{machineNo}：指令 {kind} 执行成功 {reason}',
    'command.log.failed': '{machineNo}：指令 {kind} 执行失败：{reason}',
  },
  en: {
    'command.offline': 'Machine {machineNo} is offline: no command can be sent',
    'command.slotNo': 'Choose the slot to open (1 to {max}, one you manage)',
    'command.params.none': 'Command {kind} takes no parameters',
    'command.requestId.reused': 'Command id {requestId} was used for another command',
    'command.state.invalid': 'No such command state: {state}',
    'command.notFound': 'No such command: {id}',
    'command.timedOut': 'Command {id} has timed out',
    'command.ended': 'Command {id} has ended ({state})',
    'command.sent': 'Command sent',
    'command.log.issued': '{machineNo}: command {kind} {params} sent',
    'command.log.succeeded': '{machineNo}: command {kind} succeeded {reason}',
    'command.log.failed': '{machineNo}: command {kind} failed: {reason}',
  },
} as const;
