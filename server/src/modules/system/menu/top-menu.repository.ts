import type { TopMenu } from '@console/contract';
import { TopMenuSchema } from '@console/contract/schema';
import { TableRepository } from '../../../core/repository/table-repository.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';
import { unscoped } from '../../../core/repository/unscoped.js';

/** Top menus are platform-wide (security S4): no tenant column scopes them. */
export const topMenuTable = defineTable(
  TopMenuSchema,
  'blade_top_menu',
  { tenantScoped: false },
  {
    filter: ['code', 'name', 'sort'],
    sort: ['code', 'name', 'sort'],
  },
);

export class TopMenuRepository extends TableRepository<TopMenu, 'blade_top_menu'> {
  constructor(store: Store) {
    super(store, topMenuTable);
  }

  async findByCode(actor: Actor, code: string): Promise<TopMenu | undefined> {
    const row = await this.scopedSelect(actor).selectAll().where('code', '=', code).executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  /** The menus the top menus list (blade_top_menu_setting), as ids. */
  async menuIds(topMenuIds: readonly string[]): Promise<string[]> {
    if (topMenuIds.length === 0) return [];
    const rows = await unscoped(this.store)
      .selectFrom('blade_top_menu_setting')
      .select('menu_id')
      .distinct()
      .where(
        'top_menu_id',
        'in',
        topMenuIds.map((id) => BigInt(id)),
      )
      .execute();
    return rows.map((row) => String(row.menu_id));
  }

  /** Replaces the menus the top menus list. */
  async replaceMenus(topMenuIds: readonly string[], menuIds: readonly string[]): Promise<void> {
    await unscoped(this.store)
      .deleteFrom('blade_top_menu_setting')
      .where(
        'top_menu_id',
        'in',
        topMenuIds.map((id) => BigInt(id)),
      )
      .execute();
    const rows = topMenuIds.flatMap((topMenuId) =>
      menuIds.map((menuId) => ({
        id: BigInt(this.store.ids.next()),
        top_menu_id: BigInt(topMenuId),
        menu_id: BigInt(menuId),
      })),
    );
    for (let i = 0; i < rows.length; i += 500)
      await unscoped(this.store)
        .insertInto('blade_top_menu_setting')
        .values(rows.slice(i, i + 500))
        .execute();
  }

  /** Every top menu, by sort then id (the top bar's order). */
  async findAllOrdered(actor: Actor): Promise<TopMenu[]> {
    const rows = await this.scopedSelect(actor)
      .selectAll()
      .orderBy('sort', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map((row) => this.toEntity(row));
  }
}
