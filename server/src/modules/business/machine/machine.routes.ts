import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  BindWxQuery,
  IdQuery,
  MachineInputSchema,
  MachineRepairFormSchema,
  MachineRepairInputSchema,
  MachineRepairStartedSchema,
  MachineSchema,
} from '@console/contract/schema';
import { registerCrudRoutes } from '../../../core/crud-routes.js';
import { ok } from '../../../core/envelope.js';
import { badRequest } from '../../../core/errors.js';
import type { Language } from '../../../core/i18n.js';
import { registerImportRoutes } from '../../../core/workbook/sheet-import-routes.js';
import { Envelope } from '../../../core/schema.js';
import type { Store } from '../../../core/repository/store.js';
import { dictLabels } from '../../../core/workbook/dict-labels.repository.js';
import { importColumns } from '../../../core/workbook/sheet-columns.js';
import { machineColumns } from './machine.sheet.js';
import type { MachineRepairs } from './machine-repair.js';
import type { MachineService } from './machine.service.js';

/** /api/zxgxg-api/machine (spec §7, "Business"): the tenant's machines, grant-scoped for operators. */
export const machineRoutes: FastifyPluginAsyncTypebox<{
  machines: MachineService;
  store: Store;
  /** 报修 (issue 51): none when the server runs without the workflow. */
  repairs?: MachineRepairs | undefined;
}> = async (app, { machines, store, repairs }) => {
  registerCrudRoutes(app, {
    entity: MachineSchema,
    input: MachineInputSchema,
    service: machines,
    // 导出: the page's visible columns of its search (decision 0045), scoped as the list (grants).
    export: {
      button: 'machine_export',
      dicts: { model: 'machine_model', runStatus: 'machine_run_status' },
      names: { hospitalId: 'hospitalName' },
      title: 'sheet.machines',
    },
    access: {
      read: { menu: ['machine', 'slot'] },
      submit: { access: 'user', button: { create: 'machine_add', update: 'machine_edit' } },
      remove: { access: 'user', button: 'machine_delete' },
    },
  });

  app.post(
    '/bindWxAccount',
    {
      schema: { querystring: BindWxQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { button: 'machine_bind' },
    },
    async (req) => {
      const done = await machines.bindWx(req.actor, req.query.id, req.query.wxOpenId, req.query.wxNickname);
      return ok(true, req.t(done === 'bound' ? 'machine.bound' : 'machine.unbound'));
    },
  );

  // Unbinding changes the machine, so it asks for the machine's edit button (machine_edit), like
  // any other change to it; binding a new account keeps its own button (machine_bind).
  app.post(
    '/unbindWxAccount',
    {
      schema: { querystring: IdQuery, response: { 200: Envelope(Type.Boolean()) } },
      config: { button: 'machine_edit' },
    },
    async (req) => {
      await machines.unbindWx(req.actor, req.query.id);
      return ok(true, req.t('machine.unbound'));
    },
  );

  app.post(
    '/rotate-secret',
    {
      schema: { querystring: IdQuery, response: { 200: Envelope(MachineSchema) } },
      config: { button: 'machine_edit' },
    },
    async (req) => ok(await machines.rotateSecret(req.actor, req.query.id), req.t('ok')),
  );

  // 报修 (issue 51, machine-repair.ts): what the dialog starts from, and the repair order it starts.
  app.get(
    '/repair-form',
    {
      schema: { querystring: IdQuery, response: { 200: Envelope(MachineRepairFormSchema) } },
      config: { button: 'machine_repair' },
    },
    async (req) => {
      if (!repairs) throw badRequest('machine.repair.noProcess');
      return ok(await repairs.form(req.actor, req.query.id), req.t('ok'));
    },
  );
  app.post(
    '/repair',
    {
      schema: { body: MachineRepairInputSchema, response: { 200: Envelope(MachineRepairStartedSchema) } },
      config: { button: 'machine_repair' },
    },
    async (req) => {
      if (!repairs) throw badRequest('machine.repair.noProcess');
      return ok(await repairs.report(req.actor, req.body), req.t('machine.repair.started'));
    },
  );

  const columns = async (language: Language) =>
    machineColumns({ models: await dictLabels(store, 'machine_model', language) });
  await registerImportRoutes(app, {
    importer: machines.importer(async (language) => importColumns(await columns(language))),
    title: 'sheet.machines',
    add: 'machine_add',
    edit: 'machine_edit',
  });
};
