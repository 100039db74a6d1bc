import { RESOURCE_STATUS, type Sms } from '@console/contract';
import { TableRepository } from '../../../core/repository/table-repository.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';

/** SMS settings per tenant (blade_sms); the secret key is write-only (S5). */
export const smsTable = defineTable<Sms & { secretKey?: string | null }, 'blade_sms'>(
  'blade_sms',
  { tenantScoped: true },
  {
    category: ['int', { filter: true, sort: true }],
    smsCode: ['string', { filter: true, sort: true }],
    templateId: ['string', { filter: true }],
    accessKey: ['string', { filter: true }],
    secretKey: ['string', { writeOnly: true }],
    regionId: ['string', { filter: true }],
    appId: ['string', { filter: true }],
    signName: ['string', { filter: true }],
    remark: ['string', { filter: true }],
  },
);

export type SmsWithSecret = Sms & { sealedSecretKey: string | null };

export class SmsRepository extends TableRepository<Sms & { secretKey?: string | null }, 'blade_sms'> {
  constructor(store: Store) {
    super(store, smsTable);
  }

  /** By id, by code (the newest of that code), or the enabled one. */
  async findWithSecret(
    actor: Actor,
    where: { id?: string; smsCode?: string; enabled?: true },
  ): Promise<SmsWithSecret | undefined> {
    let q = this.scopedSelect(actor).selectAll();
    if (where.id !== undefined) q = q.where('id', '=', BigInt(where.id));
    if (where.smsCode !== undefined) q = q.where('sms_code', '=', where.smsCode);
    if (where.enabled) q = q.where('status', '=', RESOURCE_STATUS.ENABLED);
    const row = await q.orderBy('id', 'desc').executeTakeFirst();
    if (!row) return undefined;
    return { ...(this.toEntity(row) as Sms), sealedSecretKey: (row.secret_key as string | null) ?? null };
  }

  /** Every record of the tenant off, then the one on (one transaction; see OssRepository). */
  async enableOnly(actor: Actor, id: string): Promise<void> {
    await this.scopedUpdate(actor).set({ status: RESOURCE_STATUS.DISABLED }).execute();
    await this.scopedUpdate(actor)
      .set({ status: RESOURCE_STATUS.ENABLED })
      .where('id', '=', BigInt(id))
      .execute();
  }
}
