import { addPageTexts } from '../../../i18n/page-texts';

export const noticeZh = {
  title: '通知公告',
  noticeTitle: '通知标题',
  noticeTitleRequired: '请输入通知标题',
  category: '通知类型',
  categoryRequired: '请选择通知类型',
  releaseTime: '通知日期',
  content: '通知内容',
  audienceType: '通知范围',
  audienceAll: '全部用户',
  audienceRoles: '指定角色',
  audienceDepts: '指定部门',
  audienceHelp:
    '保存即发布：向范围内每位启用的用户发送一条消息。发布后范围不能更改，修改通知也不会再次发送。',
  audienceIds: '通知对象',
  audienceEveryone: '本租户全部启用的用户',
  roles: '角色',
  depts: '部门',
  audienceRolesRequired: '请选择接收通知的角色',
  audienceDeptsRequired: '请选择接收通知的部门',
};

export const noticeEn: typeof noticeZh = {
  title: 'Notices',
  noticeTitle: 'Title',
  noticeTitleRequired: 'Please enter the title',
  category: 'Category',
  categoryRequired: 'Please choose the category',
  releaseTime: 'Release time',
  content: 'Content',
  audienceType: 'Audience',
  audienceAll: 'All users',
  audienceRoles: 'Roles',
  audienceDepts: 'Departments',
  audienceHelp:
    'Saving publishes: each enabled user in the audience is sent a message. The audience cannot change afterwards, and editing the notice sends nothing again.',
  audienceIds: 'Recipients',
  audienceEveryone: 'Every enabled user of the tenant',
  roles: 'roles',
  depts: 'departments',
  audienceRolesRequired: 'Please choose the roles to notify',
  audienceDeptsRequired: 'Please choose the departments to notify',
};

declare module '../../../i18n/page-texts' {
  interface DeskTexts {
    notice: typeof noticeZh;
  }
}

addPageTexts('desk', 'notice', noticeZh, noticeEn);
