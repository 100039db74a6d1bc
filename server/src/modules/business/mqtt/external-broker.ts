import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { connectAsync, type IPublishPacket, type MqttClient } from 'mqtt';
import type { DeviceCommand } from '@console/contract';
import type { DeviceDirectory } from '../device/device-directory.js';
import type { DeviceLink, DeviceReply } from './device-link.js';
import type { DeviceMessages } from './device-messages.js';
import { isDeviceKind, parseTopic, topicOf, TOPIC_ROOT } from './topics.js';

// An external MQTT 5 broker (MQTT_URL: EMQX, Mosquitto, any with shared subscriptions), for several
// server processes: each subscribes to the machines' topics through one shared subscription
// (`$share/<MQTT_SHARE_GROUP>/zxgxg/+/+/+`), so the broker hands each message to one of them. The
// broker checks the machines' credentials and topics (for EMQX, through the server's hooks:
// mqtt-hooks.routes.ts); the server takes the machine from the topic, and its tenant from the
// number's holder. A message is handled before it is acknowledged (QoS 1). mqtt.js hands a
// connection's messages over one at a time, so each process opens CONSUMERS connections in the
// group: that many messages are handled at once (messages of one machine may be handled out of
// order, as they may across processes). A machine's online and offline come from its `status`
// messages: `{"online": true}` when it connects, and `{"online": false}` as its will.

/** Connections per process in the shared subscription: messages handled at once. */
export const CONSUMERS = 4;

export interface ExternalBrokerOptions {
  url: string;
  shareGroup: string;
  /** The machines by number: the process's directory of them (device/device-directory.ts). */
  devices: Pick<DeviceDirectory, 'deviceOf'>;
  messages: DeviceMessages;
  log: FastifyBaseLogger;
}

export class ExternalBroker implements DeviceLink {
  readonly kind = 'external';

  private constructor(
    /** The first sends the commands and replies; all of them receive. */
    private readonly clients: readonly MqttClient[],
    private readonly options: ExternalBrokerOptions,
  ) {}

  static async connect(options: ExternalBrokerOptions): Promise<ExternalBroker> {
    const clients: MqttClient[] = [];
    const self = new ExternalBroker(clients, options);
    try {
      for (let i = 0; i < CONSUMERS; i++) clients.push(await self.#consumer());
    } catch (err) {
      await Promise.all(clients.map((client) => client.endAsync()));
      throw err;
    }
    return self;
  }

  /** One connection in the shared subscription, handling its messages before acknowledging them. */
  async #consumer(): Promise<MqttClient> {
    const { options } = this;
    const client = await connectAsync(options.url, {
      protocolVersion: 5,
      // Unique per connection: a broker drops the older of two connections with one client id (and
      // containers may share a host name and pid 1).
      clientId: `console-${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`,
      clean: true,
      reconnectPeriod: 2_000,
      connectTimeout: 10_000,
    });
    // Acknowledged once handled (mqtt.js calls this one message at a time).
    client.handleMessage = (packet, done) =>
      void this.#handle(packet).then(
        () => done(),
        (err: unknown) => {
          options.log.error({ err, topic: packet.topic }, 'an MQTT message could not be handled');
          done();
        },
      );
    client.on('error', (err) => options.log.error({ err }, 'the MQTT broker connection failed'));
    // A clean session forgets the subscription: made again at every connection.
    const subscribe = () =>
      client.subscribeAsync(`$share/${options.shareGroup}/${TOPIC_ROOT}/+/+/+`, { qos: 1 });
    client.on(
      'connect',
      () =>
        void subscribe().catch((err: unknown) => options.log.error({ err }, 'the MQTT subscription failed')),
    );
    await subscribe();
    return client;
  }

  async #handle(packet: IPublishPacket): Promise<void> {
    const topic = parseTopic(packet.topic);
    // The server's own commands and replies come back through the same filter: not a machine's.
    if (!topic || !isDeviceKind(topic.kind)) return;
    const device = await this.options.devices.deviceOf(topic.tenantId, topic.machineNo);
    if (!device) {
      this.options.log.warn({ topic: packet.topic }, 'an MQTT message of an unknown machine');
      return;
    }
    const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
    const reply = await this.options.messages.handle(device, topic.kind, payload);
    if (reply) await this.reply(device.tenantId, device.machineNo, reply);
  }

  /**
   * Queued, not awaited: mqtt.js reads no packet (the broker's PUBACK of this reply among them)
   * until the message being handled is done, so waiting here would wait for ever.
   */
  async reply(tenantId: string, machineNo: string, reply: DeviceReply): Promise<void> {
    this.clients[0]!.publish(
      topicOf(tenantId, machineNo, 'reply'),
      JSON.stringify(reply),
      { qos: 1 },
      (err) => {
        if (err) this.options.log.error({ err, machineNo }, 'a reply to a machine could not be sent');
      },
    );
  }

  /** Issued by a console call, not inside a message's handling: the broker's PUBACK is awaited. */
  async command(tenantId: string, machineNo: string, command: DeviceCommand): Promise<void> {
    await this.clients[0]!.publishAsync(topicOf(tenantId, machineNo, 'command'), JSON.stringify(command), {
      qos: 1,
    });
  }

  async disconnect(_tenantId: string, machineNo: string): Promise<void> {
    // The broker holds the connection; the next one is refused by the authentication hook.
    this.options.log.warn(
      { machineNo },
      'a machine’s secret was rotated: the external broker keeps its connection until it reconnects',
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.endAsync()));
  }
}
