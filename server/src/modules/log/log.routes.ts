import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PermissionCode } from '@console/contract';
import { LogApiSchema, LogErrorSchema, LogUsualSchema } from '@console/contract/schema';
import type { TSchema } from 'typebox';
import { principalOf } from '../../core/auth/guard.js';
import { ok } from '../../core/envelope.js';
import { Envelope, IdQuery, ListQuerySchema, PageOf } from '../../core/schema.js';
import { registerListExport } from '../../core/workbook/list-export.js';
import type { LogService } from './log.service.js';

/** The logs served here; the login log has calls of its own (login-log.routes.ts). */
const KINDS = ['usual', 'api', 'error'] as const;
type Kind = (typeof KINDS)[number];

const SCHEMAS: Record<Kind, TSchema> = { api: LogApiSchema, error: LogErrorSchema, usual: LogUsualSchema };

const BUTTONS: Record<Kind, PermissionCode> = { api: 'log_api', error: 'log_error', usual: 'log_usual' };
const EXPORT_BUTTONS: Record<Kind, PermissionCode> = {
  api: 'log_api_export',
  error: 'log_error_export',
  usual: 'log_usual_export',
};

/**
 * /api/blade-log/usual|api|error: list and detail, administrators only (security S3). The logs are
 * append-only through the API: there is no submit or remove.
 */
export const logRoutes: FastifyPluginAsyncTypebox<{ logs: LogService }> = async (app, { logs }) => {
  for (const kind of KINDS) {
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
    // 导出 of the search: the list's rows (masked as it masks them), a large log refused past the limit.
    registerListExport(app, {
      entity: SCHEMAS[kind],
      list: (_actor, query, req) => logs.list(kind, principalOf(req), query, req.language),
      read: config,
      button: EXPORT_BUTTONS[kind],
      title: `export.title.log_${kind}`,
      path: `/${kind}/export`,
    });
  }
};
