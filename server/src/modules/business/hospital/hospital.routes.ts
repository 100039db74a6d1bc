import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Hospital } from '@console/contract';
import type { Language } from '../../../core/i18n.js';
import { registerImportRoutes } from '../../../core/workbook/sheet-import-routes.js';
import { importColumns } from '../sheets/sheet.js';
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

  const columns = async (language: Language) =>
    hospitalColumns(await dictLabels(store, 'hospital_level', language));
  await registerSheetRoutes<Hospital>(app, {
    menu: 'hospital',
    title: 'sheet.hospitals',
    columns,
    exportRows: (actor, query) => hospitals.exportRows(actor, query),
  });
  await registerImportRoutes(app, {
    importer: hospitals.importer(async (language) => importColumns(await columns(language))),
    title: 'sheet.hospitals',
    add: 'hospital_add',
    edit: 'hospital_edit',
  });
};
