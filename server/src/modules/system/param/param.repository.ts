import type { Param } from '@console/contract';
import { TableRepository } from '../../../core/repository/table-repository.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';

/** Parameters are platform-wide (security S4): no tenant column scopes them. */
export const paramTable = defineTable<Param>(
  'blade_param',
  { tenantScoped: false },
  {
    paramName: ['string', { filter: true, sort: true }],
    paramKey: ['string', { filter: true, sort: true }],
    paramValue: ['text', { filter: true }],
    remark: ['string', { filter: true }],
  },
);

export class ParamRepository extends TableRepository<Param> {
  constructor(store: Store) {
    super(store, paramTable);
  }

  async findByKey(actor: Actor, paramKey: string): Promise<Param | undefined> {
    const row = await this.scopedSelect(actor)
      .selectAll()
      .where('param_key', '=', paramKey)
      .executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }
}
