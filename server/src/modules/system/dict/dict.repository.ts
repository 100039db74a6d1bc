import type { Dict, DictItem } from '@console/contract';
import { DictSchema } from '@console/contract/schema';
import type { Actor, Store } from '../../../core/repository/store.js';
import { insertStamp, TableRepository } from '../../../core/repository/table-repository.js';
import { defineTable, type TableDef } from '../../../core/repository/table.js';
import { unscoped } from '../../../core/repository/unscoped.js';

const DICT_SPEC = {
  kinds: { parentId: 'id' },
  filter: ['parentId', 'code', 'dictKey', 'dictValue', 'remark', 'isSealed'],
  sort: ['code', 'dictKey', 'dictValue', 'sort', 'isSealed'],
} as const;

/** System dictionaries (blade_dict): platform-wide (the platform administrator writes them). */
export const dictTable = defineTable(
  DictSchema,
  'blade_dict',
  { tenantScoped: false },
  // A system dictionary has no tenant: the entity's tenantId is the business table's.
  { ...DICT_SPEC, computed: { tenantId: true } },
);

/** Business dictionaries (blade_dict_biz): each tenant's own. */
export const dictBizTable = defineTable(DictSchema, 'blade_dict_biz', { tenantScoped: true }, DICT_SPEC);

/** Either dictionary table. */
export type DictTableDef = typeof dictTable | typeof dictBizTable;

const big = (ids: readonly string[]) => ids.map((id) => BigInt(id));

/** The rows of one of the two dictionary tables; the caller's tenant scopes the business one. */
export class DictRepository extends TableRepository<Dict, 'blade_dict'> {
  constructor(store: Store, def: DictTableDef) {
    // The business table is the system one plus tenant_id: the same typed columns serve both.
    super(store, def as TableDef<Dict, 'blade_dict'>);
  }

  /** Every row of a dictionary (its parent included), by sort then id. */
  async byCode(actor: Actor, code: string): Promise<Dict[]> {
    const rows = await this.scopedSelect(actor)
      .selectAll()
      .where('code', '=', code)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((row) => this.toEntity(row));
  }

  /** The entries of a dictionary (every row below its parent), by sort then id: the lookup's answer. */
  async items(actor: Actor, code: string): Promise<DictItem[]> {
    const rows = await this.scopedSelect(actor)
      .select(['id', 'parent_id', 'code', 'dict_key', 'dict_value', 'sort', 'remark'])
      .where('code', '=', code)
      .where('parent_id', '<>', 0n)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: String(row.id),
      parentId: String(row.parent_id),
      code: String(row.code),
      dictKey: String(row.dict_key),
      dictValue: String(row.dict_value),
      sort: Number(row.sort),
      remark: row.remark === null ? null : String(row.remark),
    }));
  }

  /** A row with the code and key other than `exceptId` (codes and keys are unique together). */
  async holder(actor: Actor, code: string, dictKey: string, exceptId?: string): Promise<Dict | undefined> {
    let q = this.scopedSelect(actor).selectAll().where('code', '=', code).where('dict_key', '=', dictKey);
    if (exceptId !== undefined) q = q.where('id', '<>', BigInt(exceptId));
    const row = await q.executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  /** A dictionary (a parent row) with the code, other than `exceptId`. */
  async parentWithCode(actor: Actor, code: string, exceptId?: string): Promise<Dict | undefined> {
    let q = this.scopedSelect(actor).selectAll().where('code', '=', code).where('parent_id', '=', 0n);
    if (exceptId !== undefined) q = q.where('id', '<>', BigInt(exceptId));
    const row = await q.executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  /** Gives every entry below a dictionary its (new) code. */
  async recode(actor: Actor, from: string, to: string): Promise<void> {
    await this.scopedUpdate(actor)
      .set({ code: to })
      .where('code', '=', from)
      .where('parent_id', '<>', 0n)
      .execute();
  }

  /** Names of rows directly below the given ones that are not among them (at most five). */
  async remainingChildren(actor: Actor, ids: readonly string[]): Promise<string[]> {
    const rows = await this.scopedSelect(actor)
      .select('dict_value')
      .where('parent_id', 'in', big(ids))
      .where('id', 'not in', big(ids))
      .orderBy('sort')
      .orderBy('id')
      .limit(5)
      .execute();
    return rows.map((row) => String(row.dict_value));
  }

  /**
   * Copies every row of one tenant's business dictionaries into another tenant (new ids, the
   * parents remapped) in batches: a new tenant starts with the platform tenant's dictionaries.
   */
  async copyTenant(from: Actor, to: Actor): Promise<number> {
    const rows = await this.scopedSelect(from).selectAll().orderBy('id').execute();
    if (rows.length === 0) return 0;
    const ids = new Map(rows.map((row) => [String(row.id), this.store.ids.next()]));
    const now = new Date();
    const copies = rows.map((row) => ({
      ...row,
      id: BigInt(ids.get(String(row.id))!),
      tenant_id: to.tenantId,
      parent_id: BigInt(ids.get(String(row.parent_id)) ?? '0'),
      ...insertStamp(to, now),
    }));
    for (let i = 0; i < copies.length; i += 500)
      await unscoped(this.store)
        .insertInto('blade_dict_biz')
        .values(copies.slice(i, i + 500) as never)
        .execute();
    return copies.length;
  }
}
