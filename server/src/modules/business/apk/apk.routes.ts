import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { APK_PUBLISH_STATUS } from '@console/contract/business';
import { ApkInputSchema, ApkSchema, IdQuery } from '@console/contract/schema';
import { ok } from '../../../core/envelope.js';
import { Envelope, ListQuerySchema, PageOf } from '../../../core/schema.js';
import { registerListExport } from '../../../core/workbook/list-export.js';
import type { ApkService } from './apk.service.js';

/** /api/zxgxg-api/apk (spec §7, "Business"): list, detail, update. */
export const apkRoutes: FastifyPluginAsyncTypebox<{ apks: ApkService }> = async (app, { apks }) => {
  app.get(
    '/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(ApkSchema)) } },
      config: { menu: 'apk' },
    },
    async (req) => ok(await apks.list(req.actor, req.query), req.t('ok')),
  );
  registerListExport(app, {
    entity: ApkSchema,
    list: (actor, query) => apks.list(actor, query),
    read: { menu: 'apk' },
    button: 'apk_export',
    dicts: { publishStatus: 'apk_publish_status' },
    title: 'export.title.apk',
  });
  app.get(
    '/detail',
    { schema: { querystring: IdQuery, response: { 200: Envelope(ApkSchema) } }, config: { menu: 'apk' } },
    async (req) => ok(await apks.detail(req.actor, req.query.id), req.t('ok')),
  );
  app.post(
    '/update',
    {
      schema: { body: ApkInputSchema, response: { 200: Envelope(ApkSchema) } },
      config: {
        button: { create: 'apk_add', update: 'apk_edit' },
        // Publishing and withdrawing are buttons of their own.
        bodyButton: (body) => {
          const status = (body as { publishStatus?: number }).publishStatus;
          return status === APK_PUBLISH_STATUS.PUBLISHED
            ? 'apk_publish'
            : status === APK_PUBLISH_STATUS.WITHDRAWN
              ? 'apk_withdraw'
              : null;
        },
      },
    },
    async (req) => {
      const saved = await apks.submit(req.actor, req.body);
      return ok(saved, req.t(req.body.id ? 'updated' : 'created'));
    },
  );
};
