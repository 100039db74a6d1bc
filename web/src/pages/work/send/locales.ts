import { addPageTexts } from '../../../i18n/page-texts';

export const workSendZh = {
  title: '已发事务',
  startTime: '发起时间',
  currentNodes: '当前步骤',
  status: '流程状态',
  endTime: '结束时间',
  statuses: {
    running: '进行中',
    finished: '已结束',
    deleted: '已删除',
    withdrawn: '已撤销',
  },
  recall: {
    action: '撤回',
    confirm: '撤回这个申请? 它回到您的待办事务，修改后可重新提交（已有人办理时不能撤回）',
    done: '已撤回，请在待办事务中重新提交',
  },
  withdraw: {
    action: '撤销',
    title: '撤销申请',
    ok: '撤销',
    subject: '{{name}}（{{startTime}} 发起）',
    warning: '撤销后整个流程结束，不能恢复',
    reason: '撤销原因',
    reasonRequired: '请填写撤销原因',
    done: '申请已撤销',
  },
  nudge: {
    action: '催办',
    done: '已催办',
  },
};

export const workSendEn: typeof workSendZh = {
  title: 'Sent',
  startTime: 'Started at',
  currentNodes: 'Current step',
  status: 'Status',
  endTime: 'Ended at',
  statuses: {
    running: 'Running',
    finished: 'Finished',
    deleted: 'Deleted',
    withdrawn: 'Withdrawn',
  },
  recall: {
    action: 'Recall',
    confirm:
      'Recall this request? It comes back to your to-do list to revise and resubmit (not once someone has acted on it)',
    done: 'Recalled: resubmit it from your to-do list',
  },
  withdraw: {
    action: 'Withdraw',
    title: 'Withdraw the request',
    ok: 'Withdraw',
    subject: '{{name}} (started {{startTime}})',
    warning: 'The whole process ends and cannot be resumed',
    reason: 'Reason',
    reasonRequired: 'Please give the reason',
    done: 'Request withdrawn',
  },
  nudge: {
    action: 'Nudge',
    done: 'Reminder sent',
  },
};

declare module '../../../i18n/page-texts' {
  interface WorkTexts {
    send: typeof workSendZh;
  }
}

addPageTexts('work', 'send', workSendZh, workSendEn);
