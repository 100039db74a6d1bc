import type { DataScope } from '@console/contract';
import { DataScopeSchema } from '@console/contract/schema';
import type { Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';

/** Data scopes (blade_scope_data): platform-wide rules under menus (security S4). */
export const dataScopeTable = defineTable(
  DataScopeSchema,
  'blade_scope_data',
  { tenantScoped: false },
  {
    kinds: { menuId: 'id' },
    filter: ['menuId', 'resourceCode', 'scopeName', 'scopeColumn', 'scopeType', 'remark'],
    sort: ['resourceCode', 'scopeName', 'scopeType'],
  },
);

export class DataScopeRepository extends TableRepository<DataScope, 'blade_scope_data'> {
  constructor(store: Store) {
    super(store, dataScopeTable);
  }
}
