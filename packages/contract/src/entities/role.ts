import { ROLE_LIMITS } from '../entities.js';
import { Type, type Static } from 'typebox';
import {
  AuditFieldsSchema,
  IdArray,
  IdString,
  IntegerField,
  Nullable,
  OptionalIdQuery,
  ParentIdString,
  RequiredText,
  SubmitId,
  TenantIdQuery,
} from '../schema.js';

const roleFields = {
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  parentId: Type.String(),
  roleName: Type.String(),
  sort: Type.Integer(),
  roleAlias: Type.String(),
  /** 1: the role's holders must have a TOTP second factor (issue 48). */
  totpRequired: Type.Integer(),
};

export const RoleSchema = Type.Object(roleFields);

export const RoleNodeSchema = Type.Cyclic(
  {
    RoleNode: Type.Object({
      ...roleFields,
      hasChildren: Type.Boolean(),
      children: Type.Optional(Type.Array(Type.Ref('RoleNode'))),
    }),
  },
  'RoleNode',
);

/** submit, in the form's order. */
export const RoleInputSchema = Type.Object(
  {
    id: SubmitId,
    roleName: RequiredText(ROLE_LIMITS.roleName, {
      label: 'role.roleName',
      required: 'role.roleName.required',
    }),
    parentId: Type.Optional(Nullable(ParentIdString('role.parentId'))),
    sort: IntegerField({ label: 'role.sort', required: 'role.sort.required' }),
    roleAlias: RequiredText(ROLE_LIMITS.roleAlias, {
      label: 'role.roleAlias',
      required: 'role.roleAlias.required',
    }),
    // Left out, a new role requires none and an update keeps it.
    totpRequired: Type.Optional(IntegerField({ label: 'role.totpRequired' }, { minimum: 0, maximum: 1 })),
  },
  { additionalProperties: false },
);

/** grant: a JSON body. Absent scope lists leave those grants as they are; empty ones clear them. */
export const RoleGrantSchema = Type.Object({
  roleIds: IdArray({ label: 'role.roleIds', required: 'role.roleIds.required' }, { minItems: 1 }),
  menuIds: IdArray({ label: 'grant.menuIds' }),
  dataScopeIds: Type.Optional(IdArray({ label: 'grant.dataScopeIds' })),
  apiScopeIds: Type.Optional(IdArray({ label: 'grant.apiScopeIds' })),
});

export const RoleTreeQuery = Type.Object({ tenantId: TenantIdQuery });
export const RoleTreeByIdQuery = Type.Object({ roleId: IdString });
export const RoleSelectQuery = Type.Object({ userId: OptionalIdQuery('user.userId') });

/** A role (blade_role). Alias `administrator` is the platform administrator, `admin` a tenant's. */
export type Role = Static<typeof RoleSchema>;
/** A role in `role/list` (a tree). */
export type RoleNode = Static<typeof RoleNodeSchema>;
export type RoleInput = Static<typeof RoleInputSchema>;
/** What `role/grant` takes (a JSON body): the grants of these roles are replaced by these ids. */
export type RoleGrant = Static<typeof RoleGrantSchema>;
