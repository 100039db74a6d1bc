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
  },
};

declare module '../../../i18n/page-texts' {
  interface WorkTexts {
    send: typeof workSendZh;
  }
}

addPageTexts('work', 'send', workSendZh, workSendEn);
