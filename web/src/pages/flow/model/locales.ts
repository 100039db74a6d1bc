import { addPageTexts } from '../../../i18n/page-texts';

export const flowModelZh = {
  title: '模型管理',
  name: '模型名称',
  nameRequired: '请输入模型名称',
  modelKey: '模型标识',
  modelKeyRequired: '请输入模型标识',
  modelKeyPattern: '模型标识以字母或下划线开头，只能包含字母、数字、下划线、点和连字符',
  modelKeyHelp: '即流程标识，保存后不能修改',
  category: '流程分类',
  version: '版本',
  description: '模型描述',
  updateTime: '更新时间',
  deployTime: '部署时间',
  add: '新增',
  design: '设计',
  designer: {
    addTitle: '新建模型',
    editTitle: '设计模型: {{name}}',
    fields: '模型信息',
    canvas: '流程设计器',
    save: '保存',
    back: '返回',
    saved: '保存成功',
    loadFailed: '模型未能加载',
    exportFailed: '流程图未能导出，请检查流程图后重试',
    leaveTitle: '放弃修改?',
    leave: '模型有未保存的修改，返回后这些修改将丢失。确定返回?',
    leaveOk: '放弃修改',
    stay: '继续编辑',
  },
  deploy: {
    action: '部署',
    title: '部署模型',
    confirm: '将模型 {{name}}（{{modelKey}}）部署为流程的新版本。',
    categoryHelp: '默认为模型的流程分类',
    ok: '部署',
  },
};

export const flowModelEn: typeof flowModelZh = {
  title: 'Process models',
  name: 'Name',
  nameRequired: 'Please enter the model name',
  modelKey: 'Key',
  modelKeyRequired: 'Please enter the model key',
  modelKeyPattern:
    'The key starts with a letter or an underscore and holds only letters, digits, underscores, dots and hyphens',
  modelKeyHelp: 'The process id: it cannot change once saved',
  category: 'Category',
  version: 'Version',
  description: 'Description',
  updateTime: 'Updated at',
  deployTime: 'Deployed at',
  add: 'Add',
  design: 'Design',
  designer: {
    addTitle: 'New model',
    editTitle: 'Design model: {{name}}',
    fields: 'Model',
    canvas: 'Process designer',
    save: 'Save',
    back: 'Back',
    saved: 'Saved',
    loadFailed: 'The model could not be loaded',
    exportFailed: 'The diagram could not be exported: check it and try again',
    leaveTitle: 'Discard the changes?',
    leave: 'The model has unsaved changes, which are lost if you go back. Go back?',
    leaveOk: 'Discard changes',
    stay: 'Keep editing',
  },
  deploy: {
    action: 'Deploy',
    title: 'Deploy the model',
    confirm: 'Deploy the model {{name}} ({{modelKey}}) as a new version of its process.',
    categoryHelp: 'The model’s category by default',
    ok: 'Deploy',
  },
};

declare module '../../../i18n/page-texts' {
  interface FlowTexts {
    model: typeof flowModelZh;
  }
}

addPageTexts('flow', 'model', flowModelZh, flowModelEn);
