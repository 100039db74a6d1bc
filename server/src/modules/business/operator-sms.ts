import { ApiError } from '../../core/errors.js';
import type { Actor } from '../../core/repository/store.js';
import type { SmsService } from '../resource/sms/sms.service.js';
import type { UserRepository } from '../user/user.repository.js';

/** At most this many items named in one SMS (then 等 N 项). */
const SHOWN = 5;

/**
 * SMS to the operators a run of a job tells (the silent-machine report, the alerts): each user with a
 * phone gets one SMS for everything the run has for them — the SMS rule allows one per phone per
 * minute — through the tenant's enabled SMS settings. Its template takes `count`, `items` (up to
 * five, then 等 N 项) and what the caller adds. A tenant without SMS settings gets none; a send that
 * fails is counted, and the messages (sent besides) stand.
 */
export class OperatorSms {
  readonly #byPhone = new Map<string, string[]>();

  constructor(
    private readonly sms: Pick<SmsService, 'send'>,
    private readonly users: UserRepository,
  ) {}

  /** The item, for each of the users who has a phone. */
  async add(actor: Actor, userIds: readonly string[], item: string): Promise<void> {
    const users = await this.users.findByIds({ ...actor, roleIds: [] }, [...new Set(userIds)]);
    for (const phone of users.map((user) => user.phone?.trim()).filter((p): p is string => !!p)) {
      const items = this.#byPhone.get(phone) ?? [];
      items.push(item);
      this.#byPhone.set(phone, items);
    }
  }

  /** Whether a user told has a phone. */
  get any(): boolean {
    return this.#byPhone.size > 0;
  }

  /** Sends them, each with `params` besides count and items; answers what came of it, for a run's output. */
  async send(actor: Actor, params: Record<string, string | number>): Promise<string> {
    let sent = 0;
    let failed = 0;
    for (const [phone, items] of this.#byPhone) {
      const more = items.length > SHOWN ? ` 等 ${items.length} 项` : '';
      try {
        await this.sms.send(actor, {
          phones: phone,
          params: JSON.stringify({
            ...params,
            count: items.length,
            items: `${items.slice(0, SHOWN).join('、')}${more}`,
          }),
        });
        sent++;
      } catch (error) {
        if (error instanceof ApiError && error.messageKey === 'sms.notConfigured') return 'sms not set';
        failed++;
      }
    }
    return `sms sent ${sent}${failed > 0 ? `, failed ${failed}` : ''}`;
  }
}
