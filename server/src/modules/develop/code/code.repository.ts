import type { Code } from '@console/contract';
import { TableRepository } from '../../../core/repository/table-repository.js';
import type { Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';
import { unscoped } from '../../../core/repository/unscoped.js';

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

/**
 * What the generator checks against the console's own database: the menus (platform rows, read
 * across tenants) and the tables. Read-only.
 */
export class ConsoleCatalogRepository {
  constructor(private readonly store: Store) {}

  /** The code of a live menu, by id. */
  async menuCode(id: string): Promise<string | undefined> {
    const row = await unscoped(this.store)
      .selectFrom('blade_menu')
      .select('code')
      .where('id', '=', BigInt(id))
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return row?.code;
  }

  /** Those of the codes that live menus have. */
  async menuCodesTaken(codes: readonly string[]): Promise<string[]> {
    if (codes.length === 0) return [];
    const rows = await unscoped(this.store)
      .selectFrom('blade_menu')
      .select('code')
      .where('code', 'in', [...codes])
      .where('is_deleted', '=', 0)
      .execute();
    return rows.map((row) => row.code);
  }

  /** The names of the console database's tables, lower case. */
  async tableNames(): Promise<Set<string>> {
    const tables = await unscoped(this.store).introspection.getTables();
    return new Set(tables.map((table) => table.name.toLowerCase()));
  }
}
