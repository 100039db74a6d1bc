import { addPageTexts } from '../../../i18n/page-texts';

// Texts every work page shares: the task and process columns, the row buttons, the decision form.

export const workSharedZh = {
  category: '流程分类',
  processDefinitionName: '流程名称',
  processDefinitionKey: '流程标识',
  processDefinitionVersion: '流程版本',
  taskName: '当前步骤',
  startUserName: '申请人',
  createTime: '创建时间',
  version: 'v{{version}}',
  diagram: '流程图',
  detail: '详情',
  outcome: {
    pass: '同意',
    reject: '驳回',
  },
  decision: {
    group: '审批操作',
    comment: '审批意见',
    commentHelp: '驳回时必填',
    commentRequired: '驳回时请填写审批意见',
    commentTooLong: '审批意见最多 {{max}} 个字符',
    pass: '同意',
    reject: '驳回',
    resubmit: '重新提交',
    withdraw: '撤回',
    withdrawConfirm: '确定撤回这个申请? 撤回后流程结束',
    cancel: '取消',
    done: {
      pass: '已同意',
      reject: '已驳回',
      resubmit: '已重新提交',
      withdraw: '已撤回',
    },
  },
  dialog: {
    title: '处理事务',
    subject: '{{process}}：{{task}}',
    applicant: '申请人：{{name}}',
  },
  load: {
    loading: '加载中…',
    failed: '加载失败',
    retry: '重试',
  },
};

export const workSharedEn: typeof workSharedZh = {
  category: 'Category',
  processDefinitionName: 'Process',
  processDefinitionKey: 'Process key',
  processDefinitionVersion: 'Version',
  taskName: 'Current step',
  startUserName: 'Applicant',
  createTime: 'Created at',
  version: 'v{{version}}',
  diagram: 'Diagram',
  detail: 'Details',
  outcome: {
    pass: 'Approved',
    reject: 'Rejected',
  },
  decision: {
    group: 'Decision',
    comment: 'Comment',
    commentHelp: 'Required when rejecting',
    commentRequired: 'Please say why you reject',
    commentTooLong: 'The comment can be at most {{max}} characters',
    pass: 'Approve',
    reject: 'Reject',
    resubmit: 'Resubmit',
    withdraw: 'Withdraw',
    withdrawConfirm: 'Withdraw this request? Its process ends',
    cancel: 'Cancel',
    done: {
      pass: 'Approved',
      reject: 'Rejected',
      resubmit: 'Resubmitted',
      withdraw: 'Withdrawn',
    },
  },
  dialog: {
    title: 'Handle the task',
    subject: '{{process}}: {{task}}',
    applicant: 'Applicant: {{name}}',
  },
  load: {
    loading: 'Loading…',
    failed: 'Could not load',
    retry: 'Retry',
  },
};

declare module '../../../i18n/page-texts' {
  interface WorkTexts {
    shared: typeof workSharedZh;
  }
}

addPageTexts('work', 'shared', workSharedZh, workSharedEn);
