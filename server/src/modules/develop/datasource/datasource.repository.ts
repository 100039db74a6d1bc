import type { Datasource } from '@console/contract';
import { PLATFORM } from '../../../core/repository/actors.js';
import { TableRepository } from '../../../core/repository/table-repository.js';
import type { Store } from '../../../core/repository/store.js';
import { defineTable } from '../../../core/repository/table.js';
import { unscoped } from '../../../core/repository/unscoped.js';

/** A data source as stored: its options as JSON text; the sealed password never leaves the server. */
export type DatasourceRecord = Omit<Datasource, 'hasPassword' | 'options'> & { options: string | null };

/** blade_datasource: platform-wide, the platform administrator's only (S3). */
export const datasourceTable = defineTable<DatasourceRecord, 'blade_datasource'>(
  'blade_datasource',
  { tenantScoped: false },
  {
    name: ['string', { filter: true, sort: true }],
    kind: ['string', { filter: true, sort: true }],
    host: ['string', { filter: true }],
    port: ['int'],
    database: ['string', { filter: true }],
    username: ['string'],
    password: ['string', { writeOnly: true }],
    options: ['string'],
    remark: ['string'],
  },
);

export class DatasourceRepository extends TableRepository<DatasourceRecord, 'blade_datasource'> {
  constructor(store: Store) {
    super(store, datasourceTable);
  }

  /** The sealed password of a data source (null: none), for connecting only. */
  async sealedPassword(id: string): Promise<string | null | undefined> {
    const row = await this.scopedSelect(PLATFORM)
      .select('password')
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    return row ? row.password : undefined;
  }

  /** Which of the ids have a stored password (the list's 已设置). */
  async withPassword(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.scopedSelect(PLATFORM)
      .select('id')
      .where(
        'id',
        'in',
        ids.map((id) => BigInt(id)),
      )
      .where('password', 'is not', null)
      .execute();
    return new Set(rows.map((row) => String(row.id)));
  }

  /** Every data source by name, for pickers. */
  async options(): Promise<Array<Pick<DatasourceRecord, 'id' | 'name' | 'kind'>>> {
    const rows = await this.scopedSelect(PLATFORM).select(['id', 'name', 'kind']).orderBy('name').execute();
    return rows.map((row) => ({
      id: String(row.id),
      name: row.name,
      kind: row.kind as DatasourceRecord['kind'],
    }));
  }

  /** The codes of the live tenants bound to one of the data sources. */
  async boundTenants(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    // The tenant table, read across tenants on purpose: which tenants a data source serves.
    const rows = await unscoped(this.store)
      .selectFrom('blade_tenant')
      .select('tenant_id')
      .where(
        'datasource_id',
        'in',
        ids.map((id) => BigInt(id)),
      )
      .where('is_deleted', '=', 0)
      .execute();
    return rows.map((row) => row.tenant_id);
  }
}
