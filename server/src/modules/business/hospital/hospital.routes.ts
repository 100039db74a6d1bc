import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Hospital, HospitalInput } from '@console/contract';
import { HospitalInputSchema, HospitalSchema } from '@console/contract/schema';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import type { Store } from '../../../core/repository/store.js';
import { dictLabels } from '../sheets/dict-labels.repository.js';
import { registerSheetRoutes } from '../sheets/sheet-routes.js';
import { hospitalColumns } from './hospital.sheet.js';
import type { HospitalService } from './hospital.service.js';

/** /api/zxgxg-api/hospital (spec §7, "Business"): the tenant's hospitals, and their sheets. */
export const hospitalRoutes: FastifyPluginAsyncTypebox<{ hospitals: HospitalService; store: Store }> = async (
  app,
  { hospitals, store },
) => {
  registerCrudRoutes(app, {
    entity: HospitalSchema,
    input: HospitalInputSchema,
    service: hospitals,
    access: {
      read: { menu: ['hospital', 'machine'] },
      submit: { access: 'user', button: { create: 'hospital_add', update: 'hospital_edit' } },
      remove: { access: 'user', button: 'hospital_delete' },
    },
  });

  await registerSheetRoutes<Hospital>(app, {
    menu: 'hospital',
    title: 'sheet.hospitals',
    columns: async (language) => hospitalColumns(await dictLabels(store, 'hospital_level', language)),
    exportRows: (actor, query) => hospitals.exportRows(actor, query),
    import: {
      schema: HospitalInputSchema,
      button: 'hospital_add',
      store: (actor, rows, language) =>
        hospitals.importRows(actor, rows as Array<{ row: number; input: HospitalInput }>, language),
    },
  });
};
