import { addPageTexts } from '../../../i18n/page-texts';

export const workCopyZh = {
  title: '抄送我的',
  taskName: '抄送环节',
  fromUserName: '抄送人',
  createTime: '抄送时间',
  readFlag: '状态',
  unread: '未读',
  read: '已读',
  status: '流程状态',
  running: '进行中',
  ended: '已结束',
  view: '查看',
  markRead: '标为已读',
  marked: '已标为已读',
};

export const workCopyEn: typeof workCopyZh = {
  title: 'Copied to me',
  taskName: 'Step',
  fromUserName: 'Copied by',
  createTime: 'Copied at',
  readFlag: 'State',
  unread: 'Unread',
  read: 'Read',
  status: 'Process',
  running: 'Running',
  ended: 'Ended',
  view: 'View',
  markRead: 'Mark as read',
  marked: 'Marked as read',
};

declare module '../../../i18n/page-texts' {
  interface WorkTexts {
    copy: typeof workCopyZh;
  }
}

addPageTexts('work', 'copy', workCopyZh, workCopyEn);
