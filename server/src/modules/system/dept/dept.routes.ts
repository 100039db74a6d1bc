import { readableUserId } from '../../../core/auth/guard.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../../core/envelope.js';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { registerListExport } from '../../../core/workbook/list-export.js';
import { registerImportRoutes } from '../../../core/workbook/sheet-import-routes.js';
import { Envelope, ListQuerySchema, TreeNodeSchema } from '../../../core/schema.js';
import {
  DeptInputSchema,
  DeptLazyTreeQuery,
  DeptNodeSchema,
  DeptSchema,
  DeptSelectQuery,
  DeptTreeQuery,
} from '@console/contract/schema';
import type { DeptService } from './dept.service.js';

/**
 * /api/blade-system/dept (spec §7, "Dept"): the caller's tenant's departments. Reads are open to
 * signed-in users (the user page's tree, the switch dialog); writes need the page's buttons.
 */
export const deptRoutes: FastifyPluginAsyncTypebox<{ depts: DeptService }> = async (app, { depts }) => {
  await registerImportRoutes(app, {
    importer: depts.importer(),
    title: 'dept.sheet',
    add: 'dept_add',
    edit: 'dept_edit',
  });

  app.get(
    '/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(Type.Array(DeptNodeSchema)) } },
      config: { menu: 'dept' },
    },
    async (req) => ok(await depts.list(req.actor, req.query), req.t('ok')),
  );
  // 导出 of the tree as listed (each department followed by its children).
  registerListExport(app, {
    entity: DeptSchema,
    list: (actor, query) => depts.list(actor, query),
    read: { menu: 'dept' },
    button: 'dept_export',
    dicts: { deptCategory: 'org_category' },
    title: 'export.title.dept',
  });

  app.get(
    '/lazy-list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(Type.Array(DeptNodeSchema)) } },
      config: { menu: 'dept' },
    },
    async (req) => ok(await depts.lazyList(req.actor, req.query), req.t('ok')),
  );

  app.get(
    '/tree',
    {
      schema: { querystring: DeptTreeQuery, response: { 200: Envelope(Type.Array(TreeNodeSchema)) } },
      // 表单设计's preview (and forms later) pick a department from it.
      config: { menu: ['dept', 'user', 'role', 'data_scope', 'form'] },
    },
    async (req) => ok(await depts.tree(req.actor, req.query.tenantId), req.t('ok')),
  );

  app.get(
    '/lazy-tree',
    {
      schema: { querystring: DeptLazyTreeQuery, response: { 200: Envelope(Type.Array(TreeNodeSchema)) } },
      config: { menu: ['dept', 'user', 'role', 'data_scope'] },
    },
    async (req) => ok(await depts.lazyTree(req.actor, req.query.parentId, req.query.tenantId), req.t('ok')),
  );

  app.get(
    '/select',
    {
      schema: { querystring: DeptSelectQuery, response: { 200: Envelope(Type.Array(DeptSchema)) } },
      config: { menu: 'user', ownWithoutMenu: true },
    },
    async (req) =>
      ok(await depts.select(req.actor, readableUserId(req, req.query.userId || undefined)), req.t('ok')),
  );

  // The list is a tree answered whole (above), not a page: the helper registers the other three.
  registerCrudRoutes(app, {
    entity: DeptSchema,
    input: DeptInputSchema,
    routes: ['detail', 'submit', 'remove'],
    service: depts,
    access: {
      read: { menu: 'dept' },
      submit: { access: 'user', button: { create: 'dept_add', update: 'dept_edit' } },
      remove: { access: 'user', button: 'dept_delete' },
    },
  });
};
