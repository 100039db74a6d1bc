import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdString, LeaveDetailSchema, LeaveInputSchema, LeaveSchema } from '@console/contract/schema';
import { Type } from 'typebox';
import { ok } from '../../../core/envelope.js';
import { Envelope } from '../../../core/schema.js';
import type { LeaveService } from './leave.service.js';

/** /api/blade-desk/process/leave (spec §7, "Leave"). */
export const leaveRoutes: FastifyPluginAsyncTypebox<{ leaves: LeaveService }> = async (app, { leaves }) => {
  app.post(
    '/start-process',
    {
      schema: { body: LeaveInputSchema, response: { 200: Envelope(LeaveSchema) } },
      config: { access: 'user', button: 'work_start_flow' },
    },
    async (req) => ok(await leaves.start(req.actor, req.body), req.t('flow.started')),
  );
  app.get(
    '/detail',
    {
      schema: {
        querystring: Type.Object({ businessId: IdString }),
        response: { 200: Envelope(LeaveDetailSchema) },
      },
      config: { menu: 'flow_follow', ownWithoutMenu: true },
    },
    async (req) => ok(await leaves.detail(req.actor, req.query.businessId, req.ownOnly), req.t('ok')),
  );
};
