import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import { parseIdList } from '../../core/ids.js';
import { OptionalText, RequiredText } from '../../core/schema.js';
import type { AuthService } from '../auth/auth.service.js';

/** /api/blade-user: the calls of sign-in's lifecycle (the user pages come with identity & access). */
const GuestRegistrationSchema = Type.Object({
  tenantId: RequiredText(12, { label: 'register.tenantId', required: 'register.tenantId.required' }),
  name: OptionalText(20, { label: 'register.name' }),
  account: RequiredText(45, { label: 'register.account', required: 'register.account.required' }),
  // The MD5 of the typed password, as at sign-in: 32 hex characters.
  password: Type.String({
    pattern: '^[0-9a-fA-F]{32}$',
    'x-label': 'register.password',
    'x-required': 'register.password.required',
  }),
  oauthId: Type.String({ pattern: '^[1-9][0-9]{0,18}$', 'x-label': 'register.oauthId' }),
});

export const userRoutes: FastifyPluginAsyncTypebox<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/register-guest',
    {
      schema: { body: GuestRegistrationSchema },
      config: { access: 'public' },
      // The console sends the form as query parameters (as BladeX consoles do); JSON bodies work too.
      preValidation: async (req) => {
        req.body = { ...(req.query as object), ...((req.body as object | undefined) ?? {}) } as never;
      },
    },
    async (req) => {
      await auth.registerGuest(req.body);
      return ok(true, req.t('register.submitted'));
    },
  );

  app.post(
    '/unlock',
    {
      schema: { querystring: Type.Object({ userIds: Type.String({ minLength: 1, maxLength: 20_000 }) }) },
      config: { access: 'administrator' },
    },
    async (req) => {
      const ids = parseIdList(req.query.userIds);
      if (!ids) throw badRequest('ids.invalid');
      await auth.unlock(req.actor, ids);
      return ok(true, req.t('user.unlocked'));
    },
  );
};
