import type { Page, TopMenu, TopMenuGrant, TopMenuInput } from '@console/contract';
import { badRequest, notFound } from '../../../core/errors.js';

import { parseListQuery } from '../../../core/list-query.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import { MenuRepository } from './menu.repository.js';
import { TopMenuRepository, topMenuTable } from './top-menu.repository.js';
import { PLATFORM } from '../../../core/repository/actors.js';
import { idsOf } from '../../../core/entity-service.js';

/** Top menus (spec §7, "Top menu"): platform-wide rows, changed by the platform administrator only (S4). */
export class TopMenuService {
  readonly #topMenus: TopMenuRepository;

  constructor(private readonly store: Store) {
    this.#topMenus = new TopMenuRepository(store);
  }

  /** A page of top menus, by sort unless the query sorts otherwise (as BladeX lists them). */
  list(query: Record<string, unknown>): Promise<Page<TopMenu>> {
    const parsed = parseListQuery(query, topMenuTable, this.store.timeZone);
    if (parsed.orders.length === 0)
      parsed.orders.push({ column: topMenuTable.columns.get('sort')!, direction: 'asc' });
    return this.#topMenus.page(PLATFORM, parsed);
  }

  async detail(id: string): Promise<TopMenu> {
    const topMenu = await this.#topMenus.findById(PLATFORM, id);
    if (!topMenu) throw notFound();
    return topMenu;
  }

  /** Creates without an id, updates with one; a code names one top menu. */
  async submit(actor: Actor, input: TopMenuInput): Promise<TopMenu> {
    const values = {
      code: input.code.trim(),
      name: input.name.trim(),
      source: input.source?.trim() || null,
      sort: input.sort,
    };
    const id = input.id || undefined;
    return inTransaction(this.store, async (tx) => {
      const topMenus = new TopMenuRepository(tx);
      if (id !== undefined && !(await topMenus.findById(PLATFORM, id))) throw notFound();
      const holder = await topMenus.findByCode(PLATFORM, values.code);
      if (holder && holder.id !== id) throw badRequest('menu.code.exists', { code: values.code });
      if (id === undefined) return (await topMenus.findById(PLATFORM, await topMenus.insert(actor, values)))!;
      if (!(await topMenus.update(actor, id, values))) throw notFound();
      return (await topMenus.findById(PLATFORM, id))!;
    });
  }

  /** Removes all of the ids or none, with the menus they list. */
  async remove(actor: Actor, rawIds: string): Promise<number> {
    const ids = idsOf(rawIds);
    return inTransaction(this.store, async (tx) => {
      const topMenus = new TopMenuRepository(tx);
      const removed = await topMenus.softDelete(actor, ids);
      if (removed !== ids.length) throw notFound();
      await topMenus.replaceMenus(ids, []);
      return removed;
    });
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
