import { addPageTexts } from '../../../i18n/page-texts';

export const topMenuZh = {
  title: '顶部菜单',
  name: '菜单名称',
  nameRequired: '请输入菜单名称',
  code: '菜单编号',
  codeRequired: '请输入菜单编号',
  source: '菜单图标',
  sort: '菜单排序',
  sortRequired: '请输入菜单排序',
  setting: '菜单配置',
  settingTitle: '下级菜单配置',
  menus: '菜单',
};

export const topMenuEn: typeof topMenuZh = {
  title: 'Top menus',
  name: 'Menu name',
  nameRequired: 'Please enter the menu name',
  code: 'Menu code',
  codeRequired: 'Please enter the menu code',
  source: 'Menu icon',
  sort: 'Sort',
  sortRequired: 'Please enter the sort order',
  setting: 'Menus',
  settingTitle: 'Menus of the top menu',
  menus: 'Menus',
};

declare module '../../../i18n/page-texts' {
  interface SystemTexts {
    topMenu: typeof topMenuZh;
  }
}

addPageTexts('system', 'topMenu', topMenuZh, topMenuEn);
