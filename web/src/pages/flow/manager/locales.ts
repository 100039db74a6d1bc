import { addPageTexts } from '../../../i18n/page-texts';

export const flowManagerZh = {
  title: '流程管理',
  key: '流程标识',
  name: '流程名称',
  version: '版本',
  category: '流程分类',
  suspensionState: '状态',
  active: '激活',
  suspended: '挂起',
  resourceName: '资源文件',
  deploymentTime: '部署时间',
  suspend: {
    action: '挂起',
    confirm: '确定挂起流程 {{name}}（{{key}} v{{version}}）? 挂起后不能再发起该版本的流程',
    done: '已挂起',
  },
  activate: {
    action: '激活',
    confirm: '确定激活流程 {{name}}（{{key}} v{{version}}）?',
    done: '已激活',
  },
  remove: {
    action: '删除',
    confirm: '确定删除流程 {{name}}（{{key}} v{{version}}）所在的部署? 同一部署的其他流程一并删除',
    ok: '删除',
    done: '删除成功',
    cascadeTitle: '一并结束运行中的流程?',
    cascade:
      '该部署还有 {{count}} 个运行中的流程实例。继续删除将立即结束这些流程实例并取消它们的待办任务，且不能恢复。确定结束它们并删除部署?',
    cascadeOk: '结束流程并删除',
  },
};

export const flowManagerEn: typeof flowManagerZh = {
  title: 'Process definitions',
  key: 'Process key',
  name: 'Process name',
  version: 'Version',
  category: 'Category',
  suspensionState: 'State',
  active: 'Active',
  suspended: 'Suspended',
  resourceName: 'Resource',
  deploymentTime: 'Deployed at',
  suspend: {
    action: 'Suspend',
    confirm: 'Suspend the process {{name}} ({{key}} v{{version}})? This version then starts nothing',
    done: 'Suspended',
  },
  activate: {
    action: 'Activate',
    confirm: 'Activate the process {{name}} ({{key}} v{{version}})?',
    done: 'Activated',
  },
  remove: {
    action: 'Delete',
    confirm:
      'Delete the deployment of the process {{name}} ({{key}} v{{version}})? Other processes of the same deployment are deleted with it',
    ok: 'Delete',
    done: 'Deleted',
    cascadeTitle: 'End the running processes too?',
    cascade:
      'This deployment still has {{count}} running process instances. Deleting it ends them at once and cancels their open tasks, and this cannot be undone. End them and delete the deployment?',
    cascadeOk: 'End them and delete',
  },
};

declare module '../../../i18n/page-texts' {
  interface FlowTexts {
    manager: typeof flowManagerZh;
  }
}

addPageTexts('flow', 'manager', flowManagerZh, flowManagerEn);
