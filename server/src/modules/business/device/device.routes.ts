import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  UpdateProgressInputSchema,
  CommandResultInputSchema,
  HeartbeatAnswerSchema,
  MachineCommandSchema,
  HeartbeatInputSchema,
  RefundRequestInputSchema,
  RefundReviewSchema,
} from '@console/contract/schema';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../../core/envelope.js';
import { Envelope } from '../../../core/schema.js';
import type { DeviceRecord } from '../machine/machine.repository.js';
import type { DeviceService } from './device.service.js';

const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
};

/**
 * /api/zxgxg-api/device (docs/device-api.md): what machines call. No console client or user token:
 * each call carries `Machine-No` and `Machine-Secret` headers, checked against the stored hash.
 */
export const deviceRoutes: FastifyPluginAsyncTypebox<{ devices: DeviceService }> = async (
  app,
  { devices },
) => {
  // The machine is recognised before its body is read: a wrong secret is a 401 whatever it sent.
  const known = new WeakMap<FastifyRequest, DeviceRecord>();
  app.addHook('onRequest', async (req) => {
    known.set(req, await devices.authenticate(header(req, 'machine-no'), header(req, 'machine-secret')));
  });
  const device = (req: FastifyRequest) => known.get(req)!;

  app.post(
    '/heartbeat',
    {
      schema: { body: HeartbeatInputSchema, response: { 200: Envelope(HeartbeatAnswerSchema) } },
      // Not an API log row (decision 0043): the machine's record says when it was last heard.
      config: { access: 'open', apiLog: false },
    },
    async (req) => ok(await devices.heartbeat(device(req), req.body ?? {}), req.t('ok')),
  );

  app.post(
    '/refund-request',
    {
      schema: { body: RefundRequestInputSchema, response: { 200: Envelope(RefundReviewSchema) } },
      config: { access: 'open' },
    },
    async (req) => ok(await devices.refundRequest(device(req), req.body), req.t('created')),
  );

  app.post(
    '/command-result',
    {
      schema: { body: CommandResultInputSchema, response: { 200: Envelope(MachineCommandSchema) } },
      config: { access: 'open' },
    },
    async (req) => ok(await devices.commandResult(device(req), req.body), req.t('ok')),
  );

  app.post(
    '/update-progress',
    {
      schema: {
        body: UpdateProgressInputSchema,
        response: { 200: Envelope(Type.Object({ recorded: Type.Boolean() })) },
      },
      config: { access: 'open' },
    },
    async (req) => ok(await devices.updateProgress(device(req), req.body), req.t('ok')),
  );
};
