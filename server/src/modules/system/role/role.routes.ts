import { readableUserId } from '../../../core/auth/guard.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../../core/auth/guard.js';
import { ok } from '../../../core/envelope.js';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { registerListExport } from '../../../core/workbook/list-export.js';
import { Envelope, ListQuerySchema, TreeNodeSchema } from '../../../core/schema.js';
import {
  EffectiveRightsSchema,
  RoleEffectiveQuery,
  RoleGrantSchema,
  RoleInputSchema,
  RoleNodeSchema,
  RoleSchema,
  RoleSelectQuery,
  RoleTreeByIdQuery,
  RoleTreeQuery,
} from '@console/contract/schema';
import type { RoleService } from './role.service.js';

/** /api/blade-system/role (spec §7, "Role"): the caller's tenant's roles and their grants. */
export const roleRoutes: FastifyPluginAsyncTypebox<{ roles: RoleService }> = async (app, { roles }) => {
  app.get(
    '/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(Type.Array(RoleNodeSchema)) } },
      config: { menu: 'role' },
    },
    async (req) => ok(await roles.list(req.actor, req.query), req.t('ok')),
  );
  registerListExport(app, {
    entity: RoleSchema,
    list: (actor, query) => roles.list(actor, query),
    read: { menu: 'role' },
    button: 'role_export',
    title: 'export.title.role',
  });

  app.get(
    '/tree',
    {
      schema: { querystring: RoleTreeQuery, response: { 200: Envelope(Type.Array(TreeNodeSchema)) } },
      config: { menu: ['role', 'user'] },
    },
    async (req) => ok(await roles.tree(req.actor, req.query.tenantId), req.t('ok')),
  );

  app.get(
    '/tree-by-id',
    {
      schema: { querystring: RoleTreeByIdQuery, response: { 200: Envelope(Type.Array(TreeNodeSchema)) } },
      config: { menu: ['role', 'user'] },
    },
    async (req) => ok(await roles.treeById(req.actor, req.query.roleId), req.t('ok')),
  );

  app.get(
    '/select',
    {
      schema: { querystring: RoleSelectQuery, response: { 200: Envelope(Type.Array(RoleSchema)) } },
      config: { menu: 'user', ownWithoutMenu: true },
    },
    async (req) =>
      ok(await roles.select(req.actor, readableUserId(req, req.query.userId || undefined)), req.t('ok')),
  );

  // 查看权限 (issue 48): what a user or a role really gets, and from which roles. Read-only, for
  // administrators, in their own tenant (another tenant's user or role answers 404).
  app.get(
    '/effective',
    {
      schema: { querystring: RoleEffectiveQuery, response: { 200: Envelope(EffectiveRightsSchema) } },
      config: { access: 'administrator' },
    },
    async (req) => ok(await roles.effective(principalOf(req), req.query), req.t('ok')),
  );

  // The list is a tree answered whole (above), not a page: the helper registers the other three.
  registerCrudRoutes(app, {
    entity: RoleSchema,
    input: RoleInputSchema,
    routes: ['detail', 'submit', 'remove'],
    service: roles,
    access: {
      read: { menu: 'role' },
      submit: { access: 'user', button: { create: 'role_add', update: 'role_edit' } },
      remove: { access: 'user', button: 'role_delete' },
    },
  });

  app.post(
    '/grant',
    {
      schema: { body: RoleGrantSchema, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'user', button: 'role_grant' },
    },
    async (req) => {
      await roles.grant(principalOf(req), req.body);
      return ok(true, req.t('succeeded'));
    },
  );
};
