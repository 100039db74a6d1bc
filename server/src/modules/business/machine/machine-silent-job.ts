import { Type, type Static } from 'typebox';
import type { Cache } from '../../../core/cache/index.js';
import { translate } from '../../../core/i18n.js';
import type { JobHandler } from '../../../core/jobs/job-handlers.js';
import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import type { MessageService } from '../../desk/message/message.service.js';
import { SlotRepository } from '../slot/slot.repository.js';
import { MachineRepository } from './machine.repository.js';

/** At most this many silent machines are reported in one run (the longest silent first). */
const PER_RUN = 500;
/** How long a machine's reported silence is remembered (so it is reported once). */
const REMEMBERED_SECONDS = 30 * 24 * 3600;
/** The 机器管理 page (db/seed/menus.ts). */
const MACHINE_PAGE = '/business/machine/index';

const Params = Type.Object(
  { minutes: Type.Integer({ minimum: 1, maximum: 10_080, description: '多少分钟没有心跳算失联' }) },
  { additionalProperties: false },
);

/** The mark of a machine's silence already reported: its last heartbeat then. */
const reportedKey = (tenantId: string, machineId: string) => `job:machine-silent:${tenantId}:${machineId}`;

/**
 * 机器失联提醒 (issue 49): a tenant's machines that sent no heartbeat for longer than `minutes` are
 * reported, by a message, to the users granted the machine or one of its slots (its operators). A
 * silence is reported once: the machine's last heartbeat is remembered in the shared cache, and a
 * machine is reported again only after it has been heard from and gone silent anew. Not done: an SMS
 * besides the message.
 */
export function machineSilentJob(
  stores: TenantStores,
  cache: Cache,
  messages: Pick<MessageService, 'send'>,
  offlineSeconds: number,
): JobHandler<Static<typeof Params>> {
  return {
    name: 'machine-silent',
    scope: 'tenant',
    title: '提醒失联的机器',
    stoppable: true,
    params: Params,
    async run({ actor, params, signal }) {
      const store = await stores.storeFor(actor);
      const before = new Date(Date.now() - params.minutes * 60_000);
      const silent = await new MachineRepository(store, offlineSeconds).silentSince(actor, before, PER_RUN);
      const slots = new SlotRepository(store);
      let reported = 0;
      for (const machine of silent) {
        if (signal.aborted) break;
        const key = reportedKey(actor.tenantId, machine.id);
        if ((await cache.get(key)) === machine.lastHeartbeatTime) continue;
        const { machine: wholeMachine, bySlot } = await slots.holders(actor, machine.id);
        const operators = [...wholeMachine, ...[...bySlot.values()].flat()].map((holder) => holder.userId);
        await messages.send(actor, operators, {
          kind: 'machine',
          title: translate('zh', 'machine.message.silent', {
            machineNo: machine.machineNo,
            minutes: params.minutes,
          }),
          body: translate('zh', 'machine.message.silentBody', {
            hospital: machine.hospitalName ? `${machine.hospitalName} · ` : '',
            machineName: machine.machineName,
            lastHeartbeat: machine.lastHeartbeatTime ?? '',
          }),
          link: MACHINE_PAGE,
        });
        await cache.set(key, machine.lastHeartbeatTime ?? '', REMEMBERED_SECONDS);
        reported++;
      }
      return `silent ${silent.length}, reported ${reported}`;
    },
  };
}
