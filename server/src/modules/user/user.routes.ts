import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import { parseIdList } from '../../core/ids.js';
import type { AuthService } from '../auth/auth.service.js';

/** /api/blade-user: the calls of sign-in's lifecycle (the user pages come with identity & access). */
export const userRoutes: FastifyPluginAsyncTypebox<{ auth: AuthService }> = async (app, { auth }) => {
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
