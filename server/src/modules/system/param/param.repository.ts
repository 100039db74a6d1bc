import { PARAM_VISIBILITY, type Page, type Param } from '@console/contract';
import { ParamSchema } from '@console/contract/schema';
import type { ListQuery } from '../../../core/list-query.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';

/** Parameters are platform-wide (security S4): no tenant column scopes them. */
export const paramTable = defineTable(
  ParamSchema,
  'blade_param',
  { tenantScoped: false },
  {
    kinds: { paramValue: 'text' },
    filter: ['paramName', 'paramKey', 'paramValue', 'remark', 'visibility'],
    sort: ['paramName', 'paramKey', 'visibility'],
  },
);

export class ParamRepository extends TableRepository<Param, 'blade_param'> {
  constructor(store: Store) {
    super(store, paramTable);
  }

  /** A page of the parameters the caller may read: all, or the public ones only. */
  async pageReadable(actor: Actor, query: ListQuery, publicOnly: boolean): Promise<Page<Param>> {
    if (!publicOnly) return this.page(actor, query);
    const q = await this.visibleSelect(actor);
    return this.pageFrom(q.where('visibility', '=', PARAM_VISIBILITY.PUBLIC), query);
  }

  /** One parameter if the caller may read it (else undefined, as for a missing row). */
  async findReadable(actor: Actor, id: string, publicOnly: boolean): Promise<Param | undefined> {
    const param = await this.findById(actor, id);
    return param && (!publicOnly || param.visibility === PARAM_VISIBILITY.PUBLIC) ? param : undefined;
  }

  async findByKey(actor: Actor, paramKey: string): Promise<Param | undefined> {
    const row = await this.scopedSelect(actor)
      .selectAll()
      .where('param_key', '=', paramKey)
      .executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }
}
