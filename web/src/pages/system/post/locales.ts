import { addPageTexts } from '../../../i18n/page-texts';

export const postZh = {
  title: '岗位管理',
  category: '岗位类型',
  categoryRequired: '请选择岗位类型',
  postCode: '岗位编号',
  postCodeRequired: '请输入岗位编号',
  postName: '岗位名称',
  postNameRequired: '请输入岗位名称',
  sort: '岗位排序',
  sortRequired: '请输入岗位排序',
  remark: '岗位描述',
};

export const postEn: typeof postZh = {
  title: 'Posts',
  category: 'Post category',
  categoryRequired: 'Please select the post category',
  postCode: 'Post code',
  postCodeRequired: 'Please enter the post code',
  postName: 'Post name',
  postNameRequired: 'Please enter the post name',
  sort: 'Sort order',
  sortRequired: 'Please enter the sort order',
  remark: 'Description',
};

declare module '../../../i18n/page-texts' {
  interface SystemTexts {
    post: typeof postZh;
  }
}

addPageTexts('system', 'post', postZh, postEn);
