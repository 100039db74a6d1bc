import { DEPT_LIMITS } from '../entities.js';
import { Type, type Static } from 'typebox';
import {
  AuditFieldsSchema,
  IntegerField,
  Nullable,
  OptionalIdQuery,
  OptionalText,
  ParentIdString,
  RequiredText,
  SubmitId,
  TenantIdQuery,
} from '../schema.js';

const deptFields = {
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  parentId: Type.String(),
  ancestors: Type.String(),
  deptCategory: Nullable(Type.Integer()),
  deptName: Type.String(),
  fullName: Nullable(Type.String()),
  sort: Type.Integer(),
  remark: Nullable(Type.String()),
};

export const DeptSchema = Type.Object(deptFields);

/** A department of `dept/list` (with children) or `dept/lazy-list` (without). */
export const DeptNodeSchema = Type.Cyclic(
  {
    DeptNode: Type.Object({
      ...deptFields,
      hasChildren: Type.Boolean(),
      children: Type.Optional(Type.Array(Type.Ref('DeptNode'))),
    }),
  },
  'DeptNode',
);

/** submit, in the form's order. No id creates; an id updates (and moves when parentId changes). */
export const DeptInputSchema = Type.Object(
  {
    id: SubmitId,
    parentId: Type.Optional(Nullable(ParentIdString('dept.parentId'))),
    deptName: RequiredText(DEPT_LIMITS.deptName, {
      label: 'dept.deptName',
      required: 'dept.deptName.required',
    }),
    fullName: OptionalText(DEPT_LIMITS.fullName, { label: 'dept.fullName' }),
    deptCategory: Type.Optional(
      Nullable(IntegerField({ label: 'dept.deptCategory' }, { minimum: 1, maximum: 99 })),
    ),
    sort: IntegerField({ label: 'dept.sort', required: 'dept.sort.required' }),
    remark: OptionalText(DEPT_LIMITS.remark, { label: 'dept.remark' }),
  },
  { additionalProperties: false },
);

export const DeptTreeQuery = Type.Object({ tenantId: TenantIdQuery });
export const DeptLazyTreeQuery = Type.Object({
  tenantId: TenantIdQuery,
  parentId: Type.Optional(ParentIdString('dept.parentId')),
});
export const DeptSelectQuery = Type.Object({ userId: OptionalIdQuery('user.userId') });

/** A department (blade_dept). `ancestors` is the comma-joined ids from the root: `0,<id>,<id>`. */
export type Dept = Static<typeof DeptSchema>;
/** A department in `dept/list` (a tree) and `dept/lazy-list` (one level, without children). */
export type DeptNode = Static<typeof DeptNodeSchema>;
/** What `dept/submit` takes: no id creates, an id updates (and moves, when parentId changes). */
export type DeptInput = Static<typeof DeptInputSchema>;
