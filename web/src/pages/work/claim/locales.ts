import { addPageTexts } from '../../../i18n/page-texts';

export const workClaimZh = {
  title: '待签事务',
  createTime: '创建时间',
  claim: '签收',
  confirm: '确定签收这个任务? 签收后由你处理，其他候选人不再看到它',
  claimed: '签收成功，任务已移至待办事务',
};

export const workClaimEn: typeof workClaimZh = {
  title: 'Tasks to claim',
  createTime: 'Created at',
  claim: 'Claim',
  confirm: 'Claim this task? It becomes yours, and the other candidates no longer see it',
  claimed: 'Claimed: the task is now in your to-do list',
};

declare module '../../../i18n/page-texts' {
  interface WorkTexts {
    claim: typeof workClaimZh;
  }
}

addPageTexts('work', 'claim', workClaimZh, workClaimEn);
