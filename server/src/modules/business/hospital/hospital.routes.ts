import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HospitalInputSchema, HospitalSchema } from '@console/contract/schema';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import type { HospitalService } from './hospital.service.js';

/** /api/zxgxg-api/hospital (spec §7, "Business"): the tenant's hospitals. */
export const hospitalRoutes: FastifyPluginAsyncTypebox<{ hospitals: HospitalService }> = async (
  app,
  { hospitals },
) => {
  registerCrudRoutes(app, {
    entity: HospitalSchema,
    input: HospitalInputSchema,
    service: hospitals,
    access: {
      submit: { access: 'user', button: { create: 'hospital_add', update: 'hospital_edit' } },
      remove: { access: 'user', button: 'hospital_delete' },
    },
  });
};
