import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CancelGrantInputSchema,
  GrantMachineInputSchema,
  GrantResultSchema,
  GrantSlotInputSchema,
  GrantTreeMachineSchema,
  SlotSchema,
  SlotStatusInputSchema,
} from '@console/contract/schema';
import { ok } from '../../../core/envelope.js';
import { Envelope, ListQuerySchema, PageOf } from '../../../core/schema.js';
import { registerListExport } from '../../../core/workbook/list-export.js';
import type { SlotService } from './slot.service.js';

/** /api/zxgxg-api/slot (spec §7, "Business"): slots, their states and who may operate them. */
export const slotRoutes: FastifyPluginAsyncTypebox<{ slots: SlotService }> = async (app, { slots }) => {
  app.get(
    '/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(SlotSchema)) } },
      config: { menu: 'slot' },
    },
    async (req) => ok(await slots.list(req.actor, req.query), req.t('ok')),
  );
  // 导出 of the slot page: one machine's slots (the page's machineNo, that machine only, not every
  // number containing it), in the state searched for, by number. The page's 持有人 column is not a
  // field of a slot (it is the grant tree's): the page leaves it out of the export.
  registerListExport(app, {
    entity: SlotSchema,
    list: (actor, { machineNo, ...query }) =>
      slots.list(actor, {
        ...query,
        ...(machineNo === undefined ? {} : { machineNo_equal: machineNo }),
        ...(query.ascs === undefined && query.descs === undefined ? { ascs: 'slotNo' } : {}),
      }),
    read: { menu: 'slot' },
    button: 'slot_export',
    dicts: { status: 'slot_status' },
    title: 'export.title.slot',
  });

  app.get(
    '/grant-tree',
    {
      schema: {
        querystring: Type.Object({
          machineNo: Type.String({
            minLength: 1,
            maxLength: 64,
            'x-label': 'slot.machineNos',
            'x-required': 'slot.machineNo.required',
          }),
        }),
        response: { 200: Envelope(Type.Array(GrantTreeMachineSchema)) },
      },
      config: { menu: 'slot' },
    },
    async (req) =>
      ok(
        await slots.grantTree(req.actor, req.query.machineNo, (slotNo) => req.t('slot.title', { slotNo })),
        req.t('ok'),
      ),
  );

  app.post(
    '/status',
    {
      schema: { body: SlotStatusInputSchema, response: { 200: Envelope(Type.Boolean()) } },
      config: { button: 'slot_edit' },
    },
    async (req) => {
      await slots.setStatus(req.actor, req.body);
      return ok(true, req.t('updated'));
    },
  );

  const granted = { 200: Envelope(GrantResultSchema) };
  app.post(
    '/grant/machine',
    { schema: { body: GrantMachineInputSchema, response: granted }, config: { button: 'slot_grant' } },
    async (req) => ok(await slots.grantMachines(req.actor, req.body), req.t('succeeded')),
  );
  app.post(
    '/grant/slot',
    { schema: { body: GrantSlotInputSchema, response: granted }, config: { button: 'slot_grant' } },
    async (req) => ok(await slots.grantSlots(req.actor, req.body), req.t('succeeded')),
  );
  app.post(
    '/cancel/grant',
    { schema: { body: CancelGrantInputSchema, response: granted }, config: { button: 'slot_cancel' } },
    async (req) => ok(await slots.cancel(req.actor, req.body), req.t('succeeded')),
  );
};
