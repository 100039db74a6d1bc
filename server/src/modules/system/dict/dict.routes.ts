import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Access } from '../../../core/auth/principal.js';
import { ok } from '../../../core/envelope.js';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { registerListExport } from '../../../core/workbook/list-export.js';
import { registerImportRoutes } from '../../../core/workbook/sheet-import-routes.js';
import { Envelope, ListQuerySchema, PageOf, TreeNodeSchema } from '../../../core/schema.js';
import {
  DictInputSchema,
  DictionaryQuery,
  DictItemSchema,
  DictNodeSchema,
  DictSchema,
  DictTreeQuery,
} from '@console/contract/schema';
import type { DictService } from './dict.service.js';

export interface DictRouteOptions {
  dicts: DictService;
  /** Who may write: the platform administrator for system dictionaries (S4), else any holder of the buttons. */
  writeAccess: Access;
  /** The page's menu code, whose `_add`, `_edit` and `_delete` buttons the writes need. */
  menuCode: 'dict' | 'dictbiz';
}

/**
 * /api/blade-system/dict and /api/blade-system/dict-biz (spec §7): the same calls over the system
 * dictionaries (platform-wide) and the caller's tenant's business dictionaries. Reads are open to
 * signed-in users: every page renders dictionary columns and selects.
 */
export const dictRoutes: FastifyPluginAsyncTypebox<DictRouteOptions> = async (
  app,
  { dicts, writeAccess, menuCode },
) => {
  // Business dictionary rows carry their tenantId as well.
  const Row = DictSchema;
  const Node = DictNodeSchema;

  app.get(
    '/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(Type.Array(Node)) } },
      config: { everyone: 'reference' },
    },
    async (req) => ok(await dicts.list(req.actor, req.query), req.t('ok')),
  );
  // The page lists the dictionaries (parents) a page at a time: the export is of that list.
  registerListExport(app, {
    entity: Row,
    list: (actor, query) => dicts.parentList(actor, query),
    read: { menu: menuCode },
    button: `${menuCode}_export`,
    title: menuCode === 'dict' ? 'export.title.dict' : 'export.title.dictbiz',
  });

  app.get(
    '/parent-list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(Row)) } },
      config: { everyone: 'reference' },
    },
    async (req) => ok(await dicts.parentList(req.actor, req.query), req.t('ok')),
  );

  app.get(
    '/child-list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(Type.Array(Node)) } },
      config: { everyone: 'reference' },
    },
    async (req) => ok(await dicts.childList(req.actor, req.query), req.t('ok')),
  );

  app.get(
    '/tree',
    {
      schema: { querystring: DictTreeQuery, response: { 200: Envelope(Type.Array(TreeNodeSchema)) } },
      config: { everyone: 'reference' },
    },
    async (req) => ok(await dicts.tree(req.actor, req.query.code), req.t('ok')),
  );

  app.get(
    '/dictionary',
    {
      schema: { querystring: DictionaryQuery, response: { 200: Envelope(Type.Array(DictItemSchema)) } },
      config: { everyone: 'reference' },
    },
    async (req) => ok(await dicts.dictionary(req.actor, req.query.code, req.language), req.t('ok')),
  );

  await registerImportRoutes(app, {
    importer: dicts.importer(),
    title: menuCode === 'dict' ? 'dict.sheet' : 'dict.sheetBiz',
    add: `${menuCode}_add`,
    edit: `${menuCode}_edit`,
    access: writeAccess,
  });

  // The list is a tree answered whole (above), not a page: the helper registers the other three.
  registerCrudRoutes(app, {
    entity: Row,
    input: DictInputSchema,
    routes: ['detail', 'submit', 'remove'],
    service: dicts,
    access: {
      read: { everyone: 'reference' },
      submit: { access: writeAccess, button: { create: `${menuCode}_add`, update: `${menuCode}_edit` } },
      remove: { access: writeAccess, button: `${menuCode}_delete` },
    },
  });
};
