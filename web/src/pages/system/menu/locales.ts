import { addPageTexts } from '../../../i18n/page-texts';

export const menuPageZh = {
  title: '菜单管理',
  name: '菜单名称',
  nameRequired: '请输入菜单名称',
  path: '路由地址',
  parentId: '上级菜单',
  parentRoot: '顶级菜单',
  source: '菜单图标',
  code: '菜单编号',
  codeRequired: '请输入菜单编号',
  codeHelp: '按钮的编号就是它的权限标识，如 param_add',
  category: '菜单类型',
  categoryMenu: '菜单',
  categoryButton: '按钮',
  alias: '菜单别名',
  action: '按钮功能',
  actionNone: '无',
  actionToolbar: '工具栏',
  actionRow: '操作栏',
  actionBoth: '工具操作栏',
  isOpen: '新窗口',
  isOpenNo: '否',
  isOpenYes: '是',
  sort: '菜单排序',
  sortRequired: '请输入菜单排序',
  remark: '菜单备注',
  addChild: '新增子项',
};

export const menuPageEn: typeof menuPageZh = {
  title: 'Menus',
  name: 'Menu name',
  nameRequired: 'Please enter the menu name',
  path: 'Route path',
  parentId: 'Parent menu',
  parentRoot: 'Top level',
  source: 'Menu icon',
  code: 'Menu code',
  codeRequired: 'Please enter the menu code',
  codeHelp: 'A button’s code is its permission flag, e.g. param_add',
  category: 'Menu type',
  categoryMenu: 'Menu',
  categoryButton: 'Button',
  alias: 'Menu alias',
  action: 'Button position',
  actionNone: 'None',
  actionToolbar: 'Toolbar',
  actionRow: 'Row',
  actionBoth: 'Toolbar and row',
  isOpen: 'New window',
  isOpenNo: 'No',
  isOpenYes: 'Yes',
  sort: 'Sort',
  sortRequired: 'Please enter the sort order',
  remark: 'Remark',
  addChild: 'Add child',
};

declare module '../../../i18n/page-texts' {
  interface SystemTexts {
    menu: typeof menuPageZh;
  }
}

addPageTexts('system', 'menu', menuPageZh, menuPageEn);
