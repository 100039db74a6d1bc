import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerListExport } from '../../../core/workbook/list-export.js';
import { registerImportRoutes } from '../../../core/workbook/sheet-import-routes.js';
import { Type } from 'typebox';
import { ok } from '../../../core/envelope.js';
import { Envelope, ListQuerySchema, PageOf, TreeNodeSchema } from '../../../core/schema.js';
import {
  RegionCodeQuery,
  RegionInputSchema,
  RegionNodeSchema,
  RegionParentQuery,
  RegionRemoveQuery,
  RegionSchema,
  RegionSelectQuery,
} from '@console/contract/schema';
import type { RegionService } from './region.service.js';

/**
 * /api/blade-system/region (spec §7, "region"): reads for signed-in users (every address select),
 * writes for the platform administrator (platform-wide reference data, S4). Not on the CRUD helper
 * (core/crud-routes.ts): regions are named by their code, not an id, and submit is an upsert.
 */
export const regionRoutes: FastifyPluginAsyncTypebox<{ regions: RegionService }> = async (
  app,
  { regions },
) => {
  app.get(
    '/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(RegionSchema)) } },
      config: { everyone: 'reference' },
    },
    async (req) => ok(await regions.list(req.query), req.t('ok')),
  );

  // 导出 (decision 0045): the list's search, as the region tree sends it (the regions below the chosen
  // one, by that level's code column). Regions are read by everyone; an export is the button's alone.
  registerListExport(app, {
    entity: RegionSchema,
    list: (_actor, query) => regions.list(query),
    read: { everyone: 'reference' },
    button: 'region_export',
    dicts: { level: 'region' },
    title: 'export.title.region',
  });

  app.get(
    '/lazy-list',
    {
      schema: { querystring: RegionParentQuery, response: { 200: Envelope(Type.Array(RegionNodeSchema)) } },
      config: { everyone: 'reference' },
    },
    async (req) => ok(await regions.lazyList(req.query.parentCode), req.t('ok')),
  );

  app.get(
    '/lazy-tree',
    {
      schema: { querystring: RegionParentQuery, response: { 200: Envelope(Type.Array(TreeNodeSchema)) } },
      config: { everyone: 'reference' },
    },
    async (req) => ok(await regions.lazyTree(req.query.parentCode), req.t('ok')),
  );

  app.get(
    '/select',
    {
      schema: { querystring: RegionSelectQuery, response: { 200: Envelope(Type.Array(RegionSchema)) } },
      config: { everyone: 'reference' },
    },
    async (req) => ok(await regions.select(req.query.code), req.t('ok')),
  );

  app.get(
    '/detail',
    {
      schema: { querystring: RegionCodeQuery, response: { 200: Envelope(RegionSchema) } },
      config: { everyone: 'reference' },
    },
    async (req) => ok(await regions.detail(req.query.code), req.t('ok')),
  );

  // Creating and updating share one call told apart by whether the code exists, so the guard cannot
  // pick between region_add and region_edit; the platform administrator holds both anyway.
  app.post(
    '/submit',
    {
      schema: { body: RegionInputSchema, response: { 200: Envelope(RegionSchema) } },
      config: { access: 'platform-admin' },
    },
    async (req) => {
      const { region, created } = await regions.submit(req.body);
      return ok(region, req.t(created ? 'created' : 'updated'));
    },
  );

  await registerImportRoutes(app, {
    importer: regions.importer(),
    title: 'region.sheet',
    add: 'region_add',
    edit: 'region_edit',
    access: 'platform-admin',
  });

  app.post(
    '/remove',
    {
      schema: { querystring: RegionRemoveQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'platform-admin', button: 'region_delete' },
    },
    async (req) => {
      await regions.remove(req.query.id);
      return ok(true, req.t('deleted'));
    },
  );
};
