import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ATTACH_LIMITS } from '@console/contract';
import { Type } from 'typebox';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { AuditFieldsSchema, IdString, Nullable, OptionalText, RequiredText } from '../../../core/schema.js';
import type { AttachService } from './attach.service.js';

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
});

export const AttachInputSchema = Type.Object(
  {
    id: Type.Optional(Nullable(Type.Union([IdString, Type.Literal('')]))),
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

/**
 * /api/blade-resource/attach: list, detail, submit, remove. Reads need the attachment page, writes
 * its buttons (upload, delete); removing an attachment removes its stored object.
 */
export const attachRoutes: FastifyPluginAsyncTypebox<{ attachments: AttachService }> = async (
  app,
  { attachments },
) => {
  registerCrudRoutes(app, {
    entity: AttachSchema,
    input: AttachInputSchema,
    service: attachments,
    access: {
      read: { button: 'attach' },
      submit: { button: 'attach_upload' },
      remove: { button: 'attach_delete' },
    },
  });
};
