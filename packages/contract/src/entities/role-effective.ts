import { Type, type Static } from 'typebox';
import { Nullable, OptionalIdQuery } from '../schema.js';

// `role/effective` (issue 48, 查看权限): what a user, or a role alone, really gets — the menus as the
// sidebar shows them, the buttons, the data scopes and the API scopes — each with the roles it comes
// from (`roleIds`, among `roles`). Read-only; administrators only, in their own tenant.

/** effective: exactly one of userId and roleId (empty counts as absent). */
export const RoleEffectiveQuery = Type.Object({
  userId: OptionalIdQuery('user.userId'),
  roleId: OptionalIdQuery('role.roleId'),
});

/** A role whose grants are counted: one the user holds now, or the role asked about. */
export const EffectiveRoleSchema = Type.Object({
  id: Type.String(),
  roleName: Type.String(),
  roleAlias: Type.String(),
});

/** A menu of the sidebar, with the roles that show it (the granted menu, or one below it). */
export const EffectiveMenuSchema = Type.Cyclic(
  {
    EffectiveMenu: Type.Object({
      id: Type.String(),
      parentId: Type.String(),
      code: Type.String(),
      name: Type.String(),
      path: Nullable(Type.String()),
      roleIds: Type.Array(Type.String()),
      /** Only on a branch, as in `menu/routes`. */
      children: Type.Optional(Type.Array(Type.Ref('EffectiveMenu'))),
    }),
  },
  'EffectiveMenu',
);

/** The sidebar under one top menu (`menu/routes?topMenuId=`), or the whole menu (topMenuId null). */
export const EffectiveMenuViewSchema = Type.Object({
  topMenuId: Nullable(Type.String()),
  /** The top menu's code and name; null for the whole menu. */
  code: Nullable(Type.String()),
  name: Nullable(Type.String()),
  menus: Type.Array(EffectiveMenuSchema),
});

/** A button (a permission code) and the page it sits on. */
export const EffectiveButtonSchema = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  /** The page's code and name; null for a button without a page. */
  pageCode: Nullable(Type.String()),
  pageName: Nullable(Type.String()),
  roleIds: Type.Array(Type.String()),
});

/** A data scope rule in force (enabled), granted to some of the roles. */
export const EffectiveDataRuleSchema = Type.Object({
  id: Type.String(),
  scopeName: Type.String(),
  /** 1 all, 2 own, 3 own department, 4 own department and below, 5 custom (DATA_SCOPE_TYPE). */
  scopeType: Type.Integer(),
  scopeColumn: Nullable(Type.String()),
  scopeValue: Nullable(Type.String()),
  roleIds: Type.Array(Type.String()),
});

/** What limits the rows of one resource: its rules, and whether they limit at all. */
export const EffectiveDataScopeSchema = Type.Object({
  resourceCode: Type.String(),
  /**
   * Whether the lists of the resource are narrowed to the union of the rules: false when a rule of
   * type "all" is among them, or for the platform administrator (data-scope.ts).
   */
  limited: Type.Boolean(),
  rules: Type.Array(EffectiveDataRuleSchema),
});

/** An API scope rule in force (enabled), granted to some of the roles. */
export const EffectiveApiScopeSchema = Type.Object({
  id: Type.String(),
  scopeName: Type.String(),
  resourceCode: Type.String(),
  scopePath: Type.String(),
  /** One method, or null for every method. */
  scopeMethod: Nullable(Type.String()),
  roleIds: Type.Array(Type.String()),
});

export const EffectiveRightsSchema = Type.Object({
  /** The user asked about; null when a role was. */
  user: Nullable(
    Type.Object({
      id: Type.String(),
      account: Type.String(),
      name: Nullable(Type.String()),
      realName: Nullable(Type.String()),
    }),
  ),
  /** The roles counted: those the user holds now (existing, of the tenant), or the role asked about. */
  roles: Type.Array(EffectiveRoleSchema),
  /**
   * platform: the platform administrator, who passes every button and API scope check and whom no
   * data scope limits; tenant: a tenant's administrator, who may call the administrator-only
   * routes and gets buttons and scopes from its grants like anyone; null: neither.
   */
  administrator: Nullable(Type.Union([Type.Literal('platform'), Type.Literal('tenant')])),
  /** The whole menu first, then each top menu in the top bar's order. */
  menus: Type.Array(EffectiveMenuViewSchema),
  buttons: Type.Array(EffectiveButtonSchema),
  dataScopes: Type.Array(EffectiveDataScopeSchema),
  apiScopes: Type.Array(EffectiveApiScopeSchema),
});

export type RoleEffectiveQueryInput = Static<typeof RoleEffectiveQuery>;
export type EffectiveRole = Static<typeof EffectiveRoleSchema>;
export type EffectiveMenu = Static<typeof EffectiveMenuSchema>;
export type EffectiveMenuView = Static<typeof EffectiveMenuViewSchema>;
export type EffectiveButton = Static<typeof EffectiveButtonSchema>;
export type EffectiveDataRule = Static<typeof EffectiveDataRuleSchema>;
export type EffectiveDataScope = Static<typeof EffectiveDataScopeSchema>;
export type EffectiveApiScope = Static<typeof EffectiveApiScopeSchema>;
/** What `role/effective` answers. */
export type EffectiveRights = Static<typeof EffectiveRightsSchema>;
