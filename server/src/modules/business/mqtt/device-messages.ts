import {
  CommandResultInputSchema,
  HeartbeatInputSchema,
  RefundRequestInputSchema,
  UpdateProgressInputSchema,
} from '@console/contract/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { failure, ok } from '../../../core/envelope.js';
import { ApiError } from '../../../core/errors.js';
import { translate } from '../../../core/i18n.js';
import type { DeviceService } from '../device/device.service.js';
import type { DeviceRecord } from '../machine/machine.repository.js';
import type { DeviceReply } from './device-link.js';
import type { DeviceKind } from './topics.js';

// What a machine's MQTT message means (docs/device-api.md, "MQTT"): the same as its HTTP call, done
// by the same DeviceService. A message may carry `requestId` (a string of at most 64), echoed in
// the reply. The reply (to the machine's `reply` topic) is the HTTP answer's envelope with the kind
// it answers: a refund's always, a heartbeat's only when it offers an update, a command result's
// only when it is refused, and a refusal's always (the device's error topic: code 400, 404 or 409
// with the reason). Replies are in Chinese, as the
// device API's are.

const SCHEMAS: Partial<Record<DeviceKind, TSchema>> = {
  heartbeat: HeartbeatInputSchema,
  refund: RefundRequestInputSchema,
  'command-result': CommandResultInputSchema,
  update: UpdateProgressInputSchema,
};

/** The status a machine publishes when it connects, and as its will. */
const isStatus = (value: unknown): value is { online: boolean } =>
  typeof value === 'object' && value !== null && typeof (value as { online?: unknown }).online === 'boolean';

export class DeviceMessages {
  constructor(
    private readonly devices: Pick<
      DeviceService,
      'heartbeat' | 'refundRequest' | 'connection' | 'commandResult' | 'updateProgress'
    >,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Handles one message of the machine; answers the reply to send it, if any. */
  async handle(device: DeviceRecord, kind: string, payload: Buffer): Promise<DeviceReply | undefined> {
    let body: unknown;
    try {
      body = payload.length === 0 ? {} : JSON.parse(payload.toString('utf8'));
    } catch {
      return this.#refused(kind, undefined, translate('zh', 'device.mqtt.json'));
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return this.#refused(kind, undefined, translate('zh', 'device.mqtt.json'));
    const { requestId: rawId, ...input } = body as Record<string, unknown>;
    const requestId = typeof rawId === 'string' && rawId.length <= 64 ? rawId : undefined;
    try {
      switch (kind) {
        case 'heartbeat': {
          // Waiting commands went out on the command topic when they were made: only an update
          // offer is news here.
          const answer = await this.devices.heartbeat(device, this.#checked('heartbeat', input));
          return answer.update ? this.#ok(kind, requestId, answer, 'ok') : undefined;
        }
        case 'command-result':
          await this.devices.commandResult(device, this.#checked('command-result', input));
          return undefined;
        case 'update':
          // Progress on a version no staged update offered is not news: nothing to say back.
          await this.devices.updateProgress(device, this.#checked('update', input));
          return undefined;
        case 'refund':
          return this.#ok(
            kind,
            requestId,
            await this.devices.refundRequest(device, this.#checked('refund', input)),
            'created',
          );
        case 'status':
          if (!isStatus(input)) return this.#refused(kind, requestId, translate('zh', 'device.mqtt.status'));
          await this.devices.connection(device, input.online);
          return undefined;
        default:
          return this.#refused(kind, requestId, translate('zh', 'device.mqtt.kind', { kind }));
      }
    } catch (error) {
      if (error instanceof ApiError)
        return this.#refused(kind, requestId, translate('zh', error.messageKey, error.params), error.code);
      // The database away, or a fault: the machine is told to try again; the log has the cause.
      this.log.error({ err: error, machineNo: device.machineNo, kind }, 'a machine’s MQTT message failed');
      return {
        ...failure(500, translate('zh', 'error.internal')),
        kind,
        ...(requestId ? { requestId } : {}),
      };
    }
  }

  /** The input, if it fits the kind's schema; else a 400 naming the first misfit. */
  #checked<T>(kind: DeviceKind, input: Record<string, unknown>): T {
    const schema = SCHEMAS[kind]!;
    if (Value.Check(schema, input)) return input as T;
    const [first] = Value.Errors(schema, input);
    const path = (first as { instancePath?: string } | undefined)?.instancePath || '/';
    throw new ApiError(400, 'device.mqtt.invalid', { reason: `${path} ${first?.message ?? ''}`.trim() });
  }

  #ok(kind: string, requestId: string | undefined, data: unknown, msg: 'ok' | 'created'): DeviceReply {
    return { ...ok(data, translate('zh', msg)), kind, ...(requestId ? { requestId } : {}) };
  }

  #refused(kind: string, requestId: string | undefined, msg: string, code = 400): DeviceReply {
    return { ...failure(code, msg), kind, ...(requestId ? { requestId } : {}) };
  }
}
