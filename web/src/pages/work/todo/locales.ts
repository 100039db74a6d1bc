import { addPageTexts } from '../../../i18n/page-texts';

export const workTodoZh = {
  title: '待办事务',
  createTime: '到达时间',
  handle: '处理',
};

export const workTodoEn: typeof workTodoZh = {
  title: 'To-do',
  createTime: 'Arrived at',
  handle: 'Handle',
};

declare module '../../../i18n/page-texts' {
  interface WorkTexts {
    todo: typeof workTodoZh;
  }
}

addPageTexts('work', 'todo', workTodoZh, workTodoEn);
