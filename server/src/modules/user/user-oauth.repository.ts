import type { Kysely } from 'kysely';
import type { Store } from '../../core/repository/store.js';
import type { Database } from '../../db/schema.js';
import { unscoped } from '../../core/repository/unscoped.js';

export interface SocialIdentity {
  id: string;
  tenantId: string;
  source: string;
  uuid: string;
  userId: string | null;
  username: string | null;
  nickname: string | null;
  avatar: string | null;
  email: string | null;
}

export type SocialProfile = Omit<SocialIdentity, 'id' | 'tenantId' | 'userId' | 'source'>;

/**
 * Third-party identities. Not a BladeX table with audit columns, so not a TableRepository; every
 * query here still names the tenant.
 */
export class UserOauthRepository {
  readonly #db: Kysely<Database>;

  constructor(private readonly store: Store) {
    this.#db = unscoped(store);
  }

  #toIdentity(row: Record<string, unknown>): SocialIdentity {
    const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
    return {
      id: String(row.id),
      tenantId: String(row.tenant_id),
      source: String(row.source),
      uuid: String(row.uuid),
      userId: text(row.user_id),
      username: text(row.username),
      nickname: text(row.nickname),
      avatar: text(row.avatar),
      email: text(row.email),
    };
  }

  /** Records (or refreshes) what the provider says about someone; answers the identity. */
  async upsert(tenantId: string, source: string, profile: SocialProfile): Promise<SocialIdentity> {
    const now = new Date();
    const found = await this.#db
      .selectFrom('blade_user_oauth')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('source', '=', source)
      .where('uuid', '=', profile.uuid)
      .executeTakeFirst();
    const values = {
      username: profile.username,
      nickname: profile.nickname,
      avatar: profile.avatar,
      email: profile.email,
      update_time: now,
    };
    if (found) {
      await this.#db
        .updateTable('blade_user_oauth')
        .set(values)
        .where('id', '=', BigInt(String(found.id)))
        .execute();
      return this.#toIdentity({ ...found, ...values });
    }
    const id = this.store.ids.next();
    await this.#db
      .insertInto('blade_user_oauth')
      .values({
        id: BigInt(id),
        tenant_id: tenantId,
        source,
        uuid: profile.uuid,
        user_id: null,
        ...values,
        create_time: now,
      })
      .execute();
    return { id, tenantId, source, userId: null, ...profile };
  }

  async findById(tenantId: string, id: string): Promise<SocialIdentity | undefined> {
    const row = await this.#db
      .selectFrom('blade_user_oauth')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    return row ? this.#toIdentity(row) : undefined;
  }

  /** Links an unlinked identity to a user; false when it was linked already (by someone else first). */
  async link(tenantId: string, id: string, userId: string): Promise<boolean> {
    const result = await this.#db
      .updateTable('blade_user_oauth')
      .set({ user_id: BigInt(userId), update_time: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', BigInt(id))
      .where('user_id', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
