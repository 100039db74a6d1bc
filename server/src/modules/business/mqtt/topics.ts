// The MQTT topics of the machines (docs/device-api.md, "MQTT"): `zxgxg/<tenantId>/<machineNo>/<kind>`.
// A machine publishes its own topics of the kinds below and subscribes to its own `command` and
// `reply`; nothing else. The rule is here once, for the embedded broker and for an external broker's
// authorization hook alike.

export const TOPIC_ROOT = 'zxgxg';

/** What a machine publishes. `status` carries `{"online": …}`: its birth, and its will. */
export const DEVICE_KINDS = ['heartbeat', 'refund', 'update', 'command-result', 'status'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** What the server publishes to a machine: commands, and replies to what it published. */
export const SERVER_KINDS = ['command', 'reply'] as const;
export type ServerKind = (typeof SERVER_KINDS)[number];

export interface MachineTopic {
  tenantId: string;
  machineNo: string;
  kind: string;
}

export const topicOf = (tenantId: string, machineNo: string, kind: DeviceKind | ServerKind) =>
  `${TOPIC_ROOT}/${tenantId}/${machineNo}/${kind}`;

/** A topic's parts, or undefined when it is not a machine's topic (wildcards are not topics). */
export function parseTopic(topic: string): MachineTopic | undefined {
  const levels = topic.split('/');
  if (levels.length !== 4 || levels[0] !== TOPIC_ROOT) return undefined;
  const [, tenantId, machineNo, kind] = levels as [string, string, string, string];
  if ([tenantId, machineNo, kind].some((level) => level === '' || level === '+' || level === '#'))
    return undefined;
  return { tenantId, machineNo, kind };
}

export const isDeviceKind = (kind: string): kind is DeviceKind =>
  (DEVICE_KINDS as readonly string[]).includes(kind);

const own = (machine: { tenantId: string; machineNo: string }, topic: MachineTopic | undefined) =>
  topic !== undefined && topic.tenantId === machine.tenantId && topic.machineNo === machine.machineNo;

/** Whether the machine may publish to the topic: its own, of a device kind. */
export function mayPublish(machine: { tenantId: string; machineNo: string }, topic: string): boolean {
  const parsed = parseTopic(topic);
  return own(machine, parsed) && isDeviceKind(parsed!.kind);
}

/** Whether the machine may subscribe to the filter: its own command or reply topic, exactly. */
export function maySubscribe(machine: { tenantId: string; machineNo: string }, filter: string): boolean {
  const parsed = parseTopic(filter);
  return own(machine, parsed) && (SERVER_KINDS as readonly string[]).includes(parsed!.kind);
}
