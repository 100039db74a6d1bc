import { Type, type Static } from 'typebox';
import { POST_LIMITS } from '../entities.js';
import {
  AuditFieldsSchema,
  IntegerField,
  Nullable,
  OptionalText,
  RequiredText,
  SubmitId,
  TenantIdQuery,
} from '../schema.js';

/** A post (blade_post): a job position of a tenant. `category` is a key of the `post_category` dictionary. */
export const PostSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  category: Nullable(Type.Integer()),
  postCode: Type.String(),
  postName: Type.String(),
  sort: Type.Integer(),
  remark: Nullable(Type.String()),
});
export type Post = Static<typeof PostSchema>;

/** submit, in the form's order: no id creates, an id updates. */
export const PostInputSchema = Type.Object(
  {
    id: SubmitId,
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
export type PostInput = Static<typeof PostInputSchema>;

/** `post/select`: the platform administrator may name another tenant. */
export const PostSelectQuery = Type.Object({ tenantId: TenantIdQuery });
