import {
  DATA_SCOPE_TYPE,
  MENU_CATEGORY,
  type ApiScope,
  type ApiScopeInput,
  type DataScope,
  type DataScopeInput,
} from '@console/contract';
import { badRequest } from '../../../core/errors.js';

import { ruleColumn } from '../../../core/repository/data-scope.js';
import { type Actor, type Store } from '../../../core/repository/store.js';
import { tablesByResourceCode } from '../../../core/repository/table.js';
import { MenuRepository } from '../menu/menu.repository.js';
import { ApiScopeRepository, apiScopeTable } from './api-scope.repository.js';
import { DataScopeRepository, dataScopeTable } from './data-scope.repository.js';
import { PLATFORM } from '../../../core/repository/actors.js';
import { EntityService } from '../../../core/entity-service.js';

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
export class DataScopeService extends EntityService<
  DataScope,
  DataScopeInput,
  'blade_scope_data',
  DataScopeRepository
> {
  constructor(store: Store) {
    super(store, dataScopeTable, (s) => new DataScopeRepository(s));
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
    // Grants of a removed scope no longer count: the grant queries join live scopes only.
    return this.save(this.repository, actor, input.id || undefined, values);
  }
}

/**
 * API scopes (spec §7, "api-scope"): platform-wide rules under menus, enforced by the guard. Every
 * change reaches the guard's caches in every process at once.
 */
export class ApiScopeService extends EntityService<
  ApiScope,
  ApiScopeInput,
  'blade_scope_api',
  ApiScopeRepository
> {
  constructor(
    store: Store,
    private readonly rulesChanged: () => Promise<void>,
  ) {
    super(store, apiScopeTable, (s) => new ApiScopeRepository(s));
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
    const saved = await this.save(this.repository, actor, input.id || undefined, values);
    await this.rulesChanged();
    return saved;
  }

  override async remove(actor: Actor, rawIds: string): Promise<number> {
    const removed = await super.remove(actor, rawIds);
    await this.rulesChanged();
    return removed;
  }
}
