import { addPageTexts } from '../../../i18n/page-texts';

export const workLeaveZh = {
  leaveType: '请假类型',
  types: {
    personal: '事假',
    sick: '病假',
    annual: '年假',
    inLieu: '调休',
    other: '其他',
  },
  startTime: '开始时间',
  startTimeRequired: '请选择开始时间',
  endTime: '结束时间',
  endTimeRequired: '请选择结束时间',
  endBeforeStart: '结束时间须晚于开始时间',
  days: '请假天数',
  daysRequired: '请输入请假天数',
  daysRange: '请假天数须为 {{min}} 到 {{max}} 的整数',
  daysHelp: '按所选时间自动计算，可修改',
  reason: '请假理由',
  reasonRequired: '请输入请假理由',
  reasonTooLong: '请假理由最多 {{max}} 个字符',
  taskUser: '审批人',
  taskUserRequired: '请选择审批人',
  taskUserPlaceholder: '输入姓名或账号搜索',
  copy: '抄送',
  copyPlaceholder: '选择抄送人（可多选），他们可以查看这个申请',
  noApprover: '没有可选的审批人',
  noApproverHelp:
    '审批人须是本租户中你以外的用户，且能打开「我的事务」。请管理员在「系统管理 › 用户管理」中添加用户，并在「权限管理 › 角色管理」中为其角色授予「我的事务」；试用时运行 npm run demo 可添加演示审批人和经理。',
  taskUserName: '审批人',
  applyTime: '申请时间',
  leaveState: '状态',
  states: {
    review: '审批中',
    approved: '已通过',
    returned: '已退回',
    withdrawn: '已撤回',
    deleted: '已删除',
  },
  submit: '提交申请',
  reset: '重置',
  submitted: '请假申请已提交',
  record: '请假信息',
  decision: '审批',
  process: '流程进度',
  adjustHint: '申请已被驳回：可重新提交给审批人，或撤回申请。',
  notTodo: '这个任务已不在你的待办中：它已被处理，或不由你处理。',
  toTodo: '返回待办事务',
};

export const workLeaveEn: typeof workLeaveZh = {
  leaveType: 'Leave type',
  types: {
    personal: 'Personal',
    sick: 'Sick',
    annual: 'Annual',
    inLieu: 'Time off in lieu',
    other: 'Other',
  },
  startTime: 'Start',
  startTimeRequired: 'Please choose the start',
  endTime: 'End',
  endTimeRequired: 'Please choose the end',
  endBeforeStart: 'The end must come after the start',
  days: 'Days',
  daysRequired: 'Please enter the days',
  daysRange: 'The days must be a whole number from {{min}} to {{max}}',
  daysHelp: 'Counted from the times chosen; you may change it',
  reason: 'Reason',
  reasonRequired: 'Please give the reason',
  reasonTooLong: 'The reason can be at most {{max}} characters',
  taskUser: 'Approver',
  taskUserRequired: 'Please choose the approver',
  taskUserPlaceholder: 'Type a name or an account',
  copy: 'Copy to',
  copyPlaceholder: 'Choose users to copy (several): they may read the request',
  noApprover: 'No approver to choose',
  noApproverHelp:
    'The approver must be another user of your tenant who can open My Work. Ask an administrator to add users in System › Users and to grant their role My Work in Authority › Roles; to try the console, npm run demo adds a demo approver and manager.',
  taskUserName: 'Approver',
  applyTime: 'Requested at',
  leaveState: 'Status',
  states: {
    review: 'In review',
    approved: 'Approved',
    returned: 'Returned',
    withdrawn: 'Withdrawn',
    deleted: 'Deleted',
  },
  submit: 'Submit',
  reset: 'Reset',
  submitted: 'Leave request submitted',
  record: 'Leave request',
  decision: 'Decision',
  process: 'Progress',
  adjustHint: 'The request was returned: resubmit it to the approver, or withdraw it.',
  notTodo: 'This task is no longer in your to-do list: it has been handled, or is not yours to handle.',
  toTodo: 'Back to the to-do list',
};

declare module '../../../i18n/page-texts' {
  interface WorkTexts {
    leave: typeof workLeaveZh;
  }
}

addPageTexts('work', 'leave', workLeaveZh, workLeaveEn);
