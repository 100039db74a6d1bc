import type { Sms } from '@console/contract';
import { SmsSchema } from '@console/contract/schema';
import type { Actor, Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';
import {
  ProviderSettingsRepository,
  type WithSealedSecret,
} from '../provider-settings/provider-settings.repository.js';

/** SMS settings per tenant (blade_sms); the secret key is write-only (S5). */
export const smsTable = defineTable(
  SmsSchema,
  'blade_sms',
  { tenantScoped: true },
  {
    filter: ['category', 'smsCode', 'templateId', 'accessKey', 'regionId', 'appId', 'signName', 'remark'],
    sort: ['category', 'smsCode'],
    writeOnly: { secretKey: 'string' },
  },
);

export type SmsWithSecret = WithSealedSecret<Sms>;

export class SmsRepository extends ProviderSettingsRepository<Sms, 'blade_sms'> {
  constructor(store: Store) {
    super(store, smsTable);
  }

  /** The newest record of a code, with its sealed key. */
  async findByCodeWithSecret(actor: Actor, smsCode: string): Promise<SmsWithSecret | undefined> {
    const row = await this.scopedSelect(actor)
      .selectAll()
      .where('sms_code', '=', smsCode)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row ? { ...(this.toEntity(row) as Sms), sealedSecretKey: row.secret_key ?? null } : undefined;
  }
}
