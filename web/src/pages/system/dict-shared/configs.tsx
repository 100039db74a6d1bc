import { SettingOutlined, PlusCircleOutlined } from '@ant-design/icons';
import { DICT_LIMITS, type Dict, type DictInput } from '@console/contract';
import { Tag } from 'antd';
import { queryClient } from '../../../app/query-client';
import { defineCrud, type CrudColumn, type CrudConfig, type CrudRowAction } from '../../../crud';
import { DictParentSelect } from './DictParentSelect';
import type { DictKind } from './kinds';
import { isRemovable, isSealed } from './sealed';

/**
 * Table extras of a layout: the row number column, the body's height (px), and row buttons as icons
 * alone (a narrow pane).
 */
export interface DictTableLayout {
  index?: boolean;
  scrollY?: number;
  iconActions?: boolean;
}

const NOT_SEALED = 0;

/** The columns both tables share, in the form's order after their own; sealed rows keep them fixed. */
function commonColumns(): CrudColumn<Dict>[] {
  return [
    {
      prop: 'sort',
      label: 'system.dictShared.sort',
      type: 'number',
      table: { content: 'number', align: 'right' },
      form: { required: 'system.dictShared.sortRequired', disableWhen: isSealed },
    },
    {
      prop: 'isSealed',
      label: 'system.dictShared.isSealed',
      type: 'radio',
      options: [
        { value: NOT_SEALED, label: 'system.dictShared.no' },
        { value: 1, label: 'system.dictShared.yes' },
      ],
      table: {
        content: 'tag',
        align: 'center',
        render: (value, _row, { labels }) => (
          <Tag color={value === 1 ? 'warning' : 'default'}>{labels[0]}</Tag>
        ),
      },
      // The one field a sealed entry lets change (back to 否).
      form: {
        required: 'system.dictShared.isSealedRequired',
        initialValue: NOT_SEALED,
        help: 'system.dictShared.sealedHelp',
      },
    },
    {
      prop: 'remark',
      label: 'system.dictShared.remark',
      table: { ellipsis: true },
      form: { maxLength: DICT_LIMITS.remark, disableWhen: isSealed },
    },
  ];
}

const dictValueColumn: CrudColumn<Dict> = {
  prop: 'dictValue',
  label: 'system.dictShared.dictValue',
  search: true,
  form: {
    required: 'system.dictShared.dictValueRequired',
    maxLength: DICT_LIMITS.dictValue,
    disableWhen: isSealed,
  },
};

/**
 * The family's writes: after each, the dictionaries other pages show in their selects and cells
 * (cached for the session, crud/useColumnOptions) are fetched again.
 */
function writes(kind: DictKind) {
  const changed = () =>
    void queryClient.invalidateQueries({ queryKey: ['dictionary', kind.biz ? 'biz' : 'system'] });
  return {
    submit: async (input: DictInput) => {
      const saved = await kind.api.submit(input);
      changed();
      return saved;
    },
    remove: async (ids: readonly string[]) => {
      const removed = await kind.api.remove(ids);
      changed();
      return removed;
    },
  };
}

const permissionsOf = (kind: DictKind, view: boolean) => ({
  add: `${kind.menuCode}_add` as const,
  edit: `${kind.menuCode}_edit` as const,
  delete: `${kind.menuCode}_delete` as const,
  ...(view ? { view: `${kind.menuCode}_view` as const } : {}),
});

/**
 * The dictionaries (parent rows, `parent-list`): code, name, sort, seal, remark. `onConfigure`
 * opens a dictionary's entries (a dialog, or the pane beside the list).
 */
export function parentConfig(
  kind: DictKind,
  onConfigure: (parent: Dict) => void,
  layout: DictTableLayout = {},
): CrudConfig<Dict, DictInput> {
  const configure: CrudRowAction<Dict> = {
    key: 'configure',
    label: 'system.dictShared.configure',
    icon: <SettingOutlined aria-hidden />,
    onClick: (row) => onConfigure(row),
  };
  return defineCrud<Dict, DictInput>({
    name: kind.name,
    title: kind.title,
    rowTitle: 'dictValue',
    api: {
      list: (current, size, filters) => kind.api.parentList(current, size, filters),
      detail: kind.api.detail,
      ...writes(kind),
    },
    permissions: permissionsOf(kind, true),
    export: {
      url: kind.menuCode === 'dict' ? '/api/blade-system/dict/export' : '/api/blade-system/dict-biz/export',
      permission: `${kind.menuCode}_export` as const,
    },
    table: { index: layout.index, scrollY: layout.scrollY, iconActions: layout.iconActions },
    removable: isRemovable,
    columns: [
      {
        prop: 'code',
        label: 'system.dictShared.code',
        search: true,
        table: { content: 'code' },
        form: {
          required: 'system.dictShared.codeRequired',
          maxLength: DICT_LIMITS.code,
          span: 24,
          disableWhen: isSealed,
        },
      },
      dictValueColumn,
      ...commonColumns(),
    ],
    rowActions: [configure],
  });
}

/**
 * The entries of one dictionary (`child-list?parentId=`, a tree): key, name, sort, seal, remark.
 * The code is the dictionary's, fixed; the parent is the dictionary or one of its entries.
 */
export function childConfig(
  kind: DictKind,
  parent: Dict,
  layout: DictTableLayout = {},
): CrudConfig<Dict, DictInput> {
  const addChild: CrudRowAction<Dict> = {
    key: 'addChild',
    label: 'system.dictShared.addChild',
    icon: <PlusCircleOutlined aria-hidden />,
    permission: `${kind.menuCode}_add` as const,
    onClick: (row, context) => context.openAdd({ parentId: row.id }),
  };
  // Rows are DictNodes (with `children`); the tree table reads them as the dictionaries they are.
  return defineCrud<Dict, DictInput>({
    name: `${kind.name}-child`,
    title: 'system.dictShared.entries',
    rowTitle: 'dictValue',
    api: {
      list: (_current, _size, filters) => kind.api.childList(parent.id, filters),
      detail: kind.api.detail,
      ...writes(kind),
    },
    permissions: permissionsOf(kind, true),
    tree: {},
    table: { index: layout.index, scrollY: layout.scrollY, iconActions: layout.iconActions },
    removable: isRemovable,
    columns: [
      {
        prop: 'code',
        label: 'system.dictShared.code',
        table: false,
        form: { initialValue: parent.code, disableIn: ['add', 'edit'] },
      },
      dictValueColumn,
      {
        prop: 'parentId',
        label: 'system.dictShared.parentId',
        table: false,
        form: {
          initialValue: parent.id,
          disableWhen: isSealed,
          render: ({ disabled, record }) => (
            <DictParentSelect kind={kind} parent={parent} editedId={record?.id} disabled={disabled} />
          ),
        },
      },
      {
        prop: 'dictKey',
        label: 'system.dictShared.dictKey',
        search: true,
        table: { content: 'code' },
        form: {
          required: 'system.dictShared.dictKeyRequired',
          maxLength: DICT_LIMITS.dictKey,
          disableWhen: isSealed,
        },
      },
      ...commonColumns(),
    ],
    rowActions: [addChild],
  });
}
