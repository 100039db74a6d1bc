import { addPageTexts } from '../../../i18n/page-texts';

export const flowFollowZh = {
  title: '流程跟踪',
  processDefinitionName: '流程名称',
  processDefinitionKey: '流程标识',
  processDefinitionVersion: '版本',
  startUserName: '发起人',
  startTime: '发起时间',
  currentNodes: '当前环节',
  status: '状态',
  running: '运行中',
  finished: '已完成',
  deleted: '已删除',
  withdrawn: '已撤销',
  endTime: '结束时间',
  deleteReason: '删除原因',
  remove: {
    action: '删除',
    title: '删除流程实例',
    subject: '流程 {{name}} v{{version}}，{{startUser}} 于 {{startTime}} 发起',
    warning: '删除后该流程立即结束，其待办任务一并取消，且不能恢复。',
    reason: '删除原因',
    reasonRequired: '请输入删除原因',
    reasonTooLong: '删除原因最多 {{max}} 个字符',
    ok: '删除',
    done: '删除成功',
  },
  reassign: {
    action: '转办',
    title: '转办任务',
    subject: '流程 {{name}}，{{startUser}} 发起',
    task: '任务',
    taskRequired: '请选择任务',
    taskOption: '{{task}}（{{name}}）',
    unclaimed: '待签收',
    user: '转办给',
    userRequired: '请选择用户',
    comment: '说明',
    commentTooLong: '说明最多 {{max}} 个字符',
    ok: '转办',
    done: '已转办',
  },
};

export const flowFollowEn: typeof flowFollowZh = {
  title: 'Process tracking',
  processDefinitionName: 'Process',
  processDefinitionKey: 'Process key',
  processDefinitionVersion: 'Version',
  startUserName: 'Started by',
  startTime: 'Started at',
  currentNodes: 'Current step',
  status: 'Status',
  running: 'Running',
  finished: 'Finished',
  deleted: 'Deleted',
  withdrawn: 'Withdrawn',
  endTime: 'Ended at',
  deleteReason: 'Reason for deleting',
  remove: {
    action: 'Delete',
    title: 'Delete the process instance',
    subject: 'Process {{name}} v{{version}}, started by {{startUser}} at {{startTime}}',
    warning: 'The process ends at once and its open tasks are cancelled; this cannot be undone.',
    reason: 'Reason',
    reasonRequired: 'Please give the reason for deleting',
    reasonTooLong: 'The reason can be at most {{max}} characters',
    ok: 'Delete',
    done: 'Deleted',
  },
  reassign: {
    action: 'Reassign',
    title: 'Reassign a task',
    subject: 'Process {{name}}, started by {{startUser}}',
    task: 'Task',
    taskRequired: 'Please choose the task',
    taskOption: '{{task}} ({{name}})',
    unclaimed: 'not claimed',
    user: 'Reassign to',
    userRequired: 'Please choose a user',
    comment: 'Comment',
    commentTooLong: 'The comment can be at most {{max}} characters',
    ok: 'Reassign',
    done: 'Reassigned',
  },
};

declare module '../../../i18n/page-texts' {
  interface FlowTexts {
    follow: typeof flowFollowZh;
  }
}

addPageTexts('flow', 'follow', flowFollowZh, flowFollowEn);
