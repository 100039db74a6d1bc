import type { MachineCommand, Page } from '@console/contract';
import { COMMAND_ENDED, type CommandKind, type CommandState } from '@console/contract/business';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { ListQuery } from '../../../core/list-query.js';
import { pageOf } from '../../../core/repository/page.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { defineTable, rowToEntity, type FieldSpec } from '../../../core/repository/table.js';
import { unscoped } from '../../../core/repository/unscoped.js';
import { isUniqueViolation } from '../../../db/errors.js';
import type { Database } from '../../../db/schema.js';
import { commandGrantScope } from '../grant-scope.repository.js';

// zx_machine_command (migration 0027): the commands to a tenant's machines. Reads are the
// caller's tenant's, within their slot grants (commandGrantScope). A command's stored state moves
// forward only (created → sent → acknowledged → succeeded | failed); one that has not ended by its
// timeout_time reads as timed out, and takes no more results: the rule is here, for a row read, the
// list's state filter and every change alike.

const FIELDS: Record<string, FieldSpec> = {
  id: ['id', { filter: true, sort: true, readOnly: true }],
  machineId: ['id', { filter: true }],
  machineNo: ['string', { filter: true }],
  kind: ['string', { filter: true }],
  params: ['string', {}],
  state: ['string', {}],
  reason: ['string', {}],
  requestId: ['string', {}],
  createUser: ['id', {}],
  createTime: ['datetime', { filter: true, sort: true }],
  sentTime: ['datetime', {}],
  ackTime: ['datetime', {}],
  endTime: ['datetime', {}],
  timeoutTime: ['datetime', {}],
};

type StoredCommand = Omit<MachineCommand, 'params' | 'createUserName'> & { params: string };

export const commandTable = defineTable<StoredCommand, 'zx_machine_command'>(
  'zx_machine_command',
  { tenantScoped: true, audit: false },
  FIELDS,
);

/** The stored states a command may still leave. */
const OPEN = ['created', 'sent', 'acknowledged'] as const;

type Builder = ExpressionBuilder<Database, 'zx_machine_command'>;

/** The condition of the state as read at `now`. */
function inState(eb: Builder, state: CommandState, now: Date) {
  if (state === 'timed-out') return eb.and([eb('state', 'in', OPEN), eb('timeout_time', '<', now)]);
  if ((OPEN as readonly string[]).includes(state))
    return eb.and([eb('state', '=', state), eb('timeout_time', '>=', now)]);
  return eb('state', '=', state);
}

/** A new command. */
export interface NewCommand {
  machineId: string;
  machineNo: string;
  kind: CommandKind;
  params: Record<string, unknown>;
  requestId: string;
  timeoutTime: Date;
}

export class CommandRepository {
  readonly #db: Kysely<Database>;

  constructor(private readonly store: Store) {
    this.#db = unscoped(store);
  }

  /** The caller's tenant's commands they may see. */
  #visible(actor: Actor) {
    const scope = commandGrantScope(actor);
    const q = this.#db.selectFrom('zx_machine_command').where('tenant_id', '=', actor.tenantId);
    return scope ? q.where(scope) : q;
  }

  #toCommand(row: Record<string, unknown>, now = new Date()): Omit<MachineCommand, 'createUserName'> {
    const stored = rowToEntity<StoredCommand>(commandTable, row, this.store.timeZone);
    const timedOut =
      (OPEN as readonly string[]).includes(stored.state) &&
      new Date(row.timeout_time as string | Date).getTime() < now.getTime();
    return {
      ...stored,
      params: JSON.parse(stored.params) as Record<string, unknown>,
      state: timedOut ? 'timed-out' : stored.state,
    };
  }

  /**
   * Stores the command as created; undefined when the tenant has one of this request id already
   * (the same command asked again).
   */
  async insert(actor: Actor, command: NewCommand): Promise<string | undefined> {
    const id = this.store.ids.next();
    try {
      await this.#db
        .insertInto('zx_machine_command')
        .values({
          id: BigInt(id),
          tenant_id: actor.tenantId,
          machine_id: BigInt(command.machineId),
          machine_no: command.machineNo,
          kind: command.kind,
          params: JSON.stringify(command.params),
          state: 'created',
          reason: null,
          request_id: command.requestId,
          create_user: actor.userId === null ? null : BigInt(actor.userId),
          create_time: new Date(),
          sent_time: null,
          ack_time: null,
          end_time: null,
          timeout_time: command.timeoutTime,
        })
        .execute();
      return id;
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /** The tenant's command of this request id (whoever may see it: the idempotent answer). */
  async byRequestId(tenantId: string, requestId: string) {
    const row = await this.#db
      .selectFrom('zx_machine_command')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    return row ? this.#toCommand(row) : undefined;
  }

  async findById(actor: Actor, id: string) {
    const row = await this.#visible(actor).selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
    return row ? this.#toCommand(row) : undefined;
  }

  /** A page of the commands, newest first unless asked otherwise; `state` as read now. */
  async page(actor: Actor, query: ListQuery, state: CommandState | undefined) {
    const now = new Date();
    const q = state ? this.#visible(actor).where((eb) => inState(eb, state, now)) : this.#visible(actor);
    return pageOf(q, query, (row) => this.#toCommand(row, now)) as Promise<
      Page<Omit<MachineCommand, 'createUserName'>>
    >;
  }

  /** The machine's commands that wait for it (created or sent, not timed out), oldest first. */
  async waiting(tenantId: string, machineId: string, now = new Date()) {
    const rows = await this.#db
      .selectFrom('zx_machine_command')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('machine_id', '=', BigInt(machineId))
      .where('state', 'in', ['created', 'sent'])
      .where('timeout_time', '>=', now)
      .orderBy('id')
      .limit(20)
      .execute();
    return rows.map((row) => this.#toCommand(row, now));
  }

  /** The machines that have a command `waiting` finds. */
  async machinesWaiting(tenantId: string, now = new Date()): Promise<Set<string>> {
    const rows = await this.#db
      .selectFrom('zx_machine_command')
      .select('machine_id')
      .distinct()
      .where('tenant_id', '=', tenantId)
      .where('state', 'in', ['created', 'sent'])
      .where('timeout_time', '>=', now)
      .execute();
    return new Set(rows.map((row) => String(row.machine_id)));
  }

  /** Created ones are sent now (handed to the broker, or to a heartbeat's answer). */
  async markSent(tenantId: string, ids: readonly string[], now = new Date()): Promise<void> {
    if (ids.length === 0) return;
    await this.#db
      .updateTable('zx_machine_command')
      .set({ state: 'sent', sent_time: now })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids.map(BigInt))
      .where('state', '=', 'created')
      .execute();
  }

  /**
   * The machine's word on its command: it moves forward from a state it may leave, before its
   * timeout; true when it did. (A repeated word, or a late one, changes nothing.)
   */
  async recordResult(
    tenantId: string,
    machineId: string,
    id: string,
    result: { state: 'acknowledged' | 'succeeded' | 'failed'; reason: string | null },
    now = new Date(),
  ): Promise<boolean> {
    const from = result.state === 'acknowledged' ? ['created', 'sent'] : OPEN;
    const ended = (COMMAND_ENDED as readonly string[]).includes(result.state);
    const outcome = await this.#db
      .updateTable('zx_machine_command')
      .set({
        state: result.state,
        reason: result.reason,
        ...(ended ? { end_time: now } : { ack_time: now }),
      })
      .where('tenant_id', '=', tenantId)
      .where('machine_id', '=', BigInt(machineId))
      .where('id', '=', BigInt(id))
      .where('state', 'in', [...from])
      .where('timeout_time', '>=', now)
      .executeTakeFirst();
    return Number(outcome.numUpdatedRows) === 1;
  }

  /** The machine's command by id, as the machine may read it (no grants: the machine itself). */
  async ofMachine(tenantId: string, machineId: string, id: string) {
    const row = await this.#db
      .selectFrom('zx_machine_command')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('machine_id', '=', BigInt(machineId))
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    return row ? this.#toCommand(row) : undefined;
  }
}
