import { MENU_LIMITS, TOP_MENU_LIMITS } from '../entities.js';
import { Type, type Static } from 'typebox';
import {
  AuditFieldsSchema,
  ID_PATTERN,
  IdArray,
  IntegerField,
  Nullable,
  OptionalText,
  ParentIdString,
  RequiredText,
  SubmitId,
  TreeNodeSchema,
} from '../schema.js';

/** Route metadata of a menu (spec §2): a node shows only when `roles` is empty or holds the user's role. */
export const MenuMetaSchema = Type.Object({
  i18n: Type.Optional(Type.String()),
  roles: Type.Optional(Type.Array(Type.String())),
  /** false: visiting the page opens no tab. */
  isTab: Type.Optional(Type.Boolean()),
  keepAlive: Type.Optional(Type.Boolean()),
});
export type MenuMeta = Static<typeof MenuMetaSchema>;

/** A node of `menu/routes` and `menu/buttons` (the contract's MenuNode), children of the same shape. */
export const MenuNodeSchema = Type.Cyclic(
  {
    MenuNode: Type.Object({
      id: Type.String(),
      parentId: Type.String(),
      code: Type.String(),
      name: Type.String(),
      alias: Nullable(Type.String()),
      path: Nullable(Type.String()),
      source: Nullable(Type.String()),
      sort: Type.Integer(),
      category: Type.Integer(),
      action: Type.Integer(),
      isOpen: Type.Integer(),
      remark: Nullable(Type.String()),
      hasChildren: Type.Boolean(),
      /** Only on a branch: a leaf has no `children` (as BladeX's TreeNode answers it). */
      children: Type.Optional(Type.Array(Type.Ref('MenuNode'))),
      meta: Type.Optional(MenuMetaSchema),
    }),
  },
  'MenuNode',
);

export { TreeNodeSchema };

export const TopMenuSchema = Type.Object({
  ...AuditFieldsSchema,
  code: Type.String(),
  name: Type.String(),
  source: Nullable(Type.String()),
  sort: Type.Integer(),
});

/** routes: an optional top menu id; empty means none (the console may send `topMenuId=`). */
export const RoutesQuery = Type.Object({
  topMenuId: Type.Optional(
    Type.Union([Type.String({ pattern: ID_PATTERN, 'x-label': 'menu.topMenuId' }), Type.Literal('')]),
  ),
});

const menuFields = {
  ...AuditFieldsSchema,
  parentId: Type.String(),
  code: Type.String(),
  name: Type.String(),
  alias: Nullable(Type.String()),
  path: Nullable(Type.String()),
  source: Nullable(Type.String()),
  sort: Type.Integer(),
  category: Type.Integer(),
  action: Type.Integer(),
  isOpen: Type.Integer(),
  remark: Nullable(Type.String()),
};

export const MenuSchema = Type.Object(menuFields);

/** A row of the menu page's lists: trees (list, menu-list) or one level (the lazy lists). */
export const MenuListNodeSchema = Type.Cyclic(
  {
    MenuListNode: Type.Object({
      ...menuFields,
      hasChildren: Type.Boolean(),
      children: Type.Optional(Type.Array(Type.Ref('MenuListNode'))),
    }),
  },
  'MenuListNode',
);

/**
 * submit, in the form's order. category 1 menu, 2 button; action where a button shows (dictionary
 * button_func: 1 toolbar, 2 row, 3 both; 0 for menus); isOpen 2 opens a new window.
 */
export const MenuInputSchema = Type.Object(
  {
    id: SubmitId,
    name: RequiredText(MENU_LIMITS.name, { label: 'menu.name', required: 'menu.name.required' }),
    path: OptionalText(MENU_LIMITS.path, { label: 'menu.path' }),
    parentId: Type.Optional(Nullable(ParentIdString('menu.parentId'))),
    source: OptionalText(MENU_LIMITS.source, { label: 'menu.source' }),
    code: RequiredText(MENU_LIMITS.code, { label: 'menu.code', required: 'menu.code.required' }),
    category: IntegerField(
      { label: 'menu.category', required: 'menu.category.required' },
      { minimum: 1, maximum: 2 },
    ),
    alias: OptionalText(MENU_LIMITS.alias, { label: 'menu.alias' }),
    action: Type.Optional(IntegerField({ label: 'menu.action' }, { minimum: 0, maximum: 3 })),
    isOpen: Type.Optional(IntegerField({ label: 'menu.isOpen' }, { minimum: 1, maximum: 2 })),
    sort: IntegerField({ label: 'menu.sort', required: 'menu.sort.required' }),
    remark: OptionalText(MENU_LIMITS.remark, { label: 'menu.remark' }),
  },
  { additionalProperties: false },
);

const IdListQuery = (label: string) =>
  Type.String({ minLength: 1, maxLength: 20_000, 'x-label': label, 'x-required': 'ids.invalid' });

export const RoleTreeKeysQuery = Type.Object({ roleIds: IdListQuery('menu.roleIds') });
export const TopTreeKeysQuery = Type.Object({ topMenuIds: IdListQuery('menu.topMenuIds') });

export const GrantTreeSchema = Type.Object({
  menu: Type.Array(TreeNodeSchema),
  dataScope: Type.Array(TreeNodeSchema),
  apiScope: Type.Array(TreeNodeSchema),
});
export const GrantKeysSchema = Type.Object({
  menu: Type.Array(Type.String()),
  dataScope: Type.Array(Type.String()),
  apiScope: Type.Array(Type.String()),
});
export const TopGrantTreeSchema = Type.Object({ menu: Type.Array(TreeNodeSchema) });
export const TopGrantKeysSchema = Type.Object({ menu: Type.Array(Type.String()) });

/** topmenu/submit, in the form's order. */
export const TopMenuInputSchema = Type.Object(
  {
    id: SubmitId,
    code: RequiredText(TOP_MENU_LIMITS.code, { label: 'topMenu.code', required: 'topMenu.code.required' }),
    name: RequiredText(TOP_MENU_LIMITS.name, { label: 'topMenu.name', required: 'topMenu.name.required' }),
    source: OptionalText(TOP_MENU_LIMITS.source, { label: 'topMenu.source' }),
    sort: IntegerField({ label: 'topMenu.sort', required: 'topMenu.sort.required' }),
  },
  { additionalProperties: false },
);

/** topmenu/grant: a JSON body. */
export const TopMenuGrantSchema = Type.Object({
  topMenuIds: IdArray(
    { label: 'topMenu.topMenuIds', required: 'topMenu.topMenuIds.required' },
    { minItems: 1 },
  ),
  menuIds: IdArray({ label: 'grant.menuIds' }),
});

/**
 * A node of `menu/routes` and `menu/buttons` (BladeX's MenuVO): menus (category 1) and buttons
 * (category 2) in a tree. `source` names the icon; `meta.i18n` is the key of the console's own
 * translation of the name (the seeded menus' code), so English users see English menu names.
 */
export type MenuNode = Static<typeof MenuNodeSchema>;
/** A top menu (blade_top_menu): a named subset of the menu tree shown in the top bar; platform-wide (S4). */
export type TopMenu = Static<typeof TopMenuSchema>;
/** A row of blade_menu: a menu (category 1) or a button (category 2). Platform-wide. */
export type Menu = Static<typeof MenuSchema>;
/** A menu in `menu/list` and `menu/menu-list` (trees) and the lazy lists (one level, no children). */
export type MenuListNode = Static<typeof MenuListNodeSchema>;
export type MenuInput = Static<typeof MenuInputSchema>;
/** `menu/grant-tree`: the choices of the role grant dialog's three tabs. */
export type GrantTree = Static<typeof GrantTreeSchema>;
/** `menu/role-tree-keys`: what the roles are granted now, as the trees' keys. */
export type GrantKeys = Static<typeof GrantKeysSchema>;
/** `menu/grant-top-tree`: the menus a top menu may list. */
export type TopGrantTree = Static<typeof TopGrantTreeSchema>;
/** `menu/top-tree-keys`: the menus the top menus list now. */
export type TopGrantKeys = Static<typeof TopGrantKeysSchema>;
export type TopMenuInput = Static<typeof TopMenuInputSchema>;
/** What `topmenu/grant` takes (a JSON body): the menus these top menus list, replaced. */
export type TopMenuGrant = Static<typeof TopMenuGrantSchema>;
