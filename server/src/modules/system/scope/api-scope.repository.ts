import type { ApiScope } from '@console/contract';
import { fullPattern, type ApiScopeRule } from '../../../core/auth/permissions.js';
import type { Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';
import { PLATFORM } from '../../../core/repository/actors.js';

/** API scopes (blade_scope_api): platform-wide rules under menus (security S4). */
export const apiScopeTable = defineTable<ApiScope, 'blade_scope_api'>(
  'blade_scope_api',
  { tenantScoped: false },
  {
    menuId: ['id', { filter: true }],
    resourceCode: ['string', { filter: true, sort: true }],
    scopeName: ['string', { filter: true, sort: true }],
    scopePath: ['string', { filter: true, sort: true }],
    scopeMethod: ['string', { filter: true }],
    scopeType: ['int', { filter: true, sort: true }],
    remark: ['string', { filter: true }],
  },
);

export class ApiScopeRepository extends TableRepository<ApiScope, 'blade_scope_api'> {
  constructor(store: Store) {
    super(store, apiScopeTable);
  }

  /** Every enabled rule, as the guard matches them. */
  async rules(): Promise<ApiScopeRule[]> {
    const rows = await this.scopedSelect(PLATFORM)
      .select(['id', 'scope_path', 'scope_method'])
      .where('status', '=', 1)
      .execute();
    return rows.map((row) => ({
      id: String(row.id),
      pattern: fullPattern(String(row.scope_path)),
      method: row.scope_method ? String(row.scope_method).toUpperCase() : null,
    }));
  }
}
