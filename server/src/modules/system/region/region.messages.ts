// The region module's server messages (zh-CN and en), composed into core/i18n.ts.

export const regionMessages = {
  zh: {
    'region.code': '区划编号',
    'region.code.required': '请输入区划编号',
    'region.code.invalid': '区划编号必须是1到12位数字',
    'region.parentCode': '上级区划编号',
    'region.parentCode.required': '请选择上级区划',
    'region.name': '区划名称',
    'region.name.required': '请输入区划名称',
    'region.sort': '排序',
    'region.sort.required': '请输入排序',
    'region.remark': '备注',
    'region.parentMissing': '上级区划不存在',
    'region.parentFixed': '区划 {code} 已存在于另一个上级区划下，不能更改上级',
    'region.tooDeep': '村级区划下不能再有区划',
    'region.hasChildren': '请先删除下级区划: {names}',
    'region.sheet': '行政区划',
    'region.import.exists': '区划编号已存在: {code}（更新已有区划请选择按区划编号更新）',
    'region.import.parentCode': '上级区划编号（省份的上级为 00）。上级须已存在或在表中更靠前的行。',
  },
  en: {
    'region.code': 'region code',
    'region.code.required': 'Please enter the region code',
    'region.code.invalid': 'The region code must have 1 to 12 digits',
    'region.parentCode': 'parent region code',
    'region.parentCode.required': 'Please select the parent region',
    'region.name': 'region name',
    'region.name.required': 'Please enter the region name',
    'region.sort': 'sort',
    'region.sort.required': 'Please enter the sort order',
    'region.remark': 'remark',
    'region.parentMissing': 'The parent region does not exist',
    'region.parentFixed': 'Region {code} exists under another parent; a region cannot change its parent',
    'region.tooDeep': 'Nothing can be placed under a village',
    'region.hasChildren': 'Remove the regions below first: {names}',
    'region.sheet': 'Regions',
    'region.import.exists':
      'Region code already exists: {code} (choose to update by region code to change it)',
    'region.import.parentCode':
      "The parent region's code (00 for a province). The parent must exist or be on an earlier row.",
  },
} as const;
