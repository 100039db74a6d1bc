import { addPageTexts } from '../../../i18n/page-texts';

export const workStartZh = {
  title: '发起事务',
  name: '流程名称',
  key: '流程标识',
  version: '流程版本',
  deploymentTime: '部署时间',
  start: '发起',
  confirm: '确定发起这个流程?',
  started: '流程已发起，可在已发事务中查看',
  formTitle: '发起：{{name}}',
  submit: '提交',
  cancel: '取消',
  copy: '抄送',
  copyPlaceholder: '选择抄送人（可多选），他们可以查看这个申请',
};

export const workStartEn: typeof workStartZh = {
  title: 'Start a process',
  name: 'Process',
  key: 'Process key',
  version: 'Version',
  deploymentTime: 'Deployed at',
  start: 'Start',
  confirm: 'Start this process?',
  started: 'Process started: see it under Sent',
  formTitle: 'Start: {{name}}',
  submit: 'Submit',
  cancel: 'Cancel',
  copy: 'Copy to',
  copyPlaceholder: 'Choose users to copy (several): they may read the request',
};

declare module '../../../i18n/page-texts' {
  interface WorkTexts {
    start: typeof workStartZh;
  }
}

addPageTexts('work', 'start', workStartZh, workStartEn);
