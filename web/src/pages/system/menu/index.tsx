import { PlusOutlined } from '@ant-design/icons';
import {
  MENU_CATEGORY,
  MENU_LIMITS,
  MENU_OPEN,
  ROOT_PARENT_ID,
  type MenuInput,
  type MenuListNode,
} from '@console/contract';
import './locales';
import * as menuApi from '../../../api/system/menu';
import { CrudPage, defineCrud, optionsFromTree, type CrudFormValues } from '../../../crud';
import { IconField, iconCell } from '../../authority/shared/IconPicker';
import { refreshingChoices } from '../../authority/shared/refreshing-choices';
import { menuLevel } from '../../authority/shared/menu-level';
import { ParentSelect } from '../../authority/shared/ParentSelect';

/** The parent field's choices (shared with the tenant package page's menu list). */
const MENU_TREE = ['menu', 'tree'] as const;

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The submit body: the root for no parent, empty texts as none, the id when editing. */
function toInput(values: CrudFormValues, row: MenuListNode | undefined): MenuInput {
  return {
    ...(row ? { id: row.id } : {}),
    parentId: text(values.parentId) ?? ROOT_PARENT_ID,
    name: String(values.name ?? ''),
    code: String(values.code ?? ''),
    path: text(values.path),
    source: text(values.source),
    alias: text(values.alias),
    category: Number(values.category),
    action: Number(values.action ?? 0),
    isOpen: Number(values.isOpen ?? MENU_OPEN.SAME_WINDOW),
    sort: Number(values.sort),
    remark: text(values.remark),
  };
}

/**
 * Menus and buttons (/api/blade-system/menu): a lazy tree, each level loaded when opened. A menu
 * with rows below it cannot be removed (the server says which).
 */
const config = defineCrud<MenuListNode, MenuInput>({
  name: 'menu',
  title: 'system.menu.title',
  rowTitle: 'name',
  api: {
    list: (_current, _size, filters) => menuApi.lazyList(menuLevel(filters)),
    detail: menuApi.detail as (id: string) => Promise<MenuListNode>,
    submit: refreshingChoices(menuApi.submit, MENU_TREE),
    remove: refreshingChoices(menuApi.remove, MENU_TREE),
  },
  permissions: { add: 'menu_add', edit: 'menu_edit', delete: 'menu_delete', view: 'menu_view' },
  // The whole tree under the search (each menu followed by its children).
  export: { url: '/api/blade-system/menu/export', permission: 'menu_export' },
  tree: { lazy: { load: (row) => menuApi.lazyList({ parentId: row.id }) } },
  toInput,
  rowActions: [
    {
      key: 'addChild',
      label: 'system.menu.addChild',
      icon: <PlusOutlined aria-hidden />,
      permission: 'menu_add',
      // A button holds nothing below it.
      visible: (row) => row.category === MENU_CATEGORY.MENU,
      onClick: (row, { openAdd }) => openAdd({ parentId: row.id }),
    },
  ],
  columns: [
    {
      prop: 'name',
      label: 'system.menu.name',
      search: true,
      form: { required: 'system.menu.nameRequired', maxLength: MENU_LIMITS.name },
    },
    { prop: 'path', label: 'system.menu.path', form: { maxLength: MENU_LIMITS.path } },
    {
      prop: 'parentId',
      label: 'system.menu.parentId',
      type: 'treeSelect',
      remote: { queryKey: MENU_TREE, load: async () => optionsFromTree(await menuApi.tree()) },
      table: false,
      form: {
        render: ({ options, disabled }) => (
          <ParentSelect options={options} disabled={disabled} placeholder="system.menu.parentRoot" />
        ),
      },
    },
    {
      prop: 'source',
      label: 'system.menu.source',
      table: {
        width: 90,
        align: 'center',
        render: iconCell,
      },
      form: {
        maxLength: MENU_LIMITS.source,
        render: ({ disabled }) => <IconField disabled={disabled} />,
      },
    },
    {
      prop: 'code',
      label: 'system.menu.code',
      search: true,
      form: {
        required: 'system.menu.codeRequired',
        maxLength: MENU_LIMITS.code,
        help: 'system.menu.codeHelp',
      },
    },
    {
      prop: 'category',
      label: 'system.menu.category',
      type: 'radio',
      options: [
        { value: MENU_CATEGORY.MENU, label: 'system.menu.categoryMenu' },
        { value: MENU_CATEGORY.BUTTON, label: 'system.menu.categoryButton' },
      ],
      table: { width: 100, render: (_, __, { labels }) => labels.join('') },
      form: { required: true, initialValue: MENU_CATEGORY.MENU },
    },
    { prop: 'alias', label: 'system.menu.alias', form: { maxLength: MENU_LIMITS.alias } },
    {
      prop: 'action',
      label: 'system.menu.action',
      type: 'radio',
      // Where a button shows (dictionary button_func); menus have none.
      options: [
        { value: 0, label: 'system.menu.actionNone' },
        { value: 1, label: 'system.menu.actionToolbar' },
        { value: 2, label: 'system.menu.actionRow' },
        { value: 3, label: 'system.menu.actionBoth' },
      ],
      table: false,
      form: { initialValue: 0, span: 24 },
    },
    {
      prop: 'isOpen',
      label: 'system.menu.isOpen',
      type: 'radio',
      options: [
        { value: MENU_OPEN.SAME_WINDOW, label: 'system.menu.isOpenNo' },
        { value: MENU_OPEN.NEW_WINDOW, label: 'system.menu.isOpenYes' },
      ],
      table: false,
      form: { initialValue: MENU_OPEN.SAME_WINDOW },
    },
    {
      prop: 'sort',
      label: 'system.menu.sort',
      type: 'number',
      table: { width: 100 },
      form: { required: 'system.menu.sortRequired', initialValue: 1 },
    },
    {
      prop: 'remark',
      label: 'system.menu.remark',
      type: 'textarea',
      table: false,
      form: { maxLength: MENU_LIMITS.remark },
    },
  ],
});

export default function MenuPage() {
  return <CrudPage config={config} />;
}
