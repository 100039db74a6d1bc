import type { DataScope } from '@console/contract';
import type { Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';

/** Data scopes (blade_scope_data): platform-wide rules under menus (security S4). */
export const dataScopeTable = defineTable<DataScope, 'blade_scope_data'>(
  'blade_scope_data',
  { tenantScoped: false },
  {
    menuId: ['id', { filter: true }],
    resourceCode: ['string', { filter: true, sort: true }],
    scopeName: ['string', { filter: true, sort: true }],
    scopeField: ['string'],
    scopeClass: ['string'],
    scopeColumn: ['string', { filter: true }],
    scopeType: ['int', { filter: true, sort: true }],
    scopeValue: ['string'],
    remark: ['string', { filter: true }],
  },
);

export class DataScopeRepository extends TableRepository<DataScope, 'blade_scope_data'> {
  constructor(store: Store) {
    super(store, dataScopeTable);
  }
}
