import { Type, type Static } from 'typebox';
import { NOTICE_LIMITS, type NoticeAudience } from '../entities.js';
import {
  AuditFieldsSchema,
  IntegerField,
  Nullable,
  OptionalText,
  RequiredText,
  SubmitId,
} from '../schema.js';

const audienceLiterals = () => [Type.Literal('all'), Type.Literal('roles'), Type.Literal('depts')] as const;

export const NoticeSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  title: Type.String(),
  category: Type.Integer(),
  releaseTime: Nullable(Type.String()),
  content: Nullable(Type.String()),
  /**
   * Who the notice was sent to when it was published (NOTICE_AUDIENCES, decision 0038), and the
   * comma-joined role or department ids (null for all). The server always answers both; they are
   * optional here for the readers that only show notices (the top bar, the home page, BladeX's
   * consoles).
   */
  audienceType: Type.Optional(Type.Union([...audienceLiterals()])),
  audienceIds: Type.Optional(Nullable(Type.String())),
  /** The roles' or departments' names, comma-joined, in `detail` only (null for all). */
  audienceNames: Type.Optional(Nullable(Type.String())),
});

export type Notice = Static<typeof NoticeSchema>;

/** The schema's audiences are NOTICE_AUDIENCES, no more and no fewer (a compile error otherwise). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const audiencesAgree: Same<NonNullable<Notice['audienceType']>, NoticeAudience> = true;
void audiencesAgree;

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
    /**
     * Taken when the notice is created (published) and kept as it was afterwards: absent or null
     * is `all`. `roles` and `depts` need `audienceIds`, ids of the caller's tenant's roles or
     * departments (a 400 otherwise, nothing saved).
     */
    audienceType: Type.Optional(
      Nullable(Type.Union([...audienceLiterals()], { 'x-label': 'notice.audienceType' })),
    ),
    audienceIds: OptionalText(NOTICE_LIMITS.audienceIds, { label: 'notice.audienceIds' }),
  },
  // The console sends the whole record back (createTime, categoryName, …): extra fields are ignored.
  { additionalProperties: true },
);

export type NoticeInput = Static<typeof NoticeInputSchema>;
