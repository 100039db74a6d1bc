import { addPageTexts } from '../../../i18n/page-texts';

export const deptZh = {
  title: '部门管理',
  deptName: '部门名称',
  deptNameRequired: '请输入部门名称',
  fullName: '部门全称',
  parentId: '上级部门',
  parentRoot: '顶级部门',
  deptCategory: '机构类型',
  sort: '排序',
  sortRequired: '请输入排序',
  remark: '备注',
  addChild: '新增下级',
};

export const deptEn: typeof deptZh = {
  title: 'Departments',
  deptName: 'Department name',
  deptNameRequired: 'Please enter the department name',
  fullName: 'Full name',
  parentId: 'Parent department',
  parentRoot: 'Top level',
  deptCategory: 'Organisation type',
  sort: 'Sort order',
  sortRequired: 'Please enter the sort order',
  remark: 'Remark',
  addChild: 'Add child',
};

declare module '../../../i18n/page-texts' {
  interface SystemTexts {
    dept: typeof deptZh;
  }
}

addPageTexts('system', 'dept', deptZh, deptEn);
