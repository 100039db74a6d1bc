import { AuditFieldsSchema, Nullable } from '@console/contract/schema';
import { Type, type Static } from 'typebox';
import type { Actor, Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';

// The values of the searchable fields of instances' form data (issue 51, part D): one row per
// instance and field, what the work lists' form filter reads (runtime.repository.ts).

export const FormValueRecordSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  instanceId: Type.String(),
  fieldKey: Type.String(),
  fieldValue: Nullable(Type.String()),
});
export type FormValueRecord = Static<typeof FormValueRecordSchema>;

export const flowFormValueTable = defineTable<FormValueRecord, 'blade_flow_form_value'>(
  'blade_flow_form_value',
  { tenantScoped: true },
  {
    instanceId: ['id', { filter: true }],
    fieldKey: ['string', { filter: true }],
    fieldValue: ['string', { filter: true }],
  },
);

export class FlowFormValueRepository extends TableRepository<FormValueRecord, 'blade_flow_form_value'> {
  constructor(store: Store) {
    super(store, flowFormValueTable);
  }

  /** Replaces the instance's values of these fields (a field without a value keeps none). */
  async replace(
    actor: Actor,
    instanceId: string,
    fields: readonly string[],
    values: ReadonlyArray<{ field: string; value: string }>,
  ): Promise<void> {
    if (fields.length > 0) {
      const old = await this.scopedSelect(actor)
        .select('id')
        .where('instance_id', '=', BigInt(instanceId))
        .where('field_key', 'in', [...fields])
        .execute();
      if (old.length > 0)
        await this.softDelete(
          actor,
          old.map((row) => String(row.id)),
        );
    }
    if (values.length > 0)
      await this.insertMany(
        actor,
        values.map((v) => ({ instanceId, fieldKey: v.field, fieldValue: v.value })),
      );
  }
}
