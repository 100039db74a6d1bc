import { POST_LIMITS } from '@console/contract';
import { Type } from 'typebox';
import {
  AuditFieldsSchema,
  IdString,
  IntegerField,
  Nullable,
  OptionalText,
  RequiredText,
  TenantIdQuery,
} from '../../../core/schema.js';

export const PostSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  category: Nullable(Type.Integer()),
  postCode: Type.String(),
  postName: Type.String(),
  sort: Type.Integer(),
  remark: Nullable(Type.String()),
});

/** submit, in the form's order. category is a key of the `post_category` dictionary. */
export const PostInputSchema = Type.Object(
  {
    id: Type.Optional(Nullable(Type.Union([IdString, Type.Literal('')]))),
    category: IntegerField(
      { label: 'post.category', required: 'post.category.required' },
      { minimum: 1, maximum: POST_LIMITS.maxCategory },
    ),
    postCode: RequiredText(POST_LIMITS.postCode, {
      label: 'post.postCode',
      required: 'post.postCode.required',
    }),
    postName: RequiredText(POST_LIMITS.postName, {
      label: 'post.postName',
      required: 'post.postName.required',
    }),
    sort: IntegerField({ label: 'post.sort', required: 'post.sort.required' }),
    remark: OptionalText(POST_LIMITS.remark, { label: 'post.remark' }),
  },
  { additionalProperties: false },
);

export const PostSelectQuery = Type.Object({ tenantId: TenantIdQuery });
