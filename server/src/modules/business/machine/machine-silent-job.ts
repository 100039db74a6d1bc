import { Type, type Static } from 'typebox';
import type { Cache } from '../../../core/cache/index.js';
import { translate } from '../../../core/i18n.js';
import type { JobHandler } from '../../../core/jobs/job-handlers.js';
import type { Store } from '../../../core/repository/store.js';
import type { TenantStores } from '../../../core/repository/tenant-databases.js';
import type { MessageService } from '../../desk/message/message.service.js';
import type { SmsService } from '../../resource/sms/sms.service.js';
import { UserRepository } from '../../user/user.repository.js';
import { OperatorSms } from '../operator-sms.js';
import { SlotRepository } from '../slot/slot.repository.js';
import { MachineRepository } from './machine.repository.js';

/** At most this many silent machines are reported in one run (the longest silent first). */
const PER_RUN = 500;
/** How long a machine's reported silence is remembered (so it is reported once). */
const REMEMBERED_SECONDS = 30 * 24 * 3600;
/** The 机器管理 page (db/seed/menus.ts). */
const MACHINE_PAGE = '/business/machine/index';

const Params = Type.Object(
  {
    minutes: Type.Integer({ minimum: 1, maximum: 10_080, description: '多少分钟没有心跳算失联' }),
    sms: Type.Optional(Type.Boolean({ description: '租户有启用的短信配置时，也给运维人员发短信（默认是）' })),
  },
  { additionalProperties: false },
);

/** The mark of a machine's silence already reported: its last heartbeat then. */
const reportedKey = (tenantId: string, machineId: string) => `job:machine-silent:${tenantId}:${machineId}`;

/**
 * 机器失联提醒 (issue 49): a tenant's machines that sent no heartbeat for longer than `minutes` are
 * reported, by a message, to the users granted the machine or one of its slots (its operators). A
 * silence is reported once: the machine's last heartbeat is remembered in the shared cache, and a
 * machine is reported again only after it has been heard from and gone silent anew. When the tenant
 * has SMS settings enabled (and `sms` is not false), the operators with a phone get an SMS as well
 * (OperatorSms: one SMS per operator and run, template parameters `count`, `items` — the machines — and
 * `minutes`).
 */
export function machineSilentJob(deps: {
  /** The main database: the operators' phones. */
  store: Store;
  stores: TenantStores;
  cache: Cache;
  messages: Pick<MessageService, 'send'>;
  sms: Pick<SmsService, 'send'>;
  offlineSeconds: number;
}): JobHandler<Static<typeof Params>> {
  const { stores, cache, messages, offlineSeconds } = deps;
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
      const sms =
        params.sms === false ? undefined : new OperatorSms(deps.sms, new UserRepository(deps.store));
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
        await sms?.add(actor, operators, machine.machineNo);
        await cache.set(key, machine.lastHeartbeatTime ?? '', REMEMBERED_SECONDS);
        reported++;
      }
      const texted = sms?.any ? `, ${await sms.send(actor, { minutes: params.minutes })}` : '';
      return `silent ${silent.length}, reported ${reported}${texted}`;
    },
  };
}
