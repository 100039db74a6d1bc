import type { DeviceCommand, R } from '@console/contract';

/** A reply to a machine: the envelope of the HTTP answer, the kind it answers, and the request's id. */
export type DeviceReply = R<unknown> & { kind: string; requestId?: string };

/**
 * The server's side of the machines' MQTT channel, whichever broker carries it: the embedded one
 * (embedded-broker.ts) or an external one (external-broker.ts). What the machines send comes in
 * through DeviceMessages; what the server says to a machine goes out here.
 */
export interface DeviceLink {
  /** Which broker: shown in the logs and the docs' checks. */
  readonly kind: 'embedded' | 'external';
  /** A command to the machine (its `command` topic, QoS 1): resolved once the broker has it. */
  command(tenantId: string, machineNo: string, command: DeviceCommand): Promise<void>;
  /** A reply to the machine (its `reply` topic). */
  reply(tenantId: string, machineNo: string, reply: DeviceReply): Promise<void>;
  /**
   * Ends the machine's connection (its secret was rotated): the embedded broker closes it; an
   * external broker refuses its next connection (the authentication hook), and says so in the log.
   */
  disconnect(tenantId: string, machineNo: string): Promise<void>;
  close(): Promise<void>;
}
