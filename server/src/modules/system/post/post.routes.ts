import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { registerImportRoutes } from '../../../core/workbook/sheet-import-routes.js';
import { ok } from '../../../core/envelope.js';
import { Envelope } from '../../../core/schema.js';
import { PostInputSchema, PostSchema, PostSelectQuery } from '@console/contract/schema';
import type { PostService } from './post.service.js';

/** /api/blade-system/post (spec §7, "Other system"): the caller's tenant's posts. */
export const postRoutes: FastifyPluginAsyncTypebox<{ posts: PostService }> = async (app, { posts }) => {
  registerCrudRoutes(app, {
    entity: PostSchema,
    input: PostInputSchema,
    service: posts,
    export: { button: 'post_export', dicts: { category: 'post_category' }, title: 'export.title.post' },
    access: {
      read: { menu: 'post' },
      submit: { access: 'user', button: { create: 'post_add', update: 'post_edit' } },
      remove: { access: 'user', button: 'post_delete' },
    },
  });

  await registerImportRoutes(app, {
    importer: posts.importer(),
    title: 'post.sheet',
    add: 'post_add',
    edit: 'post_edit',
  });

  app.get(
    '/select',
    {
      schema: { querystring: PostSelectQuery, response: { 200: Envelope(Type.Array(PostSchema)) } },
      config: { menu: ['post', 'user'] },
    },
    async (req) => ok(await posts.select(req.actor, req.query.tenantId), req.t('ok')),
  );
};
