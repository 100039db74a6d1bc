import {
  DATA_SCOPE_TYPE,
  MENU_CATEGORY,
  type ApiScope,
  type ApiScopeInput,
  type DataScope,
  type DataScopeInput,
  type Page,
} from '@console/contract';
import { badRequest, notFound } from '../../../core/errors.js';

import { parseListQuery } from '../../../core/list-query.js';
import { ruleColumn } from '../../../core/repository/data-scope.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import { tablesByResourceCode } from '../../../core/repository/table.js';
import { MenuRepository } from '../menu/menu.repository.js';
import { ApiScopeRepository, apiScopeTable } from './api-scope.repository.js';
import { DataScopeRepository, dataScopeTable } from './data-scope.repository.js';
import { PLATFORM } from '../../../core/repository/actors.js';
import { idsOf } from '../../../core/entity-service.js';

/** The scope's menu must be a menu (not a button) that exists. */
async function checkMenu(store: Store, menuId: string): Promise<void> {
  const menu = await new MenuRepository(store).findById(PLATFORM, menuId);
  if (!menu || menu.category !== MENU_CATEGORY.MENU) throw badRequest('scope.menuUnknown', { id: menuId });
}

/** A path pattern: segments of word characters, dots, dashes, braces, `*` and `?`, split by `/`. */
function validScopePath(path: string): boolean {
  const segments = path.split('/');
  return (
    path !== '' &&
    segments.every((segment, i) =>
      segment === '' ? i === 0 || i === segments.length - 1 : /^[\w.\-*?{}]+$/.test(segment),
    )
  );
}

/**
 * Data scopes (spec §7, "data-scope"): platform-wide rules under menus. A rule for a list this
 * server knows (a table declaring the resource code) is checked against that list's columns.
 */
export class DataScopeService {
  readonly #scopes: DataScopeRepository;

  constructor(private readonly store: Store) {
    this.#scopes = new DataScopeRepository(store);
  }

  list(query: Record<string, unknown>): Promise<Page<DataScope>> {
    return this.#scopes.page(PLATFORM, parseListQuery(query, dataScopeTable, this.store.timeZone));
  }

  async detail(id: string): Promise<DataScope> {
    const scope = await this.#scopes.findById(PLATFORM, id);
    if (!scope) throw notFound();
    return scope;
  }

  async submit(actor: Actor, input: DataScopeInput): Promise<DataScope> {
    const values = {
      menuId: input.menuId,
      resourceCode: input.resourceCode.trim(),
      scopeName: input.scopeName.trim(),
      scopeField: input.scopeField?.trim() || null,
      scopeClass: input.scopeClass?.trim() || null,
      scopeColumn: input.scopeColumn?.trim() || null,
      scopeType: input.scopeType,
      scopeValue: input.scopeValue?.trim() || null,
      remark: input.remark ?? null,
    };
    if (values.scopeType === DATA_SCOPE_TYPE.CUSTOM && (!values.scopeColumn || !values.scopeValue))
      throw badRequest('scope.customIncomplete');
    const table = tablesByResourceCode.get(values.resourceCode);
    if (table && values.scopeType !== DATA_SCOPE_TYPE.ALL && !ruleColumn(table, values))
      throw badRequest('scope.columnUnknown', {
        code: values.resourceCode,
        column: values.scopeColumn ?? '',
      });
    await checkMenu(this.store, values.menuId);
    const id = input.id || undefined;
    return inTransaction(this.store, async (tx) => {
      const scopes = new DataScopeRepository(tx);
      if (id === undefined) return (await scopes.findById(PLATFORM, await scopes.insert(actor, values)))!;
      if (!(await scopes.update(actor, id, values))) throw notFound();
      return (await scopes.findById(PLATFORM, id))!;
    });
  }

  /** Removes all of the ids or none (grants of removed scopes no longer count). */
  async remove(actor: Actor, rawIds: string): Promise<number> {
    const ids = idsOf(rawIds);
    return inTransaction(this.store, async (tx) => {
      const removed = await new DataScopeRepository(tx).softDelete(actor, ids);
      if (removed !== ids.length) throw notFound();
      return removed;
    });
  }
}

/**
 * API scopes (spec §7, "api-scope"): platform-wide rules under menus, enforced by the guard. Every
 * change reaches the guard's caches in every process at once.
 */
export class ApiScopeService {
  readonly #scopes: ApiScopeRepository;

  constructor(
    private readonly store: Store,
    private readonly rulesChanged: () => Promise<void>,
  ) {
    this.#scopes = new ApiScopeRepository(store);
  }

  list(query: Record<string, unknown>): Promise<Page<ApiScope>> {
    return this.#scopes.page(PLATFORM, parseListQuery(query, apiScopeTable, this.store.timeZone));
  }

  async detail(id: string): Promise<ApiScope> {
    const scope = await this.#scopes.findById(PLATFORM, id);
    if (!scope) throw notFound();
    return scope;
  }

  async submit(actor: Actor, input: ApiScopeInput): Promise<ApiScope> {
    const values = {
      menuId: input.menuId,
      resourceCode: input.resourceCode.trim(),
      scopeName: input.scopeName.trim(),
      scopePath: input.scopePath.trim(),
      scopeMethod: input.scopeMethod ? input.scopeMethod.toUpperCase() : null,
      scopeType: input.scopeType,
      remark: input.remark ?? null,
    };
    if (!validScopePath(values.scopePath)) throw badRequest('scope.pathInvalid', { path: values.scopePath });
    await checkMenu(this.store, values.menuId);
    const id = input.id || undefined;
    const saved = await inTransaction(this.store, async (tx) => {
      const scopes = new ApiScopeRepository(tx);
      if (id === undefined) return (await scopes.findById(PLATFORM, await scopes.insert(actor, values)))!;
      if (!(await scopes.update(actor, id, values))) throw notFound();
      return (await scopes.findById(PLATFORM, id))!;
    });
    await this.rulesChanged();
    return saved;
  }

  async remove(actor: Actor, rawIds: string): Promise<number> {
    const ids = idsOf(rawIds);
    const removed = await inTransaction(this.store, async (tx) => {
      const count = await new ApiScopeRepository(tx).softDelete(actor, ids);
      if (count !== ids.length) throw notFound();
      return count;
    });
    await this.rulesChanged();
    return removed;
  }
}
