import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LogLoginSchema } from '@console/contract/schema';
import { Type } from 'typebox';
import { principalOf } from '../../core/auth/guard.js';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import { parseIdList } from '../../core/ids.js';
import type { Actor } from '../../core/repository/store.js';
import { Envelope, IdQuery, IdsQuery, ListQuerySchema, PageOf } from '../../core/schema.js';
import { sendWorkbook } from '../../core/workbook/sheet-export.js';
import { writeSheet } from '../../core/workbook/sheet-columns.js';
import { LOGIN_COLUMNS } from './login-log.sheet.js';
import type { LoginLogService } from './login-log.service.js';

/** Where the login log's calls are: beside the other logs'. */
export const LOGIN_LOG_PREFIX = '/api/blade-log/login';

/**
 * /api/blade-log/login: list, detail and export (.xlsx of the list's search), administrators only
 * as the other logs (security S3). Append-only: nothing changes or removes a row.
 */
export const loginLogRoutes: FastifyPluginAsyncTypebox<{ logins: LoginLogService }> = async (
  app,
  { logins },
) => {
  const config = { access: 'administrator' as const, button: 'log_login' as const };
  app.get(
    '/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(LogLoginSchema)) } },
      config,
    },
    async (req) => ok(await logins.list(principalOf(req), req.query, req.language), req.t('ok')),
  );
  app.get(
    '/detail',
    { schema: { querystring: IdQuery, response: { 200: Envelope(LogLoginSchema) } }, config },
    async (req) => ok(await logins.detail(principalOf(req), req.query.id, req.language), req.t('ok')),
  );
  // A workbook job (core/workbook/workbooks.ts): limited per user and per process, written off the
  // event loop.
  app.get(
    '/export',
    {
      schema: { querystring: ListQuerySchema },
      config: { access: 'administrator', button: 'log_login_export' },
    },
    async (req, reply) => {
      const content = await app.workbooks.job(req, reply, async (signal) => {
        const rows = await logins.exportRows(principalOf(req), req.query, req.language);
        return writeSheet(app.workbooks, LOGIN_COLUMNS, rows.pages, req.language, signal);
      });
      return sendWorkbook(reply, req, req.t('log.login.sheet'), content);
    },
  );
};

/**
 * POST /api/blade-log/login/unlock?ids=<user ids>: the login log's 解锁, the user page's unlock
 * (AuthService.unlock: the caller's tenant and data scope, 404 for an id that is not there) under
 * the log's path and button. user.plugin.ts registers it, where signing in's services are.
 */
export const loginUnlockRoutes: FastifyPluginAsyncTypebox<{
  unlock: (actor: Actor, userIds: string[]) => Promise<number>;
}> = async (app, { unlock }) => {
  app.post(
    '/unlock',
    {
      schema: { querystring: IdsQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'administrator', button: 'log_login_unlock' },
    },
    async (req) => {
      const ids = parseIdList(req.query.ids);
      if (!ids) throw badRequest('ids.invalid');
      await unlock(req.actor, ids);
      return ok(true, req.t('user.unlocked'));
    },
  );
};
