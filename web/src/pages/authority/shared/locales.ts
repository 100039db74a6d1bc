import { addPageTexts } from '../../../i18n/page-texts';

// Texts of the parts the menu, top menu, role and scope pages share (icon picker, grant dialog,
// scopes under a menu), under `authority.shared.*`.
export const sharedZh = {
  icon: {
    choose: '选择图标',
    dialogTitle: '选择图标',
    search: '搜索图标',
    list: '可选图标',
    none: '没有匹配的图标',
  },
  grant: {
    save: '保存',
    cancel: '取消',
    empty: '暂无可授权的项目',
    loadFailed: '数据加载失败，请关闭后重试',
    several: '所选 {{count}} 项将被设置为相同的权限（已勾选的是它们当前权限的合集）',
  },
  scope: {
    setting: '权限配置',
    menuName: '菜单名称',
    path: '路由地址',
    source: '菜单图标',
    code: '菜单编号',
    sort: '菜单排序',
  },
};

export const sharedEn: typeof sharedZh = {
  icon: {
    choose: 'Choose icon',
    dialogTitle: 'Choose an icon',
    search: 'Search icons',
    list: 'Icons',
    none: 'No matching icon',
  },
  grant: {
    save: 'Save',
    cancel: 'Cancel',
    empty: 'Nothing to grant',
    loadFailed: 'Loading failed; please close and try again',
    several:
      'The {{count}} selected items will all get the same permissions (the checked ones are what any of them holds now)',
  },
  scope: {
    setting: 'Permissions',
    menuName: 'Menu name',
    path: 'Route path',
    source: 'Menu icon',
    code: 'Menu code',
    sort: 'Sort',
  },
};

declare module '../../../i18n/page-texts' {
  interface AuthorityTexts {
    shared: typeof sharedZh;
  }
}

addPageTexts('authority', 'shared', sharedZh, sharedEn);
