import { readableUserId } from '../../../core/auth/guard.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../../core/auth/guard.js';
import { ok } from '../../../core/envelope.js';
import { Envelope, IdQuery, IdsQuery, ListQuerySchema, TreeNodeSchema } from '../../../core/schema.js';
import {
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

  app.get(
    '/detail',
    { schema: { querystring: IdQuery, response: { 200: Envelope(RoleSchema) } }, config: { menu: 'role' } },
    async (req) => ok(await roles.detail(req.actor, req.query.id), req.t('ok')),
  );

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

  app.post(
    '/submit',
    {
      schema: { body: RoleInputSchema, response: { 200: Envelope(RoleSchema) } },
      config: { access: 'user', button: { create: 'role_add', update: 'role_edit' } },
    },
    async (req) => {
      const created = !req.body.id;
      const saved = await roles.submit(req.actor, req.body);
      return ok(saved, req.t(created ? 'created' : 'updated'));
    },
  );

  app.post(
    '/remove',
    {
      schema: { querystring: IdsQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'user', button: 'role_delete' },
    },
    async (req) => {
      await roles.remove(req.actor, req.query.ids);
      return ok(true, req.t('deleted'));
    },
  );

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
