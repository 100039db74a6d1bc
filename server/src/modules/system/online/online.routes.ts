import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OnlineSessionSchema } from '@console/contract/schema';
import { Type } from 'typebox';
import { principalOf } from '../../../core/auth/guard.js';
import { ok } from '../../../core/envelope.js';
import { badRequest } from '../../../core/errors.js';
import { Envelope, ListQuerySchema, PageOf } from '../../../core/schema.js';
import { registerListExport } from '../../../core/workbook/list-export.js';
import type { OnlineService } from './online.service.js';

/** A session id as the tokens carry it (a UUID). */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The most sessions one 强退 ends. */
const MAX_SESSIONS = 200;

/** `ids` of a 强退: comma-joined session ids, each a UUID, one to MAX_SESSIONS of them. */
function sessionIds(text: string): string[] {
  const ids = [
    ...new Set(
      text
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0 || ids.length > MAX_SESSIONS || !ids.every((id) => SESSION_ID.test(id)))
    throw badRequest('online.ids');
  return ids;
}

/**
 * /api/blade-system/online (issue 48): the live sign-in sessions (account, IP, tenant filters) and
 * 强退, POST with comma-joined session ids as BladeX's removes take theirs. Administrators only: the
 * platform's for every tenant, a tenant's for its own.
 */
export const onlineRoutes: FastifyPluginAsyncTypebox<{ online: OnlineService }> = async (app, { online }) => {
  app.get(
    '/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(OnlineSessionSchema)) } },
      config: { access: 'administrator', button: 'online' },
    },
    async (req) => ok(await online.list(principalOf(req), req.query), req.t('ok')),
  );
  registerListExport(app, {
    entity: OnlineSessionSchema,
    list: (_actor, query, req) => online.list(principalOf(req), query),
    read: { access: 'administrator', button: 'online' },
    button: 'online_export',
    title: 'export.title.online',
  });
  app.post(
    '/logout',
    {
      schema: {
        querystring: Type.Object({ ids: Type.String({ maxLength: MAX_SESSIONS * 37 }) }),
        response: { 200: Envelope(Type.Boolean()) },
      },
      config: { access: 'administrator', button: 'online_logout' },
    },
    async (req) => {
      const count = await online.logout(principalOf(req), sessionIds(req.query.ids));
      return ok(true, req.t('online.loggedOut', { count: String(count) }));
    },
  );
};
