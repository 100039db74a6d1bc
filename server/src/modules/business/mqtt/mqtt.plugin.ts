import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../core/config.js';
import { DeviceDirectory } from '../device/device-directory.js';
import type { DeviceService } from '../device/device.service.js';
import type { DeviceLink } from './device-link.js';
import { DeviceMessages } from './device-messages.js';
import { EmbeddedBroker } from './embedded-broker.js';
import { ExternalBroker } from './external-broker.js';
import { mqttHookRoutes } from './mqtt-hooks.routes.js';

/** The machines' MQTT settings (core/config.ts; absent in most tests: no broker). */
export type MqttSettings = Partial<
  Pick<Config, 'host' | 'mqttPort' | 'mqttUrl' | 'mqttShareGroup' | 'mqttHookToken'>
>;

/**
 * The machines' MQTT channel (issue 50): an external broker when MQTT_URL is set, else the embedded
 * one on MQTT_PORT (none when 0), closed with the app; and the external broker's hooks when
 * MQTT_HOOK_TOKEN is set. Answers the link, if there is one.
 */
export async function startMachineChannel(
  app: FastifyInstance,
  devices: DeviceService,
  settings: MqttSettings,
  prefix: string,
): Promise<DeviceLink | undefined> {
  const messages = new DeviceMessages(devices, app.log);
  if (settings.mqttHookToken)
    await app.register(mqttHookRoutes, {
      prefix,
      devices,
      token: settings.mqttHookToken,
      server: credentialsOf(settings.mqttUrl ?? null),
    });
  const link: DeviceLink | undefined = settings.mqttUrl
    ? await ExternalBroker.connect({
        url: settings.mqttUrl,
        shareGroup: settings.mqttShareGroup ?? 'zxgxg-console',
        devices: new DeviceDirectory(
          (tenantId, machineNo) => devices.deviceOf(tenantId, machineNo),
          app.events,
        ),
        messages,
        log: app.log,
      })
    : settings.mqttPort
      ? await EmbeddedBroker.start({
          port: settings.mqttPort,
          host: settings.host ?? '0.0.0.0',
          devices,
          messages,
          log: app.log,
        })
      : undefined;
  if (link) app.addHook('onClose', () => link.close());
  return link;
}

/** The user name and password of the server's own broker connection, if MQTT_URL carries them. */
function credentialsOf(url: string | null): { username: string; password: string } | null {
  if (!url) return null;
  const { username, password } = new URL(url);
  return username ? { username: decodeURIComponent(username), password: decodeURIComponent(password) } : null;
}
