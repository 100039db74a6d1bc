import { addPageTexts } from '../../../i18n/page-texts';

// What the four 流程管理 pages share: the process category, the deployment's targets, the diagram.
export const flowSharedZh = {
  category: '流程分类',
  deployCategory: '流程类型',
  deployCategoryRequired: '请选择流程类型',
  tenants: '租户',
  tenantsPlaceholder: '不选则部署到当前租户',
  tenantsHelp: '平台管理员可以一次部署到多个租户',
  diagram: '流程图',
  deployed: '部署成功: {{definitions}}',
  version: 'v{{version}}',
  confirmTitle: '提示',
};

export const flowSharedEn: typeof flowSharedZh = {
  category: 'Category',
  deployCategory: 'Process type',
  deployCategoryRequired: 'Please choose the process type',
  tenants: 'Tenants',
  tenantsPlaceholder: 'None: the current tenant',
  tenantsHelp: 'The platform administrator can deploy to several tenants at once',
  diagram: 'Diagram',
  deployed: 'Deployed: {{definitions}}',
  version: 'v{{version}}',
  confirmTitle: 'Confirm',
};

declare module '../../../i18n/page-texts' {
  interface FlowTexts {
    shared: typeof flowSharedZh;
  }
}

addPageTexts('flow', 'shared', flowSharedZh, flowSharedEn);
