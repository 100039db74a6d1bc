import { AuditFieldsSchema, Nullable } from '@console/contract/schema';
import { Type, type Static } from 'typebox';
import type { Store } from '../../../core/repository/store.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable } from '../../../core/repository/table.js';

export const DeploymentRecordSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  name: Type.String(),
  category: Nullable(Type.String()),
  deployTime: Type.String(),
});
export type DeploymentRecord = Static<typeof DeploymentRecordSchema>;

/** A deployment (blade_flow_deployment): one model deployed, or one upload of BPMN files. */
export const flowDeploymentTable = defineTable<DeploymentRecord, 'blade_flow_deployment'>(
  'blade_flow_deployment',
  { tenantScoped: true },
  {
    name: ['string', { filter: true, sort: true }],
    category: ['string', { filter: true }],
    deployTime: ['datetime', { filter: true, sort: true }],
  },
);

export class FlowDeploymentRepository extends TableRepository<DeploymentRecord, 'blade_flow_deployment'> {
  constructor(store: Store) {
    super(store, flowDeploymentTable);
  }
}
