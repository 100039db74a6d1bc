import type { Page, Region } from '@console/contract';
import { RegionSchema } from '@console/contract/schema';
import type { Kysely } from 'kysely';
import type { ListQuery } from '../../../core/list-query.js';
import { pageOf } from '../../../core/repository/page.js';
import type { Store } from '../../../core/repository/store.js';
import { defineTable, rowToEntity, toDb } from '../../../core/repository/table.js';
import type { Database } from '../../../db/schema.js';
import { unscoped } from '../../../core/repository/unscoped.js';

/**
 * Regions (blade_region) as BladeX keeps them: keyed by code, platform-wide, without audit columns
 * or soft delete. Lists go through the one list-query mechanism (filters and sorts on declared
 * columns only); ties are settled by the code.
 */
export const regionTable = defineTable(
  RegionSchema,
  'blade_region',
  { tenantScoped: false, audit: false, key: 'code' },
  {
    filter: [
      'code',
      'parentCode',
      'ancestors',
      'name',
      'level',
      'remark',
      'provinceCode',
      'provinceName',
      'cityCode',
      'cityName',
      'districtCode',
      'districtName',
      'townCode',
      'townName',
      'villageCode',
      'villageName',
    ],
    sort: ['code', 'parentCode', 'name', 'level', 'sort'],
  },
);

/** The per-level code and name columns (level 1 province … 5 village). */
export const LEVEL_COLUMNS: Record<number, { code: keyof Region; name: keyof Region }> = {
  1: { code: 'provinceCode', name: 'provinceName' },
  2: { code: 'cityCode', name: 'cityName' },
  3: { code: 'districtCode', name: 'districtName' },
  4: { code: 'townCode', name: 'townName' },
  5: { code: 'villageCode', name: 'villageName' },
};

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export class RegionRepository {
  readonly #db: Kysely<Database>;

  constructor(private readonly store: Store) {
    this.#db = unscoped(store);
  }

  #entity(row: Record<string, unknown>): Region {
    return rowToEntity(regionTable, row, this.store.timeZone);
  }

  #columns(values: Partial<Region>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(values)) {
      const column = regionTable.columns.get(field);
      if (column && value !== undefined) out[column.name] = toDb(column.kind, value);
    }
    return out;
  }

  async page(query: ListQuery): Promise<Page<Region>> {
    return pageOf(this.#db.selectFrom('blade_region'), query, (row) => this.#entity(row), regionTable.key);
  }

  async findByCode(code: string): Promise<Region | undefined> {
    const row = await this.#db
      .selectFrom('blade_region')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirst();
    return row ? this.#entity(row) : undefined;
  }

  /** The regions directly below one, by sort then code. */
  async childrenOf(parentCode: string): Promise<Region[]> {
    const rows = await this.#db
      .selectFrom('blade_region')
      .selectAll()
      .where('parent_code', '=', parentCode)
      .orderBy('sort')
      .orderBy('code')
      .execute();
    return rows.map((row) => this.#entity(row));
  }

  /** Which of the regions have regions below them. */
  async withChildren(codes: readonly string[]): Promise<Set<string>> {
    if (codes.length === 0) return new Set();
    const rows = await this.#db
      .selectFrom('blade_region')
      .select('parent_code')
      .distinct()
      .where('parent_code', 'in', [...codes])
      .execute();
    return new Set(rows.map((row) => row.parent_code));
  }

  async insert(region: Region): Promise<void> {
    await this.#db
      .insertInto('blade_region')
      .values(this.#columns(region) as never)
      .execute();
  }

  async update(code: string, values: Partial<Region>): Promise<boolean> {
    const result = await this.#db
      .updateTable('blade_region')
      .set(this.#columns(values))
      .where('code', '=', code)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A renamed region's name in the level columns of every region below it. */
  async renameBelow(code: string, level: number, name: string): Promise<void> {
    const columns = LEVEL_COLUMNS[level];
    if (!columns) return;
    await this.#db
      .updateTable('blade_region')
      .set({ [snake(columns.name)]: name })
      .where(snake(columns.code) as 'code', '=', code)
      .where('code', '<>', code)
      .execute();
  }

  /** Deletes one region (BladeX deletes regions outright); false when there is no such region. */
  async delete(code: string): Promise<boolean> {
    const result = await this.#db.deleteFrom('blade_region').where('code', '=', code).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
