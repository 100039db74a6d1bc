import { Type, type Static } from 'typebox';
import { NOTICE_LIMITS } from '../entities.js';
import {
  AuditFieldsSchema,
  IntegerField,
  Nullable,
  OptionalText,
  RequiredText,
  SubmitId,
} from '../schema.js';

export const NoticeSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  title: Type.String(),
  category: Type.Integer(),
  releaseTime: Nullable(Type.String()),
  content: Nullable(Type.String()),
});

export type Notice = Static<typeof NoticeSchema>;

export const NoticeInputSchema = Type.Object(
  {
    id: SubmitId,
    title: RequiredText(NOTICE_LIMITS.title, { label: 'notice.title', required: 'notice.title.required' }),
    category: IntegerField(
      { label: 'notice.category', required: 'notice.category.required' },
      { minimum: 0 },
    ),
    releaseTime: OptionalText(19, { label: 'notice.releaseTime' }),
    content: OptionalText(NOTICE_LIMITS.content, { label: 'notice.content' }),
  },
  // The console sends the whole record back (createTime, categoryName, …): extra fields are ignored.
  { additionalProperties: true },
);

export type NoticeInput = Static<typeof NoticeInputSchema>;
