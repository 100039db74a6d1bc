import { addPageTexts } from '../../../i18n/page-texts';

export const workDoneZh = {
  title: '办结事务',
  endTime: '办理时间',
  outcome: '审批结果',
  comment: '审批意见',
  processIsFinished: '流程状态',
  finished: '已结束',
  running: '进行中',
};

export const workDoneEn: typeof workDoneZh = {
  title: 'Done',
  endTime: 'Handled at',
  outcome: 'Decision',
  comment: 'Comment',
  processIsFinished: 'Process',
  finished: 'Finished',
  running: 'Running',
};

declare module '../../../i18n/page-texts' {
  interface WorkTexts {
    done: typeof workDoneZh;
  }
}

addPageTexts('work', 'done', workDoneZh, workDoneEn);
