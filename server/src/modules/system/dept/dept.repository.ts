import type { Dept } from '@console/contract';
import { DeptSchema } from '@console/contract/schema';
import { sql } from 'kysely';
import { listHas } from '../../../core/repository/data-scope.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';
import { liveRows, unscoped } from '../../../core/repository/unscoped.js';

/** Departments (blade_dept) of a tenant; `ancestors` is `0,<id>,…` from the root to the parent. */
export const deptTable = defineTable(
  DeptSchema,
  'blade_dept',
  { tenantScoped: true },
  {
    kinds: { parentId: 'id' },
    filter: ['parentId', 'deptCategory', 'deptName', 'fullName', 'remark'],
    sort: ['deptCategory', 'deptName', 'fullName', 'sort'],
  },
);

const ids = (values: readonly string[]) => values.map((id) => BigInt(id));

export class DeptRepository extends TableRepository<Dept, 'blade_dept'> {
  constructor(store: Store) {
    super(store, deptTable);
  }

  /** The tenant's departments of this name (an import names departments: several is ambiguous). */
  async findByName(actor: Actor, deptName: string): Promise<Dept[]> {
    const rows = await this.scopedSelect(actor)
      .selectAll()
      .where('dept_name', '=', deptName)
      .limit(2)
      .execute();
    return rows.map((row) => this.toEntity(row));
  }

  /** Which of the departments have departments below them. */
  async withChildren(actor: Actor, parentIds: readonly string[]): Promise<Set<string>> {
    if (parentIds.length === 0) return new Set();
    const rows = await this.scopedSelect(actor)
      .select('parent_id')
      .distinct()
      .where('parent_id', 'in', ids(parentIds))
      .execute();
    return new Set(rows.map((row) => String(row.parent_id)));
  }

  /** The departments directly below one (parentId '0': the top ones), by sort then id. */
  async childrenOf(actor: Actor, parentId: string): Promise<Dept[]> {
    const rows = await this.scopedSelect(actor)
      .selectAll()
      .where('parent_id', '=', BigInt(parentId))
      .orderBy('sort', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map((row) => this.toEntity(row));
  }

  /**
   * Locks the rows (PostgreSQL, MySQL) for the rest of the transaction, in id order so that two
   * moves wait for each other instead of deadlocking. SQLite serialises writers already.
   */
  async lock(actor: Actor, deptIds: readonly string[]): Promise<void> {
    if (this.store.kind === 'sqlite' || deptIds.length === 0) return;
    await this.scopedSelect(actor)
      .select('id')
      .where('id', 'in', ids(deptIds))
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /** The longest `ancestors` below a prefix (the descendants of the department it ends with). */
  async longestBelow(actor: Actor, prefix: string): Promise<number> {
    const row = await this.scopedSelect(actor)
      .select((eb) => eb.fn.max(sql<number>`length(ancestors)`).as('longest'))
      .where((eb) => eb.or([eb('ancestors', '=', prefix), eb('ancestors', 'like', `${prefix},%`)]))
      .executeTakeFirst();
    return Number(row?.longest ?? 0);
  }

  /**
   * Rewrites the ancestors of every department below a moved one: the prefix `from` (the old
   * ancestors of the moved department plus its id) becomes `to`. One statement.
   */
  async moveDescendants(actor: Actor, from: string, to: string): Promise<number> {
    const rest = sql<string>`substr(ancestors, ${from.length + 1})`;
    const moved =
      this.store.kind === 'mysql' ? sql<string>`concat(${to}, ${rest})` : sql<string>`${to} || ${rest}`;
    const result = await this.scopedUpdate(actor)
      .set({
        ancestors: moved,
      })
      .where((eb) => eb.or([eb('ancestors', '=', from), eb('ancestors', 'like', `${from},%`)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Names of departments directly below the given ones that are not among them (at most five). */
  async remainingChildren(actor: Actor, deptIds: readonly string[]): Promise<string[]> {
    const rows = await this.scopedSelect(actor)
      .select('dept_name')
      .where('parent_id', 'in', ids(deptIds))
      .where('id', 'not in', ids(deptIds))
      .orderBy('sort')
      .orderBy('id')
      .limit(5)
      .execute();
    return rows.map((row) => String(row.dept_name));
  }

  /** Accounts of the tenant's users that belong to any of the departments (at most five). */
  async usersIn(actor: Actor, deptIds: readonly string[]): Promise<string[]> {
    const rows = await unscoped(this.store)
      .selectFrom('blade_user')
      .select('account')
      .where(liveRows('blade_user', actor.tenantId))
      .where((eb) => eb.or(deptIds.map((id) => listHas(eb.ref('dept_id'), id))))
      .orderBy('id')
      .limit(5)
      .execute();
    return rows.map((row) => row.account);
  }
}
