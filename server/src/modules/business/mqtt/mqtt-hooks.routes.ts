import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '../../../core/errors.js';
import type { DeviceService } from '../device/device.service.js';
import { mayPublish, maySubscribe } from './topics.js';

// The hooks an external broker calls to let machines in (docs/device-api.md, "An external broker"),
// in the shape of EMQX's HTTP authentication and authorization: POST a JSON body, answer
// `{"result": "allow" | "deny"}` (and `is_superuser` for authentication). They exist only when
// MQTT_HOOK_TOKEN is set, and answer only a request carrying it (`Authorization: Bearer <token>`):
// anyone else could try secrets through them. The server's own connection (MQTT_URL's user and
// password) is the broker's superuser; a machine is its number and device secret, and may use its
// own topics only (topics.ts).

const text = (max: number) => Type.String({ maxLength: max });

export interface MqttHookOptions {
  devices: Pick<DeviceService, 'authenticate' | 'tenantOf'>;
  token: string;
  /** The server's own MQTT user name and password (from MQTT_URL), if it has them. */
  server: { username: string; password: string } | null;
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export const mqttHookRoutes: FastifyPluginAsyncTypebox<MqttHookOptions> = async (app, options) => {
  const { devices, token, server } = options;
  const fromBroker = (req: FastifyRequest) => {
    if (!same(req.headers.authorization ?? '', `Bearer ${token}`))
      throw new ApiError(401, 'device.unauthorized');
  };
  const config = { access: 'open' } as const;

  app.post(
    '/auth',
    {
      schema: {
        body: Type.Object({ username: text(128), password: text(256), clientid: Type.Optional(text(256)) }),
      },
      config,
    },
    async (req) => {
      fromBroker(req);
      const { username, password } = req.body;
      if (server && same(username, server.username) && same(password, server.password))
        return { result: 'allow', is_superuser: true };
      try {
        await devices.authenticate(username, password);
        return { result: 'allow', is_superuser: false };
      } catch {
        return { result: 'deny', is_superuser: false };
      }
    },
  );

  app.post(
    '/acl',
    {
      schema: {
        body: Type.Object({
          username: text(128),
          topic: text(512),
          action: Type.Union([Type.Literal('publish'), Type.Literal('subscribe')]),
        }),
      },
      config,
    },
    async (req) => {
      fromBroker(req);
      const { username, topic, action } = req.body;
      const tenantId = await devices.tenantOf(username);
      if (tenantId === undefined) return { result: 'deny' };
      const machine = { tenantId, machineNo: username };
      const allowed = action === 'publish' ? mayPublish(machine, topic) : maySubscribe(machine, topic);
      return { result: allowed ? 'allow' : 'deny' };
    },
  );
};
