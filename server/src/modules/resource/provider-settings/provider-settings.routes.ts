import type { FastifyInstance } from 'fastify';
import { IdQuery } from '@console/contract/schema';
import { Type, type TSchema } from 'typebox';
import { registerCrudRoutes, type CrudService } from '../../../core/crud-routes.js';
import { ok } from '../../../core/envelope.js';
import type { Actor } from '../../../core/repository/store.js';
import { Envelope } from '../../../core/schema.js';

/**
 * The settings routes a provider kind shares (object storage `oss`, SMS `sms`): list, detail,
 * submit, remove and enable, for administrators (as in BladeX: the records hold keys), each write
 * behind its button (`<code>_add`, `_edit`, `_delete`, `_enable`), reads behind the page.
 */
export function registerProviderSettingsRoutes<TInput extends TSchema>(
  app: FastifyInstance,
  options: {
    code: 'oss' | 'sms';
    entity: TSchema;
    input: TInput;
    service: CrudService<unknown> & { enable(actor: Actor, id: string): Promise<void> };
  },
): void {
  const { code, entity, input, service } = options;
  registerCrudRoutes(app, {
    entity,
    input,
    service,
    export: { button: `${code}_export`, title: `export.title.${code}` },
    access: {
      read: { access: 'administrator', button: code },
      submit: { access: 'administrator', button: { create: `${code}_add`, update: `${code}_edit` } },
      remove: { access: 'administrator', button: `${code}_delete` },
    },
  });

  app.post(
    '/enable',
    {
      schema: { querystring: IdQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'administrator', button: `${code}_enable` },
    },
    async (req) => {
      await service.enable(req.actor, (req.query as { id: string }).id);
      return ok(true, req.t('ok'));
    },
  );
}
