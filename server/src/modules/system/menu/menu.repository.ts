import type { Menu } from '@console/contract';
import { MenuSchema } from '@console/contract/schema';
import { TableRepository } from '../../../core/repository/table-repository.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';
import { liveRows, unscoped } from '../../../core/repository/unscoped.js';
import { PLATFORM } from '../../../core/repository/actors.js';

export type { Menu };

/** Menus are platform-wide (BladeX): tenants differ in which menus they get, not in the rows. */
export const menuTable = defineTable(
  MenuSchema,
  'blade_menu',
  { tenantScoped: false },
  {
    kinds: { parentId: 'id' },
    filter: ['parentId', 'code', 'name', 'alias', 'path', 'category', 'action', 'isOpen', 'remark'],
    sort: ['code', 'name', 'sort', 'category'],
  },
);

/** The server reading platform-wide rows (no tenant column, no data scope). */

export class MenuRepository extends TableRepository<Menu, 'blade_menu'> {
  constructor(store: Store) {
    super(store, menuTable);
  }

  /** Every menu and button that is not deleted, in one query (the tree has a few hundred rows). */
  async findAll(): Promise<Menu[]> {
    const rows = await this.scopedSelect(PLATFORM).selectAll().execute();
    return rows.map((row) => this.toEntity(row));
  }

  /**
   * The ids of the menus and buttons granted (blade_role_menu) to any of the roles, in one query.
   * Only roles of the actor's tenant that are not deleted count, whatever the token says.
   */
  async grantedMenuIds(actor: Actor, roleIds: readonly string[]): Promise<Set<string>> {
    if (roleIds.length === 0) return new Set();
    const rows = await unscoped(this.store)
      .selectFrom('blade_role_menu as rm')
      .innerJoin('blade_role as r', 'r.id', 'rm.role_id')
      .select('rm.menu_id')
      .distinct()
      .where(
        'rm.role_id',
        'in',
        roleIds.map((id) => BigInt(id)),
      )
      .where(liveRows('r', actor.tenantId))
      .execute();
    return new Set(rows.map((row) => String(row.menu_id)));
  }

  /** The ids of the menus a top menu lists (blade_top_menu_setting); none for an unknown or deleted one. */
  async topMenuMenuIds(topMenuId: string): Promise<Set<string>> {
    const rows = await unscoped(this.store)
      .selectFrom('blade_top_menu_setting as s')
      .innerJoin('blade_top_menu as t', 't.id', 's.top_menu_id')
      .select('s.menu_id')
      .where('s.top_menu_id', '=', BigInt(topMenuId))
      .where(liveRows('t'))
      .execute();
    return new Set(rows.map((row) => String(row.menu_id)));
  }

  /** Which of the menus have rows below them (menus only: only menus count as children). */
  async withChildren(parentIds: readonly string[], menusOnly = false): Promise<Set<string>> {
    if (parentIds.length === 0) return new Set();
    let q = this.scopedSelect(PLATFORM)
      .select('parent_id')
      .distinct()
      .where(
        'parent_id',
        'in',
        parentIds.map((id) => BigInt(id)),
      );
    if (menusOnly) q = q.where('category', '=', 1);
    const rows = await q.execute();
    return new Set(rows.map((row) => String(row.parent_id)));
  }

  /** The menu or button that holds a code, if any. */
  async findByCode(code: string): Promise<Menu | undefined> {
    const row = await this.scopedSelect(PLATFORM).selectAll().where('code', '=', code).executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  /** Names of rows directly below the given ones that are not among them (at most five). */
  async remainingChildren(menuIds: readonly string[]): Promise<string[]> {
    const ids = menuIds.map((id) => BigInt(id));
    const rows = await this.scopedSelect(PLATFORM)
      .select('name')
      .where('parent_id', 'in', ids)
      .where('id', 'not in', ids)
      .orderBy('sort')
      .orderBy('id')
      .limit(5)
      .execute();
    return rows.map((row) => String(row.name));
  }

  /** Which of the ids name menus or buttons that exist (and are not deleted). */
  async existingIds(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.scopedSelect(PLATFORM)
      .select('id')
      .where(
        'id',
        'in',
        ids.map((id) => BigInt(id)),
      )
      .execute();
    return new Set(rows.map((row) => String(row.id)));
  }
}
