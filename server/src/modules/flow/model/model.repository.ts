import type { FlowModel } from '@console/contract';
import { FlowModelSchema } from '@console/contract/schema';
import type { Actor, Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';

/** BPMN models as edited (blade_flow_model); lists leave the XML out, detail adds it. */
export const flowModelTable = defineTable(
  FlowModelSchema,
  'blade_flow_model',
  { tenantScoped: true },
  {
    kinds: { deployTime: 'datetime' },
    filter: ['modelKey', 'name', 'category', 'description'],
    sort: ['modelKey', 'name', 'category', 'version', 'deployTime'],
    writeOnly: { xml: 'string' },
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
