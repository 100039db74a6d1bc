import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Language } from '../../../core/i18n.js';
import { registerImportRoutes } from '../../../core/workbook/sheet-import-routes.js';
import { importColumns } from '../../../core/workbook/sheet-columns.js';
import { HospitalInputSchema, HospitalSchema } from '@console/contract/schema';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import type { Store } from '../../../core/repository/store.js';
import { dictLabels } from '../../../core/workbook/dict-labels.repository.js';
import { hospitalColumns } from './hospital.sheet.js';
import type { HospitalService } from './hospital.service.js';

/** A hospital's region as the page shows it: province / city / district, those it has. */
const regionNames = (row: Record<string, unknown>) =>
  [row.provinceName, row.cityName, row.districtName].filter(Boolean).join(' / ') || null;

/** /api/zxgxg-api/hospital (spec §7, "Business"): the tenant's hospitals, their export and import. */
export const hospitalRoutes: FastifyPluginAsyncTypebox<{ hospitals: HospitalService; store: Store }> = async (
  app,
  { hospitals, store },
) => {
  registerCrudRoutes(app, {
    entity: HospitalSchema,
    input: HospitalInputSchema,
    service: hospitals,
    // 导出: the page's visible columns of its search (decision 0045), the level as its label.
    export: {
      button: 'hospital_export',
      dicts: { level: 'hospital_level' },
      // The page's 维修人员 column shows the maintainer's name.
      names: { maintainerId: 'maintainerName' },
      // The page's 所在地区 column shows the region's names, not its code.
      values: { regionCode: (_code, row) => regionNames(row) },
      title: 'sheet.hospitals',
    },
    access: {
      read: { menu: ['hospital', 'machine'] },
      submit: { access: 'user', button: { create: 'hospital_add', update: 'hospital_edit' } },
      remove: { access: 'user', button: 'hospital_delete' },
    },
  });

  const columns = async (language: Language) =>
    hospitalColumns(await dictLabels(store, 'hospital_level', language));
  await registerImportRoutes(app, {
    importer: hospitals.importer(async (language) => importColumns(await columns(language))),
    title: 'sheet.hospitals',
    add: 'hospital_add',
    edit: 'hospital_edit',
  });
};
