import { RESOURCE_STATUS, type Oss } from '@console/contract';
import { TableRepository } from '../../../core/repository/table-repository.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';

/** Object storage settings per tenant (blade_oss); the secret key is write-only (S5). */
export const ossTable = defineTable<Oss & { secretKey?: string | null }, 'blade_oss'>(
  'blade_oss',
  { tenantScoped: true },
  {
    category: ['int', { filter: true, sort: true }],
    ossCode: ['string', { filter: true, sort: true }],
    endpoint: ['string', { filter: true }],
    accessKey: ['string', { filter: true }],
    secretKey: ['string', { writeOnly: true }],
    bucketName: ['string', { filter: true }],
    appId: ['string', { filter: true }],
    region: ['string', { filter: true }],
    remark: ['string', { filter: true }],
  },
);

/** A record with its sealed secret key, for building a storage client (never for answers). */
export type OssWithSecret = Oss & { sealedSecretKey: string | null };

export class OssRepository extends TableRepository<Oss & { secretKey?: string | null }, 'blade_oss'> {
  constructor(store: Store) {
    super(store, ossTable);
  }

  async findWithSecret(
    actor: Actor,
    where: { id?: string; enabled?: true },
  ): Promise<OssWithSecret | undefined> {
    let q = this.scopedSelect(actor).selectAll();
    if (where.id !== undefined) q = q.where('id', '=', BigInt(where.id));
    if (where.enabled) q = q.where('status', '=', RESOURCE_STATUS.ENABLED).orderBy('id', 'desc');
    const row = await q.executeTakeFirst();
    if (!row) return undefined;
    return { ...(this.toEntity(row) as Oss), sealedSecretKey: (row.secret_key as string | null) ?? null };
  }

  /** Every record of the tenant with its sealed key (to find the storage of a stored link). */
  async listAllWithSecrets(actor: Actor): Promise<OssWithSecret[]> {
    const rows = await this.scopedSelect(actor).selectAll().orderBy('id').limit(1000).execute();
    return rows.map((row) => ({
      ...(this.toEntity(row) as Oss),
      sealedSecretKey: (row.secret_key as string | null) ?? null,
    }));
  }

  /**
   * Every record of the tenant off, then the one on (run in one transaction). The first statement
   * touches every row, unconditionally, so a concurrent enable waits for this one's row locks and
   * then turns this one's choice off too: one record stays on.
   */
  async enableOnly(actor: Actor, id: string): Promise<void> {
    await this.scopedUpdate(actor).set({ status: RESOURCE_STATUS.DISABLED }).execute();
    await this.scopedUpdate(actor)
      .set({ status: RESOURCE_STATUS.ENABLED })
      .where('id', '=', BigInt(id))
      .execute();
  }
}
