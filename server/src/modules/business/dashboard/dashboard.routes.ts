import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DashboardSchema, FleetHospitalSchema } from '@console/contract/schema';
import { Type } from 'typebox';
import { ok } from '../../../core/envelope.js';
import { Envelope } from '../../../core/schema.js';
import type { DashboardService } from './dashboard.service.js';

/** /api/zxgxg-api/dashboard: the home page's numbers for the signed-in user. */
export const dashboardRoutes: FastifyPluginAsyncTypebox<{ dashboards: DashboardService }> = async (
  app,
  { dashboards },
) => {
  app.get(
    '/',
    {
      schema: { response: { 200: Envelope(DashboardSchema) } },
      config: { menu: ['machine', 'slot', 'refund', 'apk', 'hospital'] },
    },
    async (req) => ok(await dashboards.dashboard(req.actor), req.t('ok')),
  );
};

/** /api/zxgxg-api/fleet (issue 50): 设备总览, the fleet per hospital for the signed-in user. */
export const fleetRoutes: FastifyPluginAsyncTypebox<{ dashboards: DashboardService }> = async (
  app,
  { dashboards },
) => {
  app.get(
    '/overview',
    {
      schema: { response: { 200: Envelope(Type.Array(FleetHospitalSchema)) } },
      config: { menu: ['fleet', 'machine'] },
    },
    async (req) => ok(await dashboards.fleetOverview(req.actor), req.t('ok')),
  );
};
