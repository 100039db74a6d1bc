import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AlertRuleInputSchema, AlertRuleSchema, AlertSchema } from '@console/contract/schema';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { ok } from '../../../core/envelope.js';
import { Envelope, ListQuerySchema, PageOf } from '../../../core/schema.js';
import type { AlertRuleService } from './alert.service.js';

/** /api/zxgxg-api/alert-rule (issue 50, 告警中心): the tenant's alert rules. */
export const alertRuleRoutes: FastifyPluginAsyncTypebox<{ rules: AlertRuleService }> = async (
  app,
  { rules },
) => {
  registerCrudRoutes(app, {
    entity: AlertRuleSchema,
    input: AlertRuleInputSchema,
    service: rules,
    export: { button: 'alert_export', title: 'export.title.alert' },
    access: {
      read: { menu: 'alert' },
      submit: { access: 'user', button: { create: 'alert_add', update: 'alert_edit' } },
      remove: { access: 'user', button: 'alert_delete' },
    },
  });
};

/** /api/zxgxg-api/alert: the tenant's incidents, open and closed. */
export const alertRoutes: FastifyPluginAsyncTypebox<{ rules: AlertRuleService }> = async (app, { rules }) => {
  app.get(
    '/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(AlertSchema)) } },
      config: { menu: 'alert' },
    },
    async (req) => ok(await rules.alerts(req.actor, req.query), req.t('ok')),
  );
};
