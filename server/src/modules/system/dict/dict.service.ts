import type { Language } from '../../../core/i18n.js';
import { seededEnglish } from '../../../db/seed/dictionaries.js';
import {
  DICT_PARENT_KEY,
  ROOT_PARENT_ID,
  type Dict,
  type DictInput,
  type DictItem,
  type DictNode,
  type Page,
  type TreeNode,
} from '@console/contract';
import { badRequest, notFound } from '../../../core/errors.js';
import { isId } from '../../../core/ids.js';
import { parseListQuery, type Filter, type ListQuery } from '../../../core/list-query.js';
import { inTransaction, whenCommitted, type Actor, type Store } from '../../../core/repository/store.js';
import { forest, toTreeNodes } from '../../../core/tree.js';
import { treeListQuery } from '../../../core/entity-service.js';
import type { DictCache } from './dict-cache.js';
import { DictRepository, type DictTableDef } from './dict.repository.js';
import { removeAll } from '../../../core/entity-service.js';
import { DictInputSchema } from '@console/contract/schema';
import { Type, type Static } from 'typebox';
import { CellError, type SheetImporter } from '../../../core/workbook/sheet-import.js';

const { id: _id, parentId: _parentId, ...dictFields } = DictInputSchema.properties;
/** An imported dictionary row: the form's fields; its parent is the dictionary of its code. */
export const DictImportSchema = Type.Object(dictFields, { additionalProperties: false });
type DictImport = Static<typeof DictImportSchema>;

export interface DictServiceDependencies {
  store: Store;
  /** blade_dict (system, platform-wide) or blade_dict_biz (business, per tenant). */
  def: DictTableDef;
  kind: 'system' | 'biz';
  cache: DictCache;
}

const text = (value: string | null | undefined) => value?.trim() || null;
const dictTitle = (dict: Dict) => dict.dictValue;

/**
 * Dictionaries and business dictionaries (spec §7, "dict and dict-biz"): a dictionary is a parent
 * row (parentId 0) and the entries below it, which carry its code. Sealed rows (isSealed 1) change
 * only by being unsealed, and are never removed while sealed.
 */
export class DictService {
  readonly #dicts: DictRepository;

  constructor(private readonly deps: DictServiceDependencies) {
    this.#dicts = new DictRepository(deps.store, deps.def);
  }

  #column(field: string) {
    return this.deps.def.columns.get(field)!;
  }

  #query(raw: Record<string, unknown>): ListQuery {
    return parseListQuery(raw, this.deps.def, this.deps.store.timeZone);
  }

  #scope(actor: Actor) {
    return this.deps.kind === 'system'
      ? ({ kind: 'system' } as const)
      : ({ kind: 'biz', tenantId: actor.tenantId } as const);
  }

  async #rows(actor: Actor, query: Pick<ListQuery, 'filters' | 'orders'>): Promise<Dict[]> {
    const rows = await this.#dicts.listAll(actor, query);
    if (!rows) throw badRequest('list.tooLarge');
    return rows;
  }

  /** `list`: every row under the filters, as a tree (BladeX answers a tree). */
  async list(actor: Actor, raw: Record<string, unknown>): Promise<DictNode[]> {
    return forest(await this.#rows(actor, this.#query(treeListQuery(raw))));
  }

  /** `parent-list`: a page of dictionaries (parent rows) under the filters, by sort unless asked otherwise. */
  async parentList(actor: Actor, raw: Record<string, unknown>): Promise<Page<Dict>> {
    const query = this.#query(raw);
    query.filters.push({ column: this.#column('parentId'), op: 'equal', value: ROOT_PARENT_ID });
    if (query.orders.length === 0)
      query.orders.push(
        { column: this.#column('sort'), direction: 'asc' },
        { column: this.#column('id'), direction: 'asc' },
      );
    return this.#dicts.page(actor, query);
  }

  /**
   * `child-list?parentId=`: the entries of the parent's dictionary (every row with its code but
   * the parent itself) under the filters, as a tree. No parent asked for: none.
   */
  async childList(actor: Actor, raw: Record<string, unknown>): Promise<DictNode[]> {
    const { parentId: rawParentId, ...rest } = treeListQuery(raw);
    const parentId = typeof rawParentId === 'string' ? rawParentId.trim() : '';
    if (parentId === '' || parentId === '-1' || parentId === ROOT_PARENT_ID) return [];
    if (!isId(parentId)) throw badRequest('query.filter', { field: 'parentId' });
    const parent = await this.#dicts.findById(actor, parentId);
    if (!parent) throw notFound();
    const query = this.#query(rest);
    const filters: Filter[] = [
      ...query.filters,
      { column: this.#column('code'), op: 'equal', value: parent.code },
      { column: this.#column('id'), op: 'notEqual', value: parent.id },
    ];
    return forest(await this.#rows(actor, { filters, orders: query.orders }));
  }

  async detail(actor: Actor, id: string): Promise<Dict> {
    const dict = await this.#dicts.findById(actor, id);
    if (!dict) throw notFound();
    return dict;
  }

  /**
   * `tree`: the rows as a tree of choices. `code=DICT` (what BladeX's console sends) or no code:
   * every dictionary with its entries; another code: that dictionary only.
   */
  async tree(actor: Actor, code: string | undefined): Promise<TreeNode[]> {
    const wanted = code?.trim();
    const filters: Filter[] =
      wanted && wanted !== 'DICT' ? [{ column: this.#column('code'), op: 'equal', value: wanted }] : [];
    return toTreeNodes(forest(await this.#rows(actor, { filters, orders: [] })), dictTitle);
  }

  /**
   * `dictionary?code=`: the dictionary's entries by sort, from the per-process cache; to an English
   * console the seeded system entries in English (while their stored value is the seeded one).
   */
  async dictionary(actor: Actor, code: string | undefined, language: Language = 'zh'): Promise<DictItem[]> {
    const wanted = code?.trim();
    if (!wanted) return [];
    const items = await this.deps.cache.get(this.#scope(actor), wanted, () =>
      this.#dicts.items(actor, wanted),
    );
    if (language !== 'en' || this.deps.kind !== 'system') return items;
    return items.map((item) => {
      const english = seededEnglish(wanted, item.dictKey, item.dictValue);
      return english ? { ...item, dictValue: english } : item;
    });
  }

  /**
   * Creates without an id, updates with one. Without a parent: a dictionary, whose code is unique
   * among dictionaries (and passes to its entries when it changes). With one: an entry of the
   * parent's dictionary, with the parent's code and a key unique within it. A sealed row accepts
   * only a submit that unseals it and changes nothing else.
   */
  async submit(actor: Actor, input: DictInput): Promise<Dict> {
    const id = input.id || undefined;
    const parentId = input.parentId && input.parentId !== ROOT_PARENT_ID ? input.parentId : ROOT_PARENT_ID;
    const isParent = parentId === ROOT_PARENT_ID;
    const saved = await inTransaction(this.deps.store, async (tx) => {
      const dicts = new DictRepository(tx, this.deps.def);
      const existing = id === undefined ? undefined : await dicts.findById(actor, id);
      if (id !== undefined && !existing) throw notFound();
      const fields = {
        dictValue: input.dictValue.trim(),
        sort: input.sort,
        remark: text(input.remark),
        // BladeX's default: without isSealed a new row is unsealed and an existing one keeps its own
        // (so leaving it out never unseals).
        isSealed: input.isSealed ?? existing?.isSealed ?? 0,
      };
      if (existing && existing.isSealed === 1) {
        const unchanged =
          existing.parentId === parentId &&
          existing.dictValue === fields.dictValue &&
          existing.sort === fields.sort &&
          existing.remark === fields.remark &&
          (isParent ? existing.code === input.code.trim() : existing.dictKey === text(input.dictKey));
        if (!unchanged || fields.isSealed !== 0) throw badRequest('dict.sealed');
      }
      if (existing && (existing.parentId === ROOT_PARENT_ID) !== isParent)
        throw badRequest('dict.parentChange');

      let code: string;
      let dictKey: string;
      if (isParent) {
        code = input.code.trim();
        dictKey = DICT_PARENT_KEY;
        if (await dicts.parentWithCode(actor, code, id)) throw badRequest('dict.code.exists', { code });
      } else {
        const parent = await dicts.findById(actor, parentId);
        if (!parent) throw badRequest('dict.parentMissing');
        // Walk up from the parent: meeting the row itself would make a cycle.
        for (let at: Dict | undefined = parent, steps = 0; at && steps < 100; steps++) {
          if (at.id === id) throw badRequest('dict.parentSelf');
          at = at.parentId === ROOT_PARENT_ID ? undefined : await dicts.findById(actor, at.parentId);
        }
        code = parent.code;
        const key = text(input.dictKey);
        if (key === null) throw badRequest('dict.dictKey.required');
        dictKey = key;
        if (await dicts.holder(actor, code, dictKey, id))
          throw badRequest('dict.dictKey.exists', { dictKey });
      }

      const values = { ...fields, parentId, code, dictKey };
      if (!existing) return dicts.insert(actor, values);
      if (!(await dicts.update(actor, existing.id, values))) throw notFound();
      if (isParent && existing.code !== code) await dicts.recode(actor, existing.code, code);
      return existing.id;
    });
    // After the commit: an import saves its rows in one transaction of its own, which this joins.
    await whenCommitted(this.deps.store, () => this.deps.cache.changed(this.#scope(actor)));
    return this.detail(actor, saved);
  }

  /**
   * The import (core/workbook/sheet-import.ts): a row without a key is a dictionary (its code), a
   * row with one an entry of the dictionary of its code, which must be there already or on an
   * earlier row. The key column is the key: a dictionary by its code, an entry by code and key.
   * Each row saved by submit in the import's transaction.
   */
  importer(): SheetImporter<DictImport> {
    const findParent = (dicts: DictRepository, actor: Actor, code: string) =>
      dicts.parentWithCode(actor, code);
    return {
      columns: async () => [
        { header: 'dict.code', field: 'code', width: 20, note: 'dict.import.code' },
        { header: 'dict.dictKey', field: 'dictKey', note: 'dict.import.dictKey' },
        { header: 'dict.dictValue', field: 'dictValue', width: 24 },
        { header: 'dict.sort', field: 'sort', kind: 'int' },
        { header: 'dict.isSealed', field: 'isSealed', kind: 'int' },
        { header: 'dict.remark', field: 'remark', width: 28 },
      ],
      schema: DictImportSchema,
      keys: ['dictKey'],
      storeFor: async () => this.deps.store,
      findByKey: async (tx, actor, _key, input) => {
        const dicts = new DictRepository(tx, this.deps.def);
        const key = text(input.dictKey);
        return (
          key === null
            ? await findParent(dicts, actor, input.code.trim())
            : await dicts.holder(actor, input.code.trim(), key)
        )?.id;
      },
      store: async (tx, actor, input, existing) => {
        const dicts = new DictRepository(tx, this.deps.def);
        const key = text(input.dictKey);
        let parentId: string = ROOT_PARENT_ID;
        if (key !== null) {
          const parent = await findParent(dicts, actor, input.code.trim());
          if (!parent) throw new CellError('code', 'import.unknownRelated', { name: input.code.trim() });
          parentId = parent.id;
        }
        await new DictService({ ...this.deps, store: tx }).submit(actor, {
          ...input,
          parentId,
          ...(existing ? { id: existing } : {}),
        });
      },
    };
  }

  /**
   * Removes all of the ids or none: an id that is not there answers 404; a sealed row, or a row
   * with rows below it (other than ones removed with it), is refused, naming them.
   */
  async remove(actor: Actor, rawIds: string): Promise<number> {
    const removed = await removeAll(
      this.deps.store,
      (tx) => new DictRepository(tx, this.deps.def),
      actor,
      rawIds,
      async (found, tx, ids) => {
        const sealed = found.filter((dict) => dict.isSealed === 1).map((dict) => dict.dictValue);
        if (sealed.length > 0)
          throw badRequest('dict.sealedRemove', { names: sealed.slice(0, 5).join(', ') });
        const children = await new DictRepository(tx, this.deps.def).remainingChildren(actor, ids);
        if (children.length > 0) throw badRequest('dict.hasChildren', { names: children.join(', ') });
      },
    );
    // After the commit: an import saves its rows in one transaction of its own, which this joins.
    await whenCommitted(this.deps.store, () => this.deps.cache.changed(this.#scope(actor)));
    return removed.length;
  }
}
