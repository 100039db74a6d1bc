import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SMS_LIMITS } from '@console/contract';
import { SmsInputSchema, SmsSchema } from '@console/contract/schema';
import { Type } from 'typebox';

import { ok } from '../../../core/envelope.js';
import { Envelope, Nullable } from '../../../core/schema.js';
import type { SendRequest, SmsService } from './sms.service.js';
import { registerProviderSettingsRoutes } from '../provider-settings/provider-settings.routes.js';

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
