import { Type, type Static } from 'typebox';
import { ATTACH_LIMITS } from '../entities.js';
import { AuditFieldsSchema, Nullable, OptionalText, RequiredText, SubmitId } from '../schema.js';

const S = () => Nullable(Type.String());

export const AttachSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  link: Type.String(),
  domain: S(),
  name: S(),
  originalName: S(),
  extension: S(),
  attachSize: Nullable(Type.Integer()),
  /** md5 of the stored bytes, computed by the server when it stored them (null: recorded by hand). */
  md5: S(),
});

export const AttachInputSchema = Type.Object(
  {
    id: SubmitId,
    link: RequiredText(ATTACH_LIMITS.link, { label: 'attach.link', required: 'attach.link.required' }),
    domain: OptionalText(ATTACH_LIMITS.domain, { label: 'attach.domain' }),
    name: OptionalText(ATTACH_LIMITS.name, { label: 'attach.name' }),
    originalName: OptionalText(ATTACH_LIMITS.originalName, { label: 'attach.originalName' }),
    extension: OptionalText(ATTACH_LIMITS.extension, { label: 'attach.extension' }),
    attachSize: Type.Optional(
      Nullable(
        Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, 'x-label': 'attach.attachSize' }),
      ),
    ),
  },
  { additionalProperties: true },
);

export type Attach = Static<typeof AttachSchema>;
export type AttachInput = Static<typeof AttachInputSchema>;
