import { createServer, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceCommand } from '@console/contract';
import type { DeviceService } from '../device/device.service.js';
import type { DeviceRecord } from '../machine/machine.repository.js';
import type { DeviceLink, DeviceReply } from './device-link.js';
import type { DeviceMessages } from './device-messages.js';
import { mayPublish, maySubscribe, parseTopic, topicOf } from './topics.js';

// The embedded broker (aedes, MQTT 3.1.1: decision 0042): `npm start` alone serves machines over
// MQTT on MQTT_PORT. A machine connects with its number as the user name and its device secret as
// the password; it may publish only to its own topics and subscribe only to its own command and
// reply topics (topics.ts). Each message it publishes is handled before the broker acknowledges it
// (QoS 1: a refund is stored before the machine hears PUBACK). Its connection marks it online, and
// the connection's end offline (unless it has another connection by then).

const machineKey = (device: { tenantId: string; machineNo: string }) =>
  `${device.tenantId}/${device.machineNo}`;

/** An aedes authentication refusal: CONNACK "bad user name or password". */
const badCredentials = (): AuthenticateError =>
  Object.assign(new Error('device authentication failed'), { returnCode: 4 });

export interface EmbeddedBrokerOptions {
  port: number;
  host: string;
  devices: Pick<DeviceService, 'authenticate' | 'connection'>;
  messages: DeviceMessages;
  log: FastifyBaseLogger;
}

export class EmbeddedBroker implements DeviceLink {
  readonly kind = 'embedded';
  #broker!: Aedes;
  #server!: Server;
  /** The machine each connection authenticated as. */
  readonly #deviceOf = new WeakMap<Client, DeviceRecord>();
  /** Each machine's open connections (a reconnect may overlap the old one's end). */
  readonly #clientsOf = new Map<string, Set<Client>>();

  private constructor(private readonly options: EmbeddedBrokerOptions) {}

  /** Starts the broker on the port; undefined (and an error logged) when the port is taken. */
  static async start(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker | undefined> {
    const self = new EmbeddedBroker(options);
    const broker = await Aedes.createBroker({
      authenticate: (client, username, password, done) =>
        void self.#authenticate(client, username, password, done),
      authorizePublish: (client, packet, done) =>
        void self.#publish(client, packet.topic, packet.payload, done),
      // Another machine's topic, or a wildcard: refused in the SUBACK (128), the connection kept.
      authorizeSubscribe: (client, subscription, done) => {
        const device = self.#deviceOf.get(client);
        done(null, device && maySubscribe(device, subscription.topic) ? subscription : null);
      },
    });
    self.#broker = broker;
    self.#server = createServer(broker.handle);
    // Registered (before CONNACK): from then on its connection can be ended and counts as online.
    broker.on('client', (client) => self.#connected(client));
    broker.on('clientDisconnect', (client) => self.#disconnected(client));
    const listening = await new Promise<boolean>((resolve) => {
      self.#server.once('error', (error: NodeJS.ErrnoException) => {
        options.log.error(
          { err: error, port: options.port },
          'the MQTT port is taken: machines can use the HTTP device API only (MQTT_PORT, 0 turns the embedded broker off)',
        );
        resolve(false);
      });
      self.#server.listen(options.port, options.host, () => resolve(true));
    });
    if (!listening) {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      return undefined;
    }
    return self;
  }

  /** The port it listens on (MQTT_PORT, or the one the system chose for 0 in tests). */
  get port(): number {
    const address = this.#server.address();
    return typeof address === 'object' && address ? address.port : this.options.port;
  }

  async #authenticate(
    client: Client,
    username: string | undefined,
    password: Buffer | undefined,
    done: (error: AuthenticateError | null, success: boolean | null) => void,
  ): Promise<void> {
    try {
      const device = await this.options.devices.authenticate(username?.trim(), password?.toString('utf8'));
      this.#deviceOf.set(client, device);
      done(null, true);
    } catch {
      done(badCredentials(), false);
    }
  }

  /** A publish: the server's own pass; a machine's, to its own topics only, is handled first. */
  async #publish(
    client: Client | null,
    topic: string,
    payload: Buffer | string,
    done: (error?: Error | null) => void,
  ): Promise<void> {
    if (client === null) return done(null);
    const device = this.#deviceOf.get(client);
    if (!device || !mayPublish(device, topic)) return done(new Error('not this machine’s topic'));
    const reply = await this.options.messages.handle(
      device,
      parseTopic(topic)!.kind,
      typeof payload === 'string' ? Buffer.from(payload) : payload,
    );
    if (reply) await this.reply(device.tenantId, device.machineNo, reply);
    done(null);
  }

  #connected(client: Client): void {
    const device = this.#deviceOf.get(client);
    if (!device) return;
    const key = machineKey(device);
    this.#clientsOf.set(key, (this.#clientsOf.get(key) ?? new Set()).add(client));
    this.#mark(device, true);
  }

  #disconnected(client: Client): void {
    const device = this.#deviceOf.get(client);
    if (!device) return;
    const key = machineKey(device);
    const clients = this.#clientsOf.get(key);
    clients?.delete(client);
    if (clients && clients.size > 0) return;
    this.#clientsOf.delete(key);
    this.#mark(device, false);
  }

  #mark(device: DeviceRecord, connected: boolean): void {
    this.options.devices
      .connection(device, connected)
      .catch((err: unknown) =>
        this.options.log.error(
          { err, machineNo: device.machineNo },
          'a machine’s connection could not be recorded',
        ),
      );
  }

  reply(tenantId: string, machineNo: string, reply: DeviceReply): Promise<void> {
    return this.#send(topicOf(tenantId, machineNo, 'reply'), reply);
  }

  command(tenantId: string, machineNo: string, command: DeviceCommand): Promise<void> {
    return this.#send(topicOf(tenantId, machineNo, 'command'), command);
  }

  #send(topic: string, message: unknown): Promise<void> {
    return new Promise((resolve, reject) =>
      this.#broker.publish(
        {
          cmd: 'publish',
          topic,
          payload: Buffer.from(JSON.stringify(message)),
          qos: 1,
          retain: false,
          dup: false,
        },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
  }

  async disconnect(tenantId: string, machineNo: string): Promise<void> {
    for (const client of this.#clientsOf.get(machineKey({ tenantId, machineNo })) ?? []) client.close();
  }

  async close(): Promise<void> {
    // The broker first: it ends the connections, which would hold the listener open.
    await new Promise<void>((resolve) => this.#broker.close(() => resolve()));
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
