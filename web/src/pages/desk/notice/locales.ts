import { addPageTexts } from '../../../i18n/page-texts';

export const noticeZh = {
  title: '通知公告',
  noticeTitle: '通知标题',
  noticeTitleRequired: '请输入通知标题',
  category: '通知类型',
  categoryRequired: '请选择通知类型',
  releaseTime: '通知日期',
  content: '通知内容',
};

export const noticeEn: typeof noticeZh = {
  title: 'Notices',
  noticeTitle: 'Title',
  noticeTitleRequired: 'Please enter the title',
  category: 'Category',
  categoryRequired: 'Please choose the category',
  releaseTime: 'Release time',
  content: 'Content',
};

declare module '../../../i18n/page-texts' {
  interface DeskTexts {
    notice: typeof noticeZh;
  }
}

addPageTexts('desk', 'notice', noticeZh, noticeEn);
