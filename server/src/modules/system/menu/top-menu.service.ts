import type { Page, TopMenu, TopMenuGrant, TopMenuInput } from '@console/contract';
import { TopMenuInputSchema } from '@console/contract/schema';
import { badRequest, notFound } from '../../../core/errors.js';

import { parseListQuery } from '../../../core/list-query.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import { MenuRepository } from './menu.repository.js';
import { TopMenuRepository, topMenuTable } from './top-menu.repository.js';
import { PLATFORM } from '../../../core/repository/actors.js';
import { EntityService, found, inputValues } from '../../../core/entity-service.js';

/** Top menus (spec §7, "Top menu"): platform-wide rows, changed by the platform administrator only (S4). */
export class TopMenuService extends EntityService<
  TopMenu,
  TopMenuInput,
  'blade_top_menu',
  TopMenuRepository
> {
  constructor(store: Store) {
    super(store, topMenuTable, (s) => new TopMenuRepository(s));
  }

  /** A page of top menus, by sort unless the query sorts otherwise (as BladeX lists them). */
  override list(actor: Actor, query: Record<string, unknown>): Promise<Page<TopMenu>> {
    const parsed = parseListQuery(query, topMenuTable, this.store.timeZone);
    if (parsed.orders.length === 0)
      parsed.orders.push({ column: topMenuTable.columns.get('sort')!, direction: 'asc' });
    return this.repository.page(actor, parsed);
  }

  /** Creates without an id, updates with one; a code names one top menu. */
  async submit(actor: Actor, input: TopMenuInput): Promise<TopMenu> {
    // A blank icon is none.
    const values = { ...inputValues(TopMenuInputSchema, input), source: input.source?.trim() || null };
    const id = input.id || undefined;
    return inTransaction(this.store, async (tx) => {
      const topMenus = this.repositoryOn(tx);
      if (id !== undefined) found(await topMenus.findById(PLATFORM, id));
      const holder = await topMenus.findByCode(PLATFORM, values.code);
      if (holder && holder.id !== id) throw badRequest('menu.code.exists', { code: values.code });
      return this.save(topMenus, actor, id, values);
    });
  }

  /** Removed top menus list no menus. */
  protected override async beforeRemove(tx: Store, _actor: Actor, ids: string[]): Promise<void> {
    await this.repositoryOn(tx).replaceMenus(ids, []);
  }

  /** Replaces the menus the top menus list, in one transaction; every id must exist. */
  async grant(grant: TopMenuGrant): Promise<void> {
    const topMenuIds = [...new Set(grant.topMenuIds)];
    const menuIds = [...new Set(grant.menuIds)];
    await inTransaction(this.store, async (tx) => {
      const topMenus = new TopMenuRepository(tx);
      if ((await topMenus.findByIds(PLATFORM, topMenuIds)).length !== topMenuIds.length) throw notFound();
      const existing = await new MenuRepository(tx).existingIds(menuIds);
      const unknown = menuIds.filter((id) => !existing.has(id));
      if (unknown.length > 0) throw badRequest('grant.menuUnknown', { ids: unknown.join(',') });
      await topMenus.replaceMenus(topMenuIds, menuIds);
    });
  }
}
