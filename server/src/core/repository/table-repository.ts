import type { Page } from '@console/contract';
import type { Kysely, UpdateQueryBuilder } from 'kysely';
import type { ListQuery } from '../list-query.js';
import { filterExpression, orderTerms, pageQueries, type AnySelect } from './apply-list-query.js';
import { dataScopePredicate } from './data-scope.js';
import type { Actor, Store } from './store.js';
import { rowToEntity, toDb, type TableDef } from './table.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyUpdate = UpdateQueryBuilder<any, any, any, any>;

/** Lists answered whole (trees: departments, roles, menus) stop here rather than grow without end. */
export const TREE_LIMIT = 5000;

/**
 * The base of every repository of a table with the BladeX columns. All reads and writes start from
 * `scopedSelect` / `scopedUpdate`, which carry the soft-delete filter and, for tenant tables, the
 * caller's tenant: a query without them cannot be written through this class. The calls a client
 * reaches (page, findById, update, softDelete and the `visible*` builders) also carry the caller's
 * data scope when the table declares a resource code (core/repository/data-scope.ts).
 */
export class TableRepository<E> {
  readonly #db: AnyDb;

  constructor(
    protected readonly store: Store,
    protected readonly def: TableDef<E>,
  ) {
    this.#db = store.db as AnyDb;
  }

  protected scopedSelect(actor: Actor): AnySelect {
    let q = this.#db.selectFrom(this.def.table).where('is_deleted', '=', 0);
    if (this.def.tenantScoped) q = q.where('tenant_id', '=', actor.tenantId);
    return q;
  }

  protected scopedUpdate(actor: Actor): AnyUpdate {
    let q = this.#db.updateTable(this.def.table).where('is_deleted', '=', 0);
    if (this.def.tenantScoped) q = q.where('tenant_id', '=', actor.tenantId);
    return q;
  }

  /** scopedSelect plus the caller's data scope: what the caller may see. */
  protected async visibleSelect(actor: Actor): Promise<AnySelect> {
    const scope = await dataScopePredicate(this.store, this.def, actor);
    const q = this.scopedSelect(actor);
    return scope ? q.where(scope) : q;
  }

  /** scopedUpdate plus the caller's data scope: what the caller may change. */
  protected async visibleUpdate(actor: Actor): Promise<AnyUpdate> {
    const scope = await dataScopePredicate(this.store, this.def, actor);
    const q = this.scopedUpdate(actor);
    return scope ? q.where(scope) : q;
  }

  protected toEntity(row: Record<string, unknown>): E {
    return rowToEntity(this.def, row, this.store.timeZone);
  }

  /** Body fields → column values, for the fields a client may write. */
  protected toColumns(values: Partial<E>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(values as Record<string, unknown>)) {
      const column = this.def.columns.get(field);
      if (!column || column.readOnly || value === undefined) continue;
      out[column.name] = toDb(column.kind, value);
    }
    return out;
  }

  async page(actor: Actor, query: ListQuery): Promise<Page<E>> {
    return this.pageFrom(await this.visibleSelect(actor), query);
  }

  /** A page of a query built from visibleSelect (with a list's own extra conditions). */
  protected async pageFrom(visible: AnySelect, query: ListQuery): Promise<Page<E>> {
    const { count, page } = pageQueries(visible, query);
    const total = Number((await count.executeTakeFirst())?.total ?? 0);
    // Past the last page there is nothing to fetch.
    const rows = total > (query.current - 1) * query.size ? await page.execute() : [];
    return {
      records: rows.map((row) => this.toEntity(row)),
      total,
      size: query.size,
      current: query.current,
      pages: Math.ceil(total / query.size),
    };
  }

  /**
   * Every visible row under the list's filters, in its order (sort, then id, unless it names
   * others): the lists answered as trees. More than TREE_LIMIT rows answers undefined.
   */
  async listAll(actor: Actor, query: Pick<ListQuery, 'filters' | 'orders'>): Promise<E[] | undefined> {
    const filtered = query.filters.reduce<AnySelect>(
      (q, f) => q.where((eb) => filterExpression(eb, f)),
      await this.visibleSelect(actor),
    );
    const sortColumn = this.def.columns.get('sort');
    const orders =
      query.orders.length > 0 || !sortColumn
        ? orderTerms(query.orders)
        : ([
            ['sort', 'asc'],
            ['id', 'asc'],
          ] as Array<[string, 'asc' | 'desc']>);
    const rows = await orders
      .reduce<AnySelect>((q, [column, dir]) => q.orderBy(column, dir), filtered)
      .selectAll()
      .limit(TREE_LIMIT + 1)
      .execute();
    return rows.length > TREE_LIMIT ? undefined : rows.map((row) => this.toEntity(row));
  }

  async findById(actor: Actor, id: string): Promise<E | undefined> {
    const row = await (
      await this.visibleSelect(actor)
    )
      .selectAll()
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  /** The visible rows among ids (in no particular order). */
  async findByIds(actor: Actor, ids: readonly string[]): Promise<E[]> {
    if (ids.length === 0) return [];
    const rows = await (
      await this.visibleSelect(actor)
    )
      .selectAll()
      .where(
        'id',
        'in',
        ids.map((id) => BigInt(id)),
      )
      .execute();
    return rows.map((row) => this.toEntity(row));
  }

  /** Inserts a row with a new id, the caller's tenant and the audit columns; answers the id. */
  async insert(actor: Actor, values: Partial<E>): Promise<string> {
    const id = this.store.ids.next();
    const now = new Date();
    const row: Record<string, unknown> = {
      status: 1,
      ...this.toColumns(values),
      id: BigInt(id),
      create_user: toDb('id', actor.userId),
      create_dept: toDb('id', actor.deptId),
      create_time: now,
      update_user: toDb('id', actor.userId),
      update_time: now,
      is_deleted: 0,
    };
    if (this.def.tenantScoped) row.tenant_id = actor.tenantId;
    await this.#db.insertInto(this.def.table).values(row).execute();
    return id;
  }

  /** Updates the writable fields of one visible row; false when there is no such row. */
  async update(actor: Actor, id: string, values: Partial<E>): Promise<boolean> {
    const result = await (
      await this.visibleUpdate(actor)
    )
      .set({ ...this.toColumns(values), update_user: toDb('id', actor.userId), update_time: new Date() })
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Soft-deletes the visible rows among ids; answers how many were deleted. */
  async softDelete(actor: Actor, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await (
      await this.visibleUpdate(actor)
    )
      .set({ is_deleted: 1, update_user: toDb('id', actor.userId), update_time: new Date() })
      .where(
        'id',
        'in',
        ids.map((id) => BigInt(id)),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
