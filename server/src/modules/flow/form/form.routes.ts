import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FlowFormDetailQuery,
  FlowFormDetailSchema,
  FlowFormInputSchema,
  FlowFormSchema,
  FlowFormValidateInputSchema,
  FlowFormValidationSchema,
} from '@console/contract/schema';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { ok } from '../../../core/envelope.js';
import { Envelope } from '../../../core/schema.js';
import type { FlowFormService } from './form.service.js';

/**
 * /api/blade-flow/form (issue 51, 表单设计): forms and their versions. detail takes `version` (an
 * earlier version's definition); validate checks data against a form as the server will when a
 * process starts from it.
 */
export const flowFormRoutes: FastifyPluginAsyncTypebox<{ forms: FlowFormService }> = async (
  app,
  { forms },
) => {
  registerCrudRoutes(app, {
    entity: FlowFormSchema,
    input: FlowFormInputSchema,
    service: forms,
    routes: ['list', 'submit', 'remove'],
    export: { button: 'form_export', title: 'export.title.form' },
    access: {
      read: { menu: 'form' },
      submit: { access: 'user', button: { create: 'form_add', update: 'form_edit' } },
      remove: { access: 'user', button: 'form_delete' },
    },
  });

  app.get(
    '/detail',
    {
      schema: { querystring: FlowFormDetailQuery, response: { 200: Envelope(FlowFormDetailSchema) } },
      config: { menu: 'form' },
    },
    async (req) => ok(await forms.detail(req.actor, req.query.id, req.query.version), req.t('ok')),
  );

  app.post(
    '/validate',
    {
      schema: { body: FlowFormValidateInputSchema, response: { 200: Envelope(FlowFormValidationSchema) } },
      config: { menu: 'form' },
    },
    async (req) => {
      const errors = await forms.validate(req.actor, req.body);
      const texts = Object.fromEntries(
        Object.entries(errors).map(([key, e]) => [key, req.t(e.key, e.params)]),
      );
      return ok({ valid: Object.keys(texts).length === 0, errors: texts }, req.t('ok'));
    },
  );
};
