import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PermissionCode } from '@console/contract';
import { LogApiSchema, LogErrorSchema, LogUsualSchema } from '@console/contract/schema';
import type { TSchema } from 'typebox';
import { principalOf } from '../../core/auth/guard.js';
import { ok } from '../../core/envelope.js';
import { Envelope, IdQuery, ListQuerySchema, PageOf } from '../../core/schema.js';
import type { LogKind } from './log.repository.js';
import type { LogService } from './log.service.js';

const SCHEMAS: Record<LogKind, TSchema> = { api: LogApiSchema, error: LogErrorSchema, usual: LogUsualSchema };

const BUTTONS: Record<LogKind, PermissionCode> = { api: 'log_api', error: 'log_error', usual: 'log_usual' };

/**
 * /api/blade-log/usual|api|error: list and detail, administrators only (security S3). The logs are
 * append-only through the API: there is no submit or remove.
 */
export const logRoutes: FastifyPluginAsyncTypebox<{ logs: LogService }> = async (app, { logs }) => {
  for (const kind of ['usual', 'api', 'error'] as const) {
    const config = { access: 'administrator' as const, button: BUTTONS[kind] };
    app.get(
      `/${kind}/list`,
      {
        schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(SCHEMAS[kind])) } },
        config,
      },
      async (req) => ok(await logs.list(kind, principalOf(req), req.query, req.language), req.t('ok')),
    );
    app.get(
      `/${kind}/detail`,
      { schema: { querystring: IdQuery, response: { 200: Envelope(SCHEMAS[kind]) } }, config },
      async (req) => ok(await logs.detail(kind, principalOf(req), req.query.id, req.language), req.t('ok')),
    );
  }
};
