import { AuditFieldsSchema, Nullable } from '@console/contract/schema';
import type { Page } from '@console/contract';
import { Type, type Static } from 'typebox';
import type { ListQuery } from '../../../core/list-query.js';
import type { Actor, Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';
import { unscoped } from '../../../core/repository/unscoped.js';

/** A process definition row as the server holds it; the wire shape (FlowDefinition) is mapped from it. */
export const DefinitionRecordSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  deploymentId: Type.String(),
  processKey: Type.String(),
  name: Type.String(),
  version: Type.Integer(),
  category: Nullable(Type.String()),
  suspensionState: Type.Integer(),
  resourceName: Nullable(Type.String()),
  deployTime: Type.String(),
});
export type DefinitionRecord = Static<typeof DefinitionRecordSchema>;

/** One version of a process (blade_flow_definition), from one deployment. */
export const flowDefinitionTable = defineTable<DefinitionRecord, 'blade_flow_definition'>(
  'blade_flow_definition',
  { tenantScoped: true },
  {
    deploymentId: ['id', { filter: true }],
    processKey: ['string', { filter: true, sort: true }],
    name: ['string', { filter: true, sort: true }],
    version: ['int', { filter: true, sort: true }],
    category: ['string', { filter: true, sort: true }],
    suspensionState: ['int', { filter: true, sort: true }],
    resourceName: ['string'],
    deployTime: ['datetime', { filter: true, sort: true }],
    xml: ['string', { writeOnly: true }],
    formPins: ['string', { writeOnly: true }],
  },
);

export class FlowDefinitionRepository extends TableRepository<DefinitionRecord, 'blade_flow_definition'> {
  constructor(store: Store) {
    super(store, flowDefinitionTable);
  }

  /**
   * The next version of a process key in a tenant: removed definitions count too, so a version is
   * never given twice (the unique index on tenant, key and version holds the line under races).
   */
  async nextVersion(tenantId: string, processKey: string): Promise<number> {
    // Deliberately unscoped: removed rows count (the caller passes its tenant).
    const row = await unscoped(this.store)
      .selectFrom('blade_flow_definition')
      .select((eb) => eb.fn.max('version').as('top'))
      .where('tenant_id', '=', tenantId)
      .where('process_key', '=', processKey)
      .executeTakeFirst();
    return Number(row?.top ?? 0) + 1;
  }

  /** The versions of its forms a definition pinned when deployed (JSON), null when it binds none. */
  async formPinsOf(actor: Actor, id: string): Promise<string | null | undefined> {
    const row = await (
      await this.visibleSelect(actor)
    )
      .select('form_pins')
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    return row?.form_pins;
  }

  async xmlOf(actor: Actor, id: string): Promise<string | undefined> {
    const row = await (
      await this.visibleSelect(actor)
    )
      .select('xml')
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    return row?.xml;
  }

  /** Definitions by id in the caller's tenant, removed ones too (the history of finished work). */
  async findAnyByIds(actor: Actor, ids: string[]): Promise<DefinitionRecord[]> {
    if (ids.length === 0) return [];
    // Deliberately includes removed rows: a task's process stays named after its deployment goes.
    const rows = await unscoped(this.store)
      .selectFrom('blade_flow_definition')
      .selectAll()
      .where('tenant_id', '=', actor.tenantId)
      .where(
        'id',
        'in',
        ids.map((id) => BigInt(id)),
      )
      .execute();
    return rows.map((row) => this.toEntity(row));
  }

  /**
   * start-list: a page of the newest active version of each process key (an active version with
   * no newer active one), under the list's filters and order, but for the process keys excepted.
   */
  async latestActivePage(
    actor: Actor,
    query: ListQuery,
    exceptKeys: readonly string[] = [],
  ): Promise<Page<DefinitionRecord>> {
    let newest = this.scopedSelect(actor)
      .where('suspension_state', '=', 1)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('blade_flow_definition as newer')
              .select('newer.id')
              .whereRef('newer.tenant_id', '=', 'blade_flow_definition.tenant_id')
              .whereRef('newer.process_key', '=', 'blade_flow_definition.process_key')
              .whereRef('newer.version', '>', 'blade_flow_definition.version')
              .where('newer.suspension_state', '=', 1)
              .where('newer.is_deleted', '=', 0),
          ),
        ),
      );
    if (exceptKeys.length > 0) newest = newest.where('process_key', 'not in', exceptKeys);
    return this.pageFrom(newest, query);
  }

  /** The newest active version of a process key in the caller's tenant, if any. */
  async latestActive(actor: Actor, processKey: string): Promise<DefinitionRecord | undefined> {
    const row = await this.scopedSelect(actor)
      .selectAll()
      .where('process_key', '=', processKey)
      .where('suspension_state', '=', 1)
      .orderBy('version', 'desc')
      .executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  async ofDeployments(actor: Actor, deploymentIds: string[]): Promise<DefinitionRecord[]> {
    if (deploymentIds.length === 0) return [];
    const rows = await this.scopedSelect(actor)
      .selectAll()
      .where(
        'deployment_id',
        'in',
        deploymentIds.map((id) => BigInt(id)),
      )
      .execute();
    return rows.map((row) => this.toEntity(row));
  }

  async setState(actor: Actor, id: string, suspensionState: number): Promise<boolean> {
    return this.update(actor, id, { suspensionState });
  }

  /** Running instances of these definitions in the caller's tenant. */
  async runningInstances(actor: Actor, definitionIds: string[]): Promise<number> {
    if (definitionIds.length === 0) return 0;
    // Instances are the runtime's table: scoped here by tenant and live rows, written beside it.
    const row = await unscoped(this.store)
      .selectFrom('blade_flow_instance')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', actor.tenantId)
      .where('is_deleted', '=', 0)
      .where('run_state', '=', 1)
      .where(
        'definition_id',
        'in',
        definitionIds.map((id) => BigInt(id)),
      )
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Ends the running instances of these definitions (a cascading delete-deployment). */
  async endInstances(actor: Actor, definitionIds: string[], reason: string): Promise<void> {
    const now = new Date();
    const ids = definitionIds.map((id) => BigInt(id));
    const running = unscoped(this.store)
      .selectFrom('blade_flow_instance')
      .select('id')
      .where('tenant_id', '=', actor.tenantId)
      .where('run_state', '=', 1)
      .where('definition_id', 'in', ids);
    await unscoped(this.store)
      .updateTable('blade_flow_task')
      .set({ task_state: 3, end_time: now })
      .where('tenant_id', '=', actor.tenantId)
      .where('task_state', '=', 1)
      .where('instance_id', 'in', running)
      .execute();
    await unscoped(this.store)
      .updateTable('blade_flow_instance')
      .set({ run_state: 3, end_time: now, delete_reason: reason })
      .where('tenant_id', '=', actor.tenantId)
      .where('run_state', '=', 1)
      .where('definition_id', 'in', ids)
      .execute();
  }
}
