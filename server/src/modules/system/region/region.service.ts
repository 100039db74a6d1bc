import {
  REGION_LEVEL,
  REGION_LIMITS,
  REGION_ROOT_CODE,
  type Page,
  type Region,
  type RegionInput,
  type TreeNode,
} from '@console/contract';
import { badRequest, notFound } from '../../../core/errors.js';
import { parseListQuery } from '../../../core/list-query.js';
import { RegionInputSchema } from '@console/contract/schema';
import { CellError, type SheetImporter } from '../../../core/workbook/sheet-import.js';
import { inTransaction, type Store } from '../../../core/repository/store.js';
import { lazyTreeNodes } from '../../../core/tree.js';
import { LEVEL_COLUMNS, RegionRepository, regionTable } from './region.repository.js';

const CODE = /^\d{1,12}$/;

/**
 * Regions (spec §7, "region"): the administrative divisions of China, platform-wide reference data
 * (the platform administrator writes them). A region's ancestors, level and per-level codes and
 * names follow from its parent, as BladeX derives them.
 */
export class RegionService {
  readonly #regions: RegionRepository;

  constructor(private readonly store: Store) {
    this.#regions = new RegionRepository(store);
  }

  list(raw: Record<string, unknown>): Promise<Page<Region>> {
    return this.#regions.page(parseListQuery(raw, regionTable, this.store.timeZone));
  }

  async detail(code: string): Promise<Region> {
    const region = await this.#regions.findByCode(code.trim());
    if (!region) throw notFound();
    return region;
  }

  async #children(parentCode: string | undefined): Promise<Array<Region & { hasChildren: boolean }>> {
    const rows = await this.#regions.childrenOf(parentCode?.trim() || REGION_ROOT_CODE);
    const withChildren = await this.#regions.withChildren(rows.map((row) => row.code));
    return rows.map((row) => ({ ...row, hasChildren: withChildren.has(row.code) }));
  }

  /** `lazy-list?parentCode=`: the regions directly below one (default: the provinces), with hasChildren. */
  lazyList(parentCode: string | undefined): Promise<Array<Region & { hasChildren: boolean }>> {
    return this.#children(parentCode);
  }

  /** `select?code=` (BladeX's select): the regions directly below one (default: the provinces). */
  select(code: string | undefined): Promise<Region[]> {
    return this.#regions.childrenOf(code?.trim() || REGION_ROOT_CODE);
  }

  /** `lazy-tree?parentCode=`: one level of the tree of choices; id, key and value are the codes. */
  async lazyTree(parentCode: string | undefined): Promise<TreeNode[]> {
    const rows = await this.#children(parentCode);
    return lazyTreeNodes(
      rows.map((row) => ({ id: row.code, parentId: row.parentCode, name: row.name })),
      new Set(rows.filter((row) => row.hasChildren).map((row) => row.code)),
      (row) => row.name,
    );
  }

  /**
   * A code that exists updates that region (name, sort, remark; its name follows in the regions
   * below it); another creates one under parentCode. A region cannot change its parent.
   */
  async submit(input: RegionInput): Promise<{ region: Region; created: boolean }> {
    const code = input.code.trim();
    const parentCode = input.parentCode.trim();
    if (!CODE.test(code)) throw badRequest('region.code.invalid');
    const name = input.name.trim();
    const values = { name, sort: input.sort, remark: input.remark?.trim() || null };
    const created = await inTransaction(this.store, async (tx) => {
      const regions = new RegionRepository(tx);
      const existing = await regions.findByCode(code);
      if (existing) {
        if (existing.parentCode !== parentCode) throw badRequest('region.parentFixed', { code });
        const own = LEVEL_COLUMNS[existing.level];
        await regions.update(code, { ...values, ...(own ? { [own.name]: name } : {}) });
        if (existing.name !== name) await regions.renameBelow(code, existing.level, name);
        return false;
      }
      const parent = await regions.findByCode(parentCode);
      if (!parent) throw badRequest('region.parentMissing');
      const level = parent.level + 1;
      if (level > REGION_LEVEL.VILLAGE) throw badRequest('region.tooDeep');
      const ancestors =
        parent.level === REGION_LEVEL.COUNTRY ? parent.code : `${parent.ancestors},${parent.code}`;
      if (ancestors.length > REGION_LIMITS.ancestors) throw badRequest('region.tooDeep');
      const own = LEVEL_COLUMNS[level]!;
      await regions.insert({
        ...parent,
        ...values,
        code,
        parentCode,
        ancestors,
        level,
        [own.code]: code,
        [own.name]: name,
      });
      return true;
    });
    return { region: await this.detail(code), created };
  }

  /**
   * The import (core/workbook/sheet-import.ts): each row saved by submit in the import's
   * transaction, parents before children (a parent on an earlier row counts). Without the key
   * column a code that exists is refused (submit would update it); with it, it is updated.
   */
  importer(): SheetImporter<RegionInput> {
    return {
      columns: async () => [
        { header: 'region.parentCode', field: 'parentCode', note: 'region.import.parentCode' },
        { header: 'region.code', field: 'code' },
        { header: 'region.name', field: 'name', width: 24 },
        { header: 'region.sort', field: 'sort', kind: 'int' },
        { header: 'region.remark', field: 'remark', width: 28 },
      ],
      schema: RegionInputSchema,
      keys: ['code'],
      storeFor: async () => this.store,
      findByKey: async (tx, _actor, _key, input) =>
        (await new RegionRepository(tx).findByCode(input.code.trim()))?.code,
      store: async (tx, _actor, input, existing) => {
        if (existing === undefined && (await new RegionRepository(tx).findByCode(input.code.trim())))
          throw new CellError('code', 'region.import.exists', { code: input.code.trim() });
        await new RegionService(tx).submit(input);
      },
    };
  }

  /** Deletes one region (by its code); one with regions below it is refused, naming them. */
  async remove(code: string): Promise<void> {
    await inTransaction(this.store, async (tx) => {
      const regions = new RegionRepository(tx);
      if (!(await regions.findByCode(code))) throw notFound();
      const children = await regions.childrenOf(code);
      if (children.length > 0)
        throw badRequest('region.hasChildren', {
          names: children
            .slice(0, 5)
            .map((child) => child.name)
            .join(', '),
        });
      if (!(await regions.delete(code))) throw notFound();
    });
  }
}
