import type { FlowModel } from '@console/contract';
import type { Actor, Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';

/** BPMN models as edited (blade_flow_model); lists leave the XML out, detail adds it. */
export const flowModelTable = defineTable<FlowModel, 'blade_flow_model'>(
  'blade_flow_model',
  { tenantScoped: true },
  {
    modelKey: ['string', { filter: true, sort: true }],
    name: ['string', { filter: true, sort: true }],
    category: ['string', { filter: true, sort: true }],
    description: ['string', { filter: true }],
    version: ['int', { sort: true }],
    deployTime: ['datetime', { sort: true }],
    xml: ['string', { writeOnly: true }],
  },
);

export class FlowModelRepository extends TableRepository<FlowModel, 'blade_flow_model'> {
  constructor(store: Store) {
    super(store, flowModelTable);
  }

  async findByKey(actor: Actor, modelKey: string): Promise<FlowModel | undefined> {
    const row = await this.scopedSelect(actor)
      .selectAll()
      .where('model_key', '=', modelKey)
      .executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  /** The stored XML of a model the caller sees. */
  async xmlOf(actor: Actor, id: string): Promise<string | undefined> {
    const row = await (
      await this.visibleSelect(actor)
    )
      .select('xml')
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    return row?.xml;
  }
}
