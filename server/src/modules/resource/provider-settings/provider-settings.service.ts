import { EntityService, found } from '../../../core/entity-service.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import type { TableDef } from '../../../core/repository/table.js';
import type { SecretBox } from '../../../core/secret-box.js';
import type {
  ProviderSettingsRepository,
  ProviderTable,
  WithSealedSecret,
} from './provider-settings.repository.js';

/** A form's text: trimmed, and null when empty. */
export const text = (value: string | null | undefined) => value?.trim() || null;

/**
 * The settings of a provider kind (object storage, SMS): records of vendor accounts per tenant,
 * listed, read, written and removed as any entity, with a secret key that is sealed before it is
 * stored (core/secret-box.ts), never answered, and kept when an update leaves it empty; and one
 * record enabled at a time. Each kind adds its own checks (submit) and its use of the record.
 */
export abstract class ProviderSettingsService<
  E extends { id: string },
  TInput,
  T extends ProviderTable,
  R extends ProviderSettingsRepository<E, T>,
> extends EntityService<E & { secretKey?: string | null }, TInput, T, R> {
  constructor(
    store: Store,
    table: TableDef<E & { secretKey?: string | null }, T>,
    repositoryOn: (store: Store) => R,
    protected readonly secrets: SecretBox,
  ) {
    super(store, table, repositoryOn);
  }

  /** The record an update names, with its sealed key (404 for an id the tenant lacks); none for a create. */
  protected async existing(actor: Actor, id: string | undefined): Promise<WithSealedSecret<E> | undefined> {
    return id === undefined ? undefined : found(await this.repository.findWithSecret(actor, { id }));
  }

  /** The secret key of a submit, sealed; nothing when the form left it empty (the stored one stays). */
  protected sealedSecret(secretKey: string | null | undefined): { secretKey?: string } {
    const secret = text(secretKey);
    return secret ? { secretKey: this.secrets.seal(secret) } : {};
  }

  /** Turns one record on and every other of the tenant off, in one transaction. */
  async enable(actor: Actor, id: string): Promise<void> {
    await inTransaction(this.store, async (tx) => {
      const records = this.repositoryOn(tx);
      found(await records.findById(actor, id));
      await records.enableOnly(actor, id);
    });
  }
}
