import type { Notice, NoticeAudience } from '@console/contract';
import { NoticeSchema } from '@console/contract/schema';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { platformStore, type Actor, type Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';
import { liveRows, unscoped } from '../../../core/repository/unscoped.js';
import { candidateUserIds } from '../../flow/runtime/runtime.repository.js';
import { USER_STATUS } from '../../user/user.repository.js';

/** Notices belong to a tenant (BladeX's blade_notice). */
export const noticeTable = defineTable(
  NoticeSchema,
  'blade_notice',
  { tenantScoped: true },
  {
    kinds: { releaseTime: 'datetime', content: 'text', audienceIds: 'ids' },
    filter: ['title', 'category', 'releaseTime', 'content'],
    sort: ['title', 'category', 'releaseTime'],
    computed: { audienceNames: true },
  },
);

/** Who a notice is addressed to: everyone of the tenant, or the holders of roles or members of departments. */
export interface Audience {
  audienceType: NoticeAudience;
  /** The roles' or departments' ids; none for all. */
  ids: readonly string[];
}

/** candidateUserIds stops at a limit; a notice's audience has none. */
const WHOLE_AUDIENCE = Number.MAX_SAFE_INTEGER;

export class NoticeRepository extends TableRepository<Notice, 'blade_notice'> {
  constructor(store: Store) {
    super(store, noticeTable);
  }

  /**
   * The live, enabled users of the actor's tenant in an audience: all of them, the holders of the
   * roles, or the members of the departments (a user holds comma-joined role and department ids;
   * the workflow's candidateUserIds reads them).
   */
  async audienceUserIds(actor: Actor, audience: Audience): Promise<string[]> {
    if (audience.audienceType !== 'all') {
      const kind = audience.audienceType === 'roles' ? 'role' : 'dept';
      const candidates = audience.ids.map((id) => ({ kind, id }) as const);
      return candidateUserIds(this.store, actor.tenantId, candidates, WHOLE_AUDIENCE);
    }
    // The user table, read for the actor's tenant and its live rows (liveRows) in the main database.
    const rows = await unscoped(platformStore(this.store))
      .selectFrom('blade_user')
      .select('id')
      .where(liveRows('blade_user', actor.tenantId))
      .where('status', '=', USER_STATUS.ACTIVE)
      .orderBy('id')
      .execute();
    return rows.map((row) => String(row.id));
  }
}
