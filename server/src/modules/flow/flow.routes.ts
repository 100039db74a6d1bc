import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FLOW_LIMITS,
  FlowDefinitionSchema,
  FlowDeleteDeploymentInput,
  FlowModelDeployInput,
  FlowModelDetailSchema,
  FlowModelInputSchema,
  FlowModelSchema,
  FlowStateInput,
} from '@console/contract/schema';
import { Type } from 'typebox';
import { registerCrudRoutes } from '../../core/crud-routes.js';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import { Envelope, IdQuery, ListQuerySchema, PageOf } from '../../core/schema.js';
import { registerListExport } from '../../core/workbook/list-export.js';
import type { FlowDeployer, FlowModelService } from './flow.service.js';

/** /api/blade-flow/model (spec §7, "Workflow"): models, and deploying one. */
export const flowModelRoutes: FastifyPluginAsyncTypebox<{ models: FlowModelService }> = async (
  app,
  { models },
) => {
  registerCrudRoutes(app, {
    entity: FlowModelSchema,
    detailEntity: FlowModelDetailSchema,
    input: FlowModelInputSchema,
    service: models,
    export: { button: 'flow_model_export', title: 'export.title.flow_model' },
    access: {
      read: { menu: 'flow_model' },
      submit: { access: 'user', button: { create: 'flow_model_add', update: 'flow_model_edit' } },
      remove: { access: 'user', button: 'flow_model_delete' },
    },
  });

  // The console's designer opens a model here: the same as /detail (the list leaves the XML out).
  app.get(
    '/detail-xml',
    {
      schema: { querystring: IdQuery, response: { 200: Envelope(FlowModelDetailSchema) } },
      config: { menu: 'flow_model' },
    },
    async (req) => ok(await models.detail(req.actor, req.query.id), req.t('ok')),
  );

  app.post(
    '/deploy',
    {
      // BladeX sends @RequestParam values, as the query string.
      schema: {
        querystring: FlowModelDeployInput,
        response: { 200: Envelope(Type.Array(FlowDefinitionSchema)) },
      },
      config: { access: 'user', button: 'flow_model_deploy' },
    },
    async (req) => ok(await models.deploy(req.actor, req.query), req.t('flow.deployed')),
  );
};

/** /api/blade-flow/manager: process definitions, their state, uploads and deployments. */
export const flowManagerRoutes: FastifyPluginAsyncTypebox<{ deployer: FlowDeployer }> = async (
  app,
  { deployer },
) => {
  app.get(
    '/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(FlowDefinitionSchema)) } },
      config: { menu: 'flow_manager' },
    },
    async (req) => ok(await deployer.list(req.actor, req.query), req.t('ok')),
  );
  registerListExport(app, {
    entity: FlowDefinitionSchema,
    list: (actor, query) => deployer.list(actor, query),
    read: { menu: 'flow_manager' },
    button: 'flow_manager_export',
    title: 'export.title.flow_manager',
  });

  app.post(
    '/change-state',
    {
      schema: { querystring: FlowStateInput, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'user', button: 'flow_manager_state' },
    },
    async (req) => {
      await deployer.changeState(req.actor, req.query.processId, req.query.state);
      return ok(true, req.t('updated'));
    },
  );

  app.post(
    '/delete-deployment',
    {
      schema: { querystring: FlowDeleteDeploymentInput, response: { 200: Envelope(Type.Boolean()) } },
      config: { access: 'user', button: 'flow_manager_remove' },
    },
    async (req) => {
      await deployer.removeDeployments(req.actor, req.query.deploymentIds, req.query.cascade ?? false);
      return ok(true, req.t('deleted'));
    },
  );

  // deploy-upload: multipart (category, tenantIds, one or more files), in this scope only.
  await app.register(multipart, {
    limits: {
      fileSize: FLOW_LIMITS.uploadBytes,
      files: FLOW_LIMITS.uploadFiles,
      fields: 4,
      parts: FLOW_LIMITS.uploadFiles + 4,
    },
  });
  app.post(
    '/deploy-upload',
    {
      schema: { response: { 200: Envelope(Type.Array(FlowDefinitionSchema)) } },
      config: { access: 'user', button: 'flow_deploy_upload' },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('flow.deploy.noFiles');
      const fields: Record<string, string> = {};
      const files: Array<{ name: string; xml: string }> = [];
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        const name = part.filename;
        let content: Buffer;
        try {
          content = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw badRequest('flow.deploy.badFile', { name, limit: String(FLOW_LIMITS.uploadBytes) });
          throw error;
        }
        if (!/\.(bpmn|xml)$/i.test(name))
          throw badRequest('flow.deploy.badFile', { name, limit: String(FLOW_LIMITS.uploadBytes) });
        files.push({ name, xml: content.toString('utf8') });
      }
      if (files.length === 0) throw badRequest('flow.deploy.noFiles');
      const category = fields.category?.trim() || null;
      const deployed = await deployer.deploy(req.actor, {
        name: files
          .map((f) => f.name)
          .join(', ')
          .slice(0, 255),
        category,
        tenantIds: fields.tenantIds,
        files,
      });
      return ok(deployed, req.t('flow.deployed'));
    },
  );
};
