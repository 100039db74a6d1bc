import {
  ROOT_PARENT_ID,
  DEPT_LIMITS,
  type Dept,
  type DeptInput,
  type DeptNode,
  type TreeNode,
} from '@console/contract';

import { DeptInputSchema } from '@console/contract/schema';
import { Type, type Static } from 'typebox';
import { badRequest, notFound } from '../../../core/errors.js';
import { dictLabels } from '../../../core/workbook/dict-labels.repository.js';
import { CellError, type SheetImporter } from '../../../core/workbook/sheet-import.js';
import { isId } from '../../../core/ids.js';
import { parseListQuery } from '../../../core/list-query.js';
import { treeListQuery } from '../../../core/entity-service.js';
import { readingTenant } from '../../../core/repository/actors.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import { ancestorsInclude, forest, lazyTreeNodes, toTreeNodes } from '../../../core/tree.js';
import { idList, UserRepository } from '../../user/user.repository.js';
import { DeptRepository, deptTable } from './dept.repository.js';
import { removeAll } from '../../../core/entity-service.js';

const deptTitle = (dept: Dept) => dept.deptName;

const { id: _id, parentId: _parentId, ...deptFields } = DeptInputSchema.properties;

/** An imported department: the form's fields, its parent named by name (a sheet knows no ids). */
export const DeptImportSchema = Type.Object(
  { ...deptFields, parentName: Type.Optional(Type.String({ maxLength: 64 })) },
  { additionalProperties: false },
);
type DeptImport = Static<typeof DeptImportSchema>;

export class DeptService {
  readonly #depts: DeptRepository;

  constructor(private readonly store: Store) {
    this.#depts = new DeptRepository(store);
  }

  /** `dept/list`: the departments under the filters, as a tree (BladeX answers a tree, not a page). */
  async list(actor: Actor, raw: Record<string, unknown>): Promise<DeptNode[]> {
    const query = parseListQuery(treeListQuery(raw), deptTable, this.store.timeZone);
    const rows = await this.#depts.listAll(actor, query);
    if (!rows) throw badRequest('list.tooLarge');
    return forest(rows);
  }

  /** `dept/lazy-list`: one level (parentId; absent: every department under the filters), no children. */
  async lazyList(actor: Actor, raw: Record<string, unknown>): Promise<DeptNode[]> {
    const query = parseListQuery(treeListQuery(raw), deptTable, this.store.timeZone);
    const rows = await this.#depts.listAll(actor, query);
    if (!rows) throw badRequest('list.tooLarge');
    const withChildren = await this.#depts.withChildren(
      actor,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, hasChildren: withChildren.has(row.id) }));
  }

  async detail(actor: Actor, id: string): Promise<Dept> {
    const dept = await this.#depts.findById(actor, id);
    if (!dept) throw notFound();
    return dept;
  }

  /** `dept/tree`: every department of the tenant as a tree of choices. */
  async tree(actor: Actor, tenantId?: string): Promise<TreeNode[]> {
    const rows = await this.#depts.listAll(readingTenant(actor, tenantId), { filters: [], orders: [] });
    if (!rows) throw badRequest('list.tooLarge');
    return toTreeNodes(forest(rows), deptTitle);
  }

  /** `dept/lazy-tree`: the departments directly below parentId (default: the top ones). */
  async lazyTree(actor: Actor, parentId: string | undefined, tenantId?: string): Promise<TreeNode[]> {
    const reading = readingTenant(actor, tenantId);
    const rows = await this.#depts.childrenOf(reading, parentId || ROOT_PARENT_ID);
    const withChildren = await this.#depts.withChildren(
      reading,
      rows.map((row) => row.id),
    );
    return lazyTreeNodes(rows, withChildren, deptTitle);
  }

  /**
   * `dept/select`: the departments a user belongs to — the signed-in user's without userId (the
   * switch dialog), another user's of the caller's tenant with it.
   */
  async select(actor: Actor, userId: string | undefined): Promise<Dept[]> {
    const users = new UserRepository(this.store);
    const user = userId ? await users.findById(actor, userId) : await users.findSelf(actor);
    if (!user) throw notFound();
    const wanted = idList(user.deptId);
    const found = new Map((await this.#depts.findByIds(actor, wanted)).map((dept) => [dept.id, dept]));
    return wanted.map((id) => found.get(id)).filter((dept): dept is Dept => dept !== undefined);
  }

  /**
   * Creates without an id, updates with one. The parent decides the ancestors; moving a
   * department rewrites the ancestors of every department below it, in the same transaction. A
   * department cannot move under itself or a department below it.
   */
  async submit(actor: Actor, input: DeptInput): Promise<Dept> {
    const id = input.id || undefined;
    const parentId = input.parentId && input.parentId !== ROOT_PARENT_ID ? input.parentId : ROOT_PARENT_ID;
    if (parentId !== ROOT_PARENT_ID && !isId(parentId)) throw badRequest('dept.parentMissing');
    const values = {
      deptName: input.deptName.trim(),
      fullName: input.fullName?.trim() || null,
      deptCategory: input.deptCategory ?? null,
      sort: input.sort,
      remark: input.remark ?? null,
    };
    return inTransaction(this.store, async (tx) => {
      const depts = new DeptRepository(tx);
      await depts.lock(
        actor,
        [id, parentId].filter((x): x is string => !!x && x !== ROOT_PARENT_ID),
      );
      const existing = id === undefined ? undefined : await depts.findById(actor, id);
      if (id !== undefined && !existing) throw notFound();

      let ancestors: string = ROOT_PARENT_ID;
      if (parentId !== ROOT_PARENT_ID) {
        const parent = await depts.findById(actor, parentId);
        if (!parent) throw badRequest('dept.parentMissing');
        if (id !== undefined && (parent.id === id || ancestorsInclude(parent.ancestors, id)))
          throw badRequest('dept.parentSelf');
        ancestors = `${parent.ancestors},${parent.id}`;
      }
      if (ancestors.length > DEPT_LIMITS.ancestors) throw badRequest('dept.tooDeep');

      if (!existing) {
        const created = await depts.insert(actor, { ...values, parentId, ancestors });
        return (await depts.findById(actor, created))!;
      }
      if (existing.ancestors !== ancestors) {
        const from = `${existing.ancestors},${existing.id}`;
        const to = `${ancestors},${existing.id}`;
        const longest = await depts.longestBelow(actor, from);
        if (longest > 0 && longest - from.length + to.length > DEPT_LIMITS.ancestors)
          throw badRequest('dept.tooDeep');
        await depts.moveDescendants(actor, from, to);
      }
      if (!(await depts.update(actor, existing.id, { ...values, parentId, ancestors }))) throw notFound();
      return (await depts.findById(actor, existing.id))!;
    });
  }

  /**
   * The import (core/workbook/sheet-import.ts): a sheet knows no ids, so a department is named by
   * its name (the key column) and its parent by the parent's name, which must be there already or
   * on an earlier row (a tree is imported top down). Each row is saved by submit, in the import's
   * transaction.
   */
  importer(): SheetImporter<DeptImport> {
    const byName = async (depts: DeptRepository, actor: Actor, name: string) => {
      const found = await depts.findByName(actor, name);
      if (found.length > 1) throw new CellError('parentName', 'import.ambiguousRelated', { name });
      return found[0];
    };
    return {
      columns: async (_actor, language) => [
        { header: 'dept.deptName', field: 'deptName', width: 24 },
        { header: 'dept.parentId', field: 'parentName', width: 24, note: 'dept.parentName.note' },
        { header: 'dept.fullName', field: 'fullName', width: 28 },
        {
          header: 'dept.deptCategory',
          field: 'deptCategory',
          kind: 'int',
          labels: await dictLabels(this.store, 'org_category', language),
        },
        { header: 'dept.sort', field: 'sort', kind: 'int' },
        { header: 'dept.remark', field: 'remark', width: 28 },
      ],
      schema: DeptImportSchema,
      keys: ['deptName'],
      storeFor: async () => this.store,
      findByKey: async (tx, actor, _key, input) => {
        const found = await new DeptRepository(tx).findByName(actor, input.deptName.trim());
        if (found.length > 1)
          throw new CellError('deptName', 'import.ambiguousRelated', { name: input.deptName });
        return found[0]?.id;
      },
      store: async (tx, actor, input, existing) => {
        const { parentName, ...fields } = input;
        let parentId: string = ROOT_PARENT_ID;
        if (parentName?.trim()) {
          const parent = await byName(new DeptRepository(tx), actor, parentName.trim());
          if (!parent)
            throw new CellError('parentName', 'import.unknownRelated', { name: parentName.trim() });
          parentId = parent.id;
        }
        await new DeptService(tx).submit(actor, {
          ...fields,
          parentId,
          ...(existing ? { id: existing } : {}),
        });
      },
    };
  }

  /**
   * Removes all of the ids or none: an id that is not there answers 404; a department with
   * departments below it (other than ones removed with it) or with users is refused, naming them.
   */
  async remove(actor: Actor, rawIds: string): Promise<number> {
    const removed = await removeAll(
      this.store,
      (tx) => new DeptRepository(tx),
      actor,
      rawIds,
      async (_rows, tx, ids) => {
        const depts = new DeptRepository(tx);
        const children = await depts.remainingChildren(actor, ids);
        if (children.length > 0) throw badRequest('dept.hasChildren', { names: children.join(', ') });
        const users = await depts.usersIn(actor, ids);
        if (users.length > 0) throw badRequest('dept.hasUsers', { names: users.join(', ') });
      },
    );
    return removed.length;
  }
}
