import type { Code } from '@console/contract';
import { TableRepository } from '../../../core/repository/table-repository.js';
import type { Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';

/** A code record as stored: its column grid as JSON text. */
export type CodeRecord = Omit<Code, 'columns'> & { columns: string };

/** blade_code: platform-wide, the platform administrator's only (S3, S6). */
export const codeTable = defineTable<CodeRecord, 'blade_code'>(
  'blade_code',
  { tenantScoped: false },
  {
    codeName: ['string', { filter: true, sort: true }],
    datasourceId: ['id', { filter: true }],
    tableName: ['string', { filter: true, sort: true }],
    moduleName: ['string', { filter: true, sort: true }],
    apiPrefix: ['string', { filter: true }],
    menuParentId: ['id'],
    pageTitle: ['string', { filter: true }],
    columns: ['text'],
  },
);

export class CodeRepository extends TableRepository<CodeRecord, 'blade_code'> {
  constructor(store: Store) {
    super(store, codeTable);
  }
}
