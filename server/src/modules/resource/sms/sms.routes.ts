import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SMS_CATEGORY, SMS_LIMITS } from '@console/contract';
import { Type } from 'typebox';

import { ok } from '../../../core/envelope.js';
import {
  AuditFieldsSchema,
  Envelope,
  IdString,
  IntegerField,
  Nullable,
  OptionalText,
  RequiredText,
} from '../../../core/schema.js';
import type { SendRequest, SmsService } from './sms.service.js';
import { registerProviderSettingsRoutes } from '../provider-settings/provider-settings.routes.js';

const S = () => Nullable(Type.String());

/** secretKey is absent on purpose: the response schema keeps it out of every answer (S5). */
const SmsSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  category: Type.Integer(),
  smsCode: Type.String(),
  templateId: S(),
  accessKey: S(),
  regionId: S(),
  appId: S(),
  signName: S(),
  remark: S(),
});

const categories = Object.values(SMS_CATEGORY);

const SmsInputSchema = Type.Object(
  {
    id: Type.Optional(Nullable(Type.Union([IdString, Type.Literal('')]))),
    category: IntegerField(
      { label: 'sms.category', required: 'sms.category.required' },
      { minimum: Math.min(...categories), maximum: Math.max(...categories) },
    ),
    smsCode: RequiredText(SMS_LIMITS.smsCode, { label: 'sms.smsCode', required: 'sms.smsCode.required' }),
    templateId: OptionalText(SMS_LIMITS.templateId, { label: 'sms.templateId' }),
    accessKey: OptionalText(SMS_LIMITS.accessKey, { label: 'sms.accessKey' }),
    secretKey: OptionalText(SMS_LIMITS.secretKey, { label: 'sms.secretKey' }),
    regionId: OptionalText(SMS_LIMITS.regionId, { label: 'sms.regionId' }),
    appId: OptionalText(SMS_LIMITS.appId, { label: 'sms.appId' }),
    signName: OptionalText(SMS_LIMITS.signName, { label: 'sms.signName' }),
    remark: OptionalText(SMS_LIMITS.remark, { label: 'sms.remark' }),
  },
  { additionalProperties: true },
);

const SendFields = {
  code: Type.Optional(Type.String({ maxLength: SMS_LIMITS.smsCode })),
  phones: Type.Optional(Type.String({ maxLength: 2000 })),
  params: Type.Optional(Type.String({ maxLength: 4000 })),
};

/**
 * /api/blade-resource/sms: the SMS settings (administrators, as in BladeX: they hold keys) and
 * endpoint/send-message (the page's send button), whose fields come as query parameters (BladeX)
 * or in a JSON body.
 */
export const smsRoutes: FastifyPluginAsyncTypebox<{ sms: SmsService }> = async (app, { sms }) => {
  registerProviderSettingsRoutes(app, {
    code: 'sms',
    entity: SmsSchema,
    input: SmsInputSchema,
    service: sms,
  });

  app.post(
    '/endpoint/send-message',
    {
      schema: {
        querystring: Type.Object(SendFields),
        body: Type.Optional(Nullable(Type.Object(SendFields))),
        response: { 200: Envelope(Type.Boolean()) },
      },
      config: { button: 'sms_send' },
    },
    async (req) => {
      const body = (req.body ?? {}) as SendRequest;
      await sms.send(req.actor, { ...req.query, ...body });
      return ok(true, req.t('sms.sent'));
    },
  );
};
