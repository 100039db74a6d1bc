import { RESOURCE_STATUS } from '@console/contract';
import {
  TableRepository,
  type TableSelect,
  type TableUpdate,
} from '../../../core/repository/table-repository.js';
import type { Actor } from '../../../core/repository/store.js';

/** The tables of provider settings: object storage and SMS accounts. */
export type ProviderTable = 'blade_oss' | 'blade_sms';

/** A record with its sealed secret key, for building a vendor client (never for answers). */
export type WithSealedSecret<E> = E & { sealedSecretKey: string | null };

/**
 * The repository of a provider's settings (blade_oss, blade_sms): per tenant, the secret key
 * write-only (S5) and sealed, one record enabled at a time. The two tables share these columns;
 * the queries are written once against blade_oss's types and run on whichever table T is.
 */
export class ProviderSettingsRepository<E, T extends ProviderTable> extends TableRepository<
  E & { secretKey?: string | null },
  T
> {
  #select(actor: Actor) {
    return this.scopedSelect(actor) as unknown as TableSelect<'blade_oss'>;
  }

  #update(actor: Actor) {
    return this.scopedUpdate(actor) as unknown as TableUpdate<'blade_oss'>;
  }

  #withSecret(row: Record<string, unknown>): WithSealedSecret<E> {
    return { ...(this.toEntity(row) as E), sealedSecretKey: (row.secret_key as string | null) ?? null };
  }

  /** By id, or the enabled one (the newest, should there ever be two). */
  async findWithSecret(
    actor: Actor,
    where: { id?: string; enabled?: true },
  ): Promise<WithSealedSecret<E> | undefined> {
    let q = this.#select(actor).selectAll();
    if (where.id !== undefined) q = q.where('id', '=', BigInt(where.id));
    if (where.enabled) q = q.where('status', '=', RESOURCE_STATUS.ENABLED);
    const row = await q.orderBy('id', 'desc').executeTakeFirst();
    return row ? this.#withSecret(row) : undefined;
  }

  /** Every record of the tenant with its sealed key, oldest first. */
  async listAllWithSecrets(actor: Actor): Promise<Array<WithSealedSecret<E>>> {
    const rows = await this.#select(actor).selectAll().orderBy('id').limit(1000).execute();
    return rows.map((row) => this.#withSecret(row));
  }

  /**
   * Every record of the tenant off, then the one on (run in one transaction). The first statement
   * touches every row, unconditionally, so a concurrent enable waits for this one's row locks and
   * then turns this one's choice off too: one record stays on.
   */
  async enableOnly(actor: Actor, id: string): Promise<void> {
    await this.#update(actor).set({ status: RESOURCE_STATUS.DISABLED }).execute();
    await this.#update(actor).set({ status: RESOURCE_STATUS.ENABLED }).where('id', '=', BigInt(id)).execute();
  }
}
