import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../../core/auth/guard.js';
import { ok } from '../../../core/envelope.js';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { registerListExport } from '../../../core/workbook/list-export.js';
import { Envelope, ListQuerySchema } from '../../../core/schema.js';
import type { MenuAdminService } from './menu-admin.service.js';
import {
  GrantKeysSchema,
  GrantTreeSchema,
  MenuInputSchema,
  MenuListNodeSchema,
  MenuNodeSchema,
  MenuSchema,
  RoleTreeKeysQuery,
  RoutesQuery,
  TopGrantKeysSchema,
  TopGrantTreeSchema,
  TopMenuSchema,
  TopTreeKeysQuery,
  TreeNodeSchema,
} from '@console/contract/schema';
import type { MenuService } from './menu.service.js';

/**
 * /api/blade-system/menu: the signed-in user's menus, buttons and top menus, and the menu tree of
 * choices (spec §6, §7 "Menu").
 */
export const menuRoutes: FastifyPluginAsyncTypebox<{ menus: MenuService; admin: MenuAdminService }> = async (
  app,
  { menus, admin },
) => {
  app.get(
    '/routes',
    {
      schema: { querystring: RoutesQuery, response: { 200: Envelope(Type.Array(MenuNodeSchema)) } },
      config: { access: 'user', everyone: 'reference' },
    },
    async (req) => ok(await menus.routes(principalOf(req), req.query.topMenuId || undefined), req.t('ok')),
  );

  app.get(
    '/buttons',
    {
      schema: { response: { 200: Envelope(Type.Array(MenuNodeSchema)) } },
      config: { access: 'user', everyone: 'reference' },
    },
    async (req) => ok(await menus.buttons(principalOf(req)), req.t('ok')),
  );

  // Menu names are no secret: any signed-in user may have the tree (as in SpringBlade).
  app.get(
    '/tree',
    {
      schema: { response: { 200: Envelope(Type.Array(TreeNodeSchema)) } },
      config: { access: 'user', menu: ['menu', 'role', 'tenant_package', 'topmenu', 'code'] },
    },
    async (req) => ok(await menus.tree(), req.t('ok')),
  );

  app.get(
    '/top-menu',
    {
      schema: { response: { 200: Envelope(Type.Array(TopMenuSchema)) } },
      config: { access: 'user', everyone: 'reference' },
    },
    async (req) => ok(await menus.topMenus(principalOf(req)), req.t('ok')),
  );

  // The menu page (spec §7): administrators read the platform's menus; only the platform
  // administrator changes them (S4).
  const list = Envelope(Type.Array(MenuListNodeSchema));
  app.get(
    '/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: list } },
      config: { access: 'administrator' },
    },
    async (req) => ok(await admin.list(req.query), req.t('ok')),
  );
  registerListExport(app, {
    entity: MenuSchema,
    list: (_actor, query) => admin.list(query),
    read: { access: 'administrator' },
    button: 'menu_export',
    dicts: { category: 'menu_category' },
    title: 'export.title.menu',
  });
  app.get(
    '/lazy-list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: list } },
      config: { access: 'administrator' },
    },
    async (req) => ok(await admin.lazyList(req.query), req.t('ok')),
  );
  app.get(
    '/menu-list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: list } },
      config: { access: 'administrator' },
    },
    async (req) => ok(await admin.list(req.query, true), req.t('ok')),
  );
  app.get(
    '/lazy-menu-list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: list } },
      config: { access: 'administrator' },
    },
    async (req) => ok(await admin.lazyList(req.query, true), req.t('ok')),
  );
  // The role grant dialog: anyone who may grant roles sees what they may grant.
  app.get(
    '/grant-tree',
    { schema: { response: { 200: Envelope(GrantTreeSchema) } }, config: { access: 'user', menu: 'role' } },
    async (req) => ok(await admin.grantTree(principalOf(req)), req.t('ok')),
  );
  app.get(
    '/role-tree-keys',
    {
      schema: { querystring: RoleTreeKeysQuery, response: { 200: Envelope(GrantKeysSchema) } },
      config: { access: 'user', menu: 'role' },
    },
    async (req) => ok(await admin.roleTreeKeys(req.actor, req.query.roleIds), req.t('ok')),
  );

  // The top menu page's grant dialog.
  app.get(
    '/grant-top-tree',
    { schema: { response: { 200: Envelope(TopGrantTreeSchema) } }, config: { access: 'administrator' } },
    async (req) => ok(await admin.grantTopTree(principalOf(req)), req.t('ok')),
  );
  app.get(
    '/top-tree-keys',
    {
      schema: { querystring: TopTreeKeysQuery, response: { 200: Envelope(TopGrantKeysSchema) } },
      config: { access: 'administrator' },
    },
    async (req) => ok(await admin.topTreeKeys(req.query.topMenuIds), req.t('ok')),
  );

  // The lists are trees answered whole (above), not pages: the helper registers the other three.
  registerCrudRoutes(app, {
    entity: MenuSchema,
    input: MenuInputSchema,
    routes: ['detail', 'submit', 'remove'],
    service: {
      detail: (_actor, id) => admin.detail(id),
      submit: (actor, input) => admin.submit(actor, input),
      remove: (actor, ids) => admin.remove(actor, ids),
    },
    access: {
      read: { access: 'administrator' },
      submit: { access: 'platform-admin', button: { create: 'menu_add', update: 'menu_edit' } },
      remove: { access: 'platform-admin', button: 'menu_delete' },
    },
  });
};
