import { addPageTexts } from '../../../i18n/page-texts';

export const flowDeployZh = {
  title: '流程部署',
  intro: '上传 BPMN 流程文件（.bpmn 或 .xml），每个文件部署为其流程的一个新版本。',
  files: '流程文件',
  filesRequired: '请选择要部署的流程文件',
  filesHint: '点击或拖拽文件到此处',
  filesHelp: '.bpmn 或 .xml 文件，最多 {{count}} 个，每个不超过 {{size}}',
  badType: '只能部署 .bpmn 或 .xml 文件: {{name}}',
  tooLarge: '文件超过 {{size}}: {{name}}',
  tooMany: '一次最多部署 {{count}} 个文件',
  empty: '文件是空的: {{name}}',
  submit: '部署',
};

export const flowDeployEn: typeof flowDeployZh = {
  title: 'Deploy processes',
  intro: 'Upload BPMN process files (.bpmn or .xml): each becomes a new version of its process.',
  files: 'Process files',
  filesRequired: 'Please choose the process files to deploy',
  filesHint: 'Click or drop files here',
  filesHelp: '.bpmn or .xml files, at most {{count}}, each up to {{size}}',
  badType: 'Only .bpmn or .xml files can be deployed: {{name}}',
  tooLarge: 'The file is larger than {{size}}: {{name}}',
  tooMany: 'At most {{count}} files can be deployed at once',
  empty: 'The file is empty: {{name}}',
  submit: 'Deploy',
};

declare module '../../../i18n/page-texts' {
  interface FlowTexts {
    deploy: typeof flowDeployZh;
  }
}

addPageTexts('flow', 'deploy', flowDeployZh, flowDeployEn);
