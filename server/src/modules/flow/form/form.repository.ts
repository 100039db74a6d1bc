import type { FlowForm, FlowFormVersion } from '@console/contract';
import { AuditFieldsSchema, FlowFormSchema } from '@console/contract/schema';
import { Type, type Static } from 'typebox';
import type { Actor, Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';

/** Forms (blade_flow_form); their definitions are in their versions (below). */
export const flowFormTable = defineTable(
  FlowFormSchema,
  'blade_flow_form',
  { tenantScoped: true },
  {
    filter: ['formKey', 'name', 'category', 'published'],
    sort: ['formKey', 'name', 'category', 'version', 'published'],
  },
);

export class FlowFormRepository extends TableRepository<FlowForm, 'blade_flow_form'> {
  constructor(store: Store) {
    super(store, flowFormTable);
  }

  /** The live form of the caller's tenant with the key. */
  async findByKey(actor: Actor, formKey: string): Promise<FlowForm | undefined> {
    const row = await this.scopedSelect(actor).selectAll().where('form_key', '=', formKey).executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  /**
   * Moves a form from version `from` to the next, if it is still at `from`: of two saves of a
   * published form at once, one makes the next version and the other finds it moved (false).
   */
  async takeNextVersion(actor: Actor, id: string, from: number): Promise<boolean> {
    const result = await this.scopedUpdate(actor)
      .set({ version: from + 1 })
      .where('id', '=', BigInt(id))
      .where('version', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

export const FormVersionRecordSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  formId: Type.String(),
  version: Type.Integer(),
  definition: Type.String(),
});
export type FormVersionRecord = Static<typeof FormVersionRecordSchema>;

/** The versions of forms (blade_flow_form_version): each version's definition as JSON. */
export const flowFormVersionTable = defineTable<FormVersionRecord, 'blade_flow_form_version'>(
  'blade_flow_form_version',
  { tenantScoped: true },
  {
    formId: ['id', { filter: true }],
    version: ['int', { filter: true, sort: true }],
    definition: ['text'],
  },
);

export class FlowFormVersionRepository extends TableRepository<FormVersionRecord, 'blade_flow_form_version'> {
  constructor(store: Store) {
    super(store, flowFormVersionTable);
  }

  /** A form's versions, the latest first. */
  async versionsOf(actor: Actor, formId: string): Promise<FlowFormVersion[]> {
    const rows = await this.scopedSelect(actor)
      .select(['version', 'create_user', 'create_time'])
      .where('form_id', '=', BigInt(formId))
      .orderBy('version', 'desc')
      .execute();
    return rows.map((row) => {
      const record = this.toEntity(row);
      return { version: record.version, createUser: record.createUser, createTime: record.createTime };
    });
  }

  /** One version of a form. */
  async at(actor: Actor, formId: string, version: number): Promise<FormVersionRecord | undefined> {
    const row = await this.scopedSelect(actor)
      .selectAll()
      .where('form_id', '=', BigInt(formId))
      .where('version', '=', version)
      .executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  /** The ids of the versions of these forms (removed with them). */
  async idsOfForms(actor: Actor, formIds: readonly string[]): Promise<string[]> {
    if (formIds.length === 0) return [];
    const rows = await this.scopedSelect(actor)
      .select('id')
      .where(
        'form_id',
        'in',
        formIds.map((id) => BigInt(id)),
      )
      .execute();
    return rows.map((row) => String(row.id));
  }
}
