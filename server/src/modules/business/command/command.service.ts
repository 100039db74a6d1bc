import type {
  CommandResultInput,
  DeviceCommand,
  MachineCommand,
  MachineCommandInput,
  Page,
} from '@console/contract';
import { COMMAND_TIMEOUT_SECONDS, MACHINE_ONLINE } from '@console/contract/business';
import { ApiError, badRequest, notFound } from '../../../core/errors.js';
import type { EventHub } from '../../../core/events/event-hub.js';
import { parseListQuery } from '../../../core/list-query.js';
import type { Actor } from '../../../core/repository/store.js';
import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import { UserRepository } from '../../user/user.repository.js';
import type { RecordBusinessEvent } from '../business-events.js';
import { MachineRepository, type DeviceRecord } from '../machine/machine.repository.js';
import type { DeviceLink } from '../mqtt/device-link.js';
import { SlotRepository } from '../slot/slot.repository.js';
import { CommandRepository, commandTable } from './command.repository.js';

// Commands to machines (issue 50): 远程开格 (open a slot), 重启, 检查更新, 重新加载配置, from the machine
// page. A command is checked (the machine is the caller's to see and online; a slot to open is one
// they may see), stored as created, and handed to the machine: over MQTT at once when the server has
// a broker, and in any case in the answer to its next heartbeat (an HTTP machine's way) while it
// waits. The machine says acknowledged, then succeeded or failed (with its reason), over MQTT or
// HTTP; the same command id counts once. Each command and its end go to the usual log; the tenant's
// open consoles are told to read the commands again.

type Command = Omit<MachineCommand, 'createUserName'>;

export class CommandService {
  constructor(
    private readonly stores: TenantStores,
    private readonly offlineSeconds: number,
    private readonly record: RecordBusinessEvent,
    private readonly events: Pick<EventHub, 'changed'>,
    /** The MQTT channel, once started (none: HTTP machines only). */
    private readonly link: () => DeviceLink | undefined,
  ) {}

  async #commands(actor: Actor | string) {
    return new CommandRepository(await this.stores.storeFor(actor));
  }

  /**
   * POST machine/command: the command, sent. The same requestId again answers the command it made
   * (nothing is sent twice); for another machine or kind, 400.
   */
  async issue(actor: Actor, input: MachineCommandInput): Promise<MachineCommand> {
    const store = await this.stores.storeFor(actor);
    const commands = new CommandRepository(store);
    const earlier = await commands.byRequestId(actor.tenantId, input.requestId);
    if (earlier) return this.#again(actor, earlier, input);

    const machine = await new MachineRepository(store, this.offlineSeconds).findById(actor, input.machineId);
    if (!machine) throw notFound();
    if (machine.onlineStatus !== MACHINE_ONLINE.ONLINE)
      throw badRequest('command.offline', { machineNo: machine.machineNo });
    const params = await this.#params(actor, store, input, machine.id, machine.slotCount);
    const id = await commands.insert(actor, {
      machineId: machine.id,
      machineNo: machine.machineNo,
      kind: input.kind,
      params,
      requestId: input.requestId,
      timeoutTime: new Date(Date.now() + COMMAND_TIMEOUT_SECONDS[input.kind] * 1000),
    });
    // Asked twice at once: the other request stored it.
    if (id === undefined)
      return this.#again(actor, (await commands.byRequestId(actor.tenantId, input.requestId))!, input);
    this.record(actor, {
      logId: 'machine-command',
      message: {
        key: 'command.log.issued',
        args: { machineNo: machine.machineNo, kind: input.kind, params: JSON.stringify(params) },
      },
      params: { id, machineId: machine.id, kind: input.kind, params },
    });
    const command = (await commands.findById(actor, id))!;
    await this.#send(command);
    await this.events.changed(actor.tenantId, 'command');
    return this.#named(actor, (await commands.findById(actor, id))!);
  }

  /** The command a requestId made, if it is this one (same machine and kind) and the caller's to see. */
  async #again(actor: Actor, earlier: Command, input: MachineCommandInput): Promise<MachineCommand> {
    if (earlier.machineId !== input.machineId || earlier.kind !== input.kind)
      throw badRequest('command.requestId.reused', { requestId: input.requestId });
    const visible = await (await this.#commands(actor)).findById(actor, earlier.id);
    if (!visible) throw notFound();
    return this.#named(actor, visible);
  }

  /** The kind's parameters: open-slot's slot, one the caller may see; none for the others. */
  async #params(
    actor: Actor,
    store: Awaited<ReturnType<TenantStores['storeFor']>>,
    input: MachineCommandInput,
    machineId: string,
    slotCount: number,
  ): Promise<Record<string, unknown>> {
    const slotNo = input.params?.slotNo;
    if (input.kind !== 'open-slot') {
      if (slotNo !== undefined) throw badRequest('command.params.none', { kind: input.kind });
      return {};
    }
    if (slotNo === undefined || slotNo > slotCount) throw badRequest('command.slotNo', { max: slotCount });
    const slots = await new SlotRepository(store).ofMachine(actor, machineId);
    if (!slots.some((slot) => slot.slotNo === slotNo)) throw badRequest('command.slotNo', { max: slotCount });
    return { slotNo };
  }

  /** Over MQTT, when there is a broker: sent once the broker has it. */
  async #send(command: Command): Promise<void> {
    const link = this.link();
    if (!link) return;
    await link.command(command.tenantId, command.machineNo, this.#forDevice(command));
    await (await this.#commands(command.tenantId)).markSent(command.tenantId, [command.id]);
  }

  #forDevice(command: Command): DeviceCommand {
    return { id: command.id, kind: command.kind, params: command.params, expiresAt: command.timeoutTime };
  }

  /** A page of the commands the caller may see (machineId, kind, state, createTime filters). */
  async list(actor: Actor, query: Record<string, unknown>): Promise<Page<MachineCommand>> {
    const { state, ...rest } = query;
    const parsed = parseListQuery(
      { descs: 'id', ...rest },
      commandTable,
      (await this.stores.storeFor(actor)).timeZone,
    );
    const wanted = typeof state === 'string' && state !== '' ? state : undefined;
    if (
      wanted !== undefined &&
      !['created', 'sent', 'acknowledged', 'succeeded', 'failed', 'timed-out'].includes(wanted)
    )
      throw badRequest('command.state.invalid', { state: wanted });
    const page = await (
      await this.#commands(actor)
    ).page(actor, parsed, wanted as Command['state'] | undefined);
    const names = await this.#names(actor, page.records);
    return {
      ...page,
      records: page.records.map((command) => ({
        ...command,
        createUserName: names.get(command.createUser ?? '') ?? null,
      })),
    };
  }

  async detail(actor: Actor, id: string): Promise<MachineCommand> {
    const command = await (await this.#commands(actor)).findById(actor, id);
    if (!command) throw notFound();
    return this.#named(actor, command);
  }

  async #named(actor: Actor, command: Command): Promise<MachineCommand> {
    const names = await this.#names(actor, [command]);
    return { ...command, createUserName: names.get(command.createUser ?? '') ?? null };
  }

  /** Who asked, by name (the main database's users). */
  async #names(actor: Actor, commands: readonly Command[]): Promise<Map<string, string>> {
    const ids = [
      ...new Set(commands.map((command) => command.createUser).filter((id): id is string => !!id)),
    ];
    if (ids.length === 0) return new Map();
    const users = await new UserRepository(this.stores.main).findByIds(
      { tenantId: actor.tenantId, userId: null, deptId: null },
      ids,
    );
    return new Map(users.map((user) => [user.id, user.realName || user.name || user.account]));
  }

  // ---- The machine's side ----

  /** The commands waiting for the machine (a heartbeat's answer): sent now. */
  async waitingFor(device: DeviceRecord): Promise<DeviceCommand[]> {
    const commands = await this.#commands(device.tenantId);
    const waiting = await commands.waiting(device.tenantId, device.id);
    await commands.markSent(
      device.tenantId,
      waiting.filter((command) => command.state === 'created').map((command) => command.id),
    );
    return waiting.map((command) => this.#forDevice(command));
  }

  /**
   * The machine's word on its command. A repeated word is taken again without change; a command it
   * does not have is 404; one that ended, or timed out, is 409.
   */
  async result(device: DeviceRecord, input: CommandResultInput): Promise<MachineCommand> {
    const commands = await this.#commands(device.tenantId);
    const reason = input.reason?.trim() || null;
    const moved = await commands.recordResult(device.tenantId, device.id, input.id, {
      state: input.state,
      reason,
    });
    const command = await commands.ofMachine(device.tenantId, device.id, input.id);
    if (!command) throw new ApiError(404, 'command.notFound', { id: input.id });
    if (!moved && command.state !== input.state)
      throw new ApiError(409, command.state === 'timed-out' ? 'command.timedOut' : 'command.ended', {
        id: input.id,
        state: command.state,
      });
    if (moved && input.state !== 'acknowledged')
      this.record(
        { tenantId: device.tenantId, userId: null, deptId: null },
        {
          logId: 'machine-command-result',
          message: {
            key: input.state === 'succeeded' ? 'command.log.succeeded' : 'command.log.failed',
            args: { machineNo: device.machineNo, kind: command.kind, reason: reason ?? '' },
          },
          params: { id: command.id, state: input.state, reason },
        },
      );
    if (moved) await this.events.changed(device.tenantId, 'command');
    return { ...command, createUserName: null };
  }
}
