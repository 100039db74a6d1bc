import { addPageTexts } from '../../../i18n/page-texts';

// The dictionary pages' texts (system and business dictionaries, and the two layouts), BladeX's
// labels; the required messages are spec §5's.
export const dictSharedZh = {
  systemTitle: '系统字典',
  bizTitle: '业务字典',
  parentsTitle: '字典列表',
  childrenTitle: '[{{name}}] 字典详情',
  entries: '字典项',
  code: '字典编号',
  codeRequired: '请输入字典编号',
  dictValue: '字典名称',
  dictValueRequired: '请输入字典名称',
  parentId: '上级字典',
  dictKey: '字典键值',
  dictKeyRequired: '请输入字典键值',
  sort: '字典排序',
  sortRequired: '请输入字典排序',
  isSealed: '封存',
  isSealedRequired: '请选择封存',
  sealedHelp: '封存后不可修改或删除，需先解除封存',
  yes: '是',
  no: '否',
  remark: '字典备注',
  configure: '字典配置',
  addChild: '新增子项',
  chooseParent: '请先在字典列表中点击「字典配置」选择一个字典',
  close: '关闭',
};

export const dictSharedEn: typeof dictSharedZh = {
  systemTitle: 'System dictionaries',
  bizTitle: 'Business dictionaries',
  parentsTitle: 'Dictionaries',
  childrenTitle: '[{{name}}] entries',
  entries: 'Dictionary entries',
  code: 'Code',
  codeRequired: 'Please enter dictionary code',
  dictValue: 'Name',
  dictValueRequired: 'Please enter dictionary name',
  parentId: 'Parent entry',
  dictKey: 'Key',
  dictKeyRequired: 'Please enter dictionary key',
  sort: 'Sort',
  sortRequired: 'Please enter dictionary sort',
  isSealed: 'Sealed',
  isSealedRequired: 'Please choose whether it is sealed',
  sealedHelp: 'A sealed entry cannot be changed or deleted until it is unsealed',
  yes: 'Yes',
  no: 'No',
  remark: 'Remark',
  configure: 'Entries',
  addChild: 'Add child',
  chooseParent: 'Choose a dictionary first: click “Entries” in the dictionary list',
  close: 'Close',
};

declare module '../../../i18n/page-texts' {
  interface SystemTexts {
    dictShared: typeof dictSharedZh;
  }
}

addPageTexts('system', 'dictShared', dictSharedZh, dictSharedEn);
