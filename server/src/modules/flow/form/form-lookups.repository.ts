import { platformStore, type Store } from '../../../core/repository/store.js';
import { unscoped } from '../../../core/repository/unscoped.js';
import type { FormDataLookups } from './form-data.js';

// What form data's checks read (form-data.ts): dictionary entries, users, departments and
// attachments of one tenant. These are the platform's tables, read in the main database whichever
// database the tenant's workflow records are in (decision 0020); each query is scoped here to the
// tenant (business dictionaries, users, departments, attachments) and to live rows.

const big = (ids: readonly string[]) => ids.map((id) => BigInt(id));

export class FormLookups implements FormDataLookups {
  constructor(
    /** A store of the tenant's workflow records (or the main one): the platform's is reached from it. */
    private readonly store: Store,
    private readonly tenantId: string,
  ) {}

  async dictKeys(code: string, biz: boolean, keys: readonly string[]): Promise<ReadonlySet<string>> {
    if (keys.length === 0) return new Set();
    const db = unscoped(platformStore(this.store));
    const rows = biz
      ? await db
          .selectFrom('blade_dict_biz')
          .select('dict_key')
          .where('tenant_id', '=', this.tenantId)
          .where('is_deleted', '=', 0)
          .where('code', '=', code)
          .where('parent_id', '<>', 0n)
          .where('dict_key', 'in', [...keys])
          .execute()
      : await db
          .selectFrom('blade_dict')
          .select('dict_key')
          .where('is_deleted', '=', 0)
          .where('code', '=', code)
          .where('parent_id', '<>', 0n)
          .where('dict_key', 'in', [...keys])
          .execute();
    return new Set(rows.map((row) => String(row.dict_key)));
  }

  users(ids: readonly string[]): Promise<ReadonlySet<string>> {
    return this.#live('blade_user', ids);
  }

  depts(ids: readonly string[]): Promise<ReadonlySet<string>> {
    return this.#live('blade_dept', ids);
  }

  attachments(ids: readonly string[]): Promise<ReadonlySet<string>> {
    return this.#live('blade_attach', ids);
  }

  /** Which of the ids are live rows of the tenant in the table. */
  async #live(
    table: 'blade_user' | 'blade_dept' | 'blade_attach',
    ids: readonly string[],
  ): Promise<ReadonlySet<string>> {
    if (ids.length === 0) return new Set();
    const rows = await unscoped(platformStore(this.store))
      .selectFrom(table)
      .select('id')
      .where('tenant_id', '=', this.tenantId)
      .where('is_deleted', '=', 0)
      .where('id', 'in', big(ids))
      .execute();
    return new Set(rows.map((row) => String(row.id)));
  }
}
