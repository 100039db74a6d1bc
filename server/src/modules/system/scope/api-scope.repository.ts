import type { ApiScope } from '@console/contract';
import { ApiScopeSchema } from '@console/contract/schema';
import { fullPattern, type ApiScopeRule } from '../../../core/auth/permissions.js';
import type { Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';
import { PLATFORM } from '../../../core/repository/actors.js';

/** API scopes (blade_scope_api): platform-wide rules under menus (security S4). */
export const apiScopeTable = defineTable(
  ApiScopeSchema,
  'blade_scope_api',
  { tenantScoped: false },
  {
    kinds: { menuId: 'id' },
    filter: ['menuId', 'resourceCode', 'scopeName', 'scopePath', 'scopeMethod', 'scopeType', 'remark'],
    sort: ['resourceCode', 'scopeName', 'scopePath', 'scopeType'],
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
