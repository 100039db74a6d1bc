import { sql } from 'kysely';
import { listHas } from '../../../core/repository/data-scope.js';
import type { Store } from '../../../core/repository/store.js';
import { liveRows, unscoped } from '../../../core/repository/unscoped.js';
import { idList, USER_STATUS } from '../../user/user.repository.js';

/** A live role of a tenant, and whether blade_role_menu grants it one of the buttons asked about. */
export interface CandidateRole {
  id: string;
  /** As stored: compared whole (security S12). */
  alias: string;
  grantsButton: boolean;
}

/** A live, enabled user of a tenant: the role ids its record names, and its first department. */
export interface RoleHolder {
  userId: string;
  roleIds: string[];
  deptId: string | null;
}

/**
 * Who may be told of a refund request (refund-messages.ts decides who is): the platform's users and
 * roles, in the main database whatever the tenant's data source. These reads only narrow the
 * candidates; what a role opens within the tenant's package is MenuService's to say, and which
 * refunds a user sees is the refund table's data scope (RefundRepository.seenBy).
 */
export class RefundReviewerRepository {
  constructor(private readonly store: Store) {}

  /** Every live role of the tenant, marked when it is granted one of the buttons (live menus). */
  async rolesOf(tenantId: string, buttonCodes: readonly string[]): Promise<CandidateRole[]> {
    const rows = await unscoped(this.store)
      .selectFrom('blade_role as r')
      .select((eb) => [
        'r.id',
        'r.role_alias',
        eb
          .exists(
            eb
              .selectFrom('blade_role_menu as rm')
              .innerJoin('blade_menu as m', 'm.id', 'rm.menu_id')
              .select(sql`1`.as('one'))
              .whereRef('rm.role_id', '=', 'r.id')
              .where('m.code', 'in', [...buttonCodes])
              .where('m.is_deleted', '=', 0),
          )
          .as('grants_button'),
      ])
      .where(liveRows('r', tenantId))
      .orderBy('r.id')
      .execute();
    return rows.map((row) => ({
      id: String(row.id),
      alias: row.role_alias,
      // true on PostgreSQL, 1 on MySQL and SQLite.
      grantsButton: Number(row.grants_button) === 1,
    }));
  }

  /**
   * The live, enabled users of the tenant whose records name one of the roles, lowest ids first, at
   * most `limit`.
   */
  async holders(tenantId: string, roleIds: readonly string[], limit: number): Promise<RoleHolder[]> {
    if (roleIds.length === 0) return [];
    const rows = await unscoped(this.store)
      .selectFrom('blade_user as u')
      .select(['u.id', 'u.role_id', 'u.dept_id'])
      .where(liveRows('u', tenantId))
      .where('u.status', '=', USER_STATUS.ACTIVE)
      .where((eb) => eb.or(roleIds.map((id) => listHas(eb.ref('u.role_id'), id))))
      .orderBy('u.id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      userId: String(row.id),
      roleIds: idList(row.role_id),
      deptId: idList(row.dept_id)[0] ?? null,
    }));
  }
}
