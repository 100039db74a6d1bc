import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  TotpCodeQuery,
  TotpConfirmedSchema,
  TotpSetupSchema,
  TotpStatusSchema,
  UserIdsQuery,
} from '@console/contract/schema';
import { Type } from 'typebox';
import { principalOf } from '../../../core/auth/guard.js';
import { ok } from '../../../core/envelope.js';
import { badRequest } from '../../../core/errors.js';
import { parseIdList } from '../../../core/ids.js';
import { Envelope } from '../../../core/schema.js';
import type { SecondFactor } from './second-factor.js';

/**
 * /api/blade-user/totp (issue 48): the signed-in user's own second factor (status, setup, confirm,
 * disable: every signed-in user, for themselves; a user who must set one up first may call the
 * first three), and an administrator's reset of their users' (the user page's password-reset
 * button). Codes go in the query, as the console's other POSTs send their parameters.
 */
export const totpRoutes: FastifyPluginAsyncTypebox<{ secondFactor: SecondFactor }> = async (
  app,
  { secondFactor },
) => {
  const own = { access: 'user' as const, everyone: 'own' as const, firstStep: true as const };
  app.get(
    '/status',
    { schema: { response: { 200: Envelope(TotpStatusSchema) } }, config: own },
    async (req) => ok(await secondFactor.status(principalOf(req)), req.t('ok')),
  );
  app.post('/setup', { schema: { response: { 200: Envelope(TotpSetupSchema) } }, config: own }, async (req) =>
    ok(await secondFactor.setup(principalOf(req)), req.t('ok')),
  );
  app.post(
    '/confirm',
    { schema: { querystring: TotpCodeQuery, response: { 200: Envelope(TotpConfirmedSchema) } }, config: own },
    async (req) => ok(await secondFactor.confirm(principalOf(req), req.query.code), req.t('totp.confirmed')),
  );
  app.post(
    '/disable',
    {
      schema: { querystring: TotpCodeQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'user', everyone: 'own' },
    },
    async (req) => {
      await secondFactor.disable(principalOf(req), req.query.code);
      return ok(true, req.t('totp.disabled'));
    },
  );
  app.post(
    '/reset',
    {
      schema: { querystring: UserIdsQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'administrator', button: 'user_reset' },
    },
    async (req) => {
      const ids = parseIdList(req.query.userIds);
      if (!ids) throw badRequest('ids.invalid');
      const count = await secondFactor.reset(req.actor, ids);
      return ok(true, req.t('totp.reset', { count }));
    },
  );
};
