import type { Page } from '@console/contract';
import {
  createQueryId,
  type CompiledQuery,
  type Insertable,
  type Kysely,
  type SelectQueryBuilder,
  type Updateable,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
import { directReadOf, type DirectRead } from '../../db/database.js';
import type { AuditColumns, Database, TenantScoped } from '../../db/schema.js';
import type { ListQuery } from '../list-query.js';
import {
  filterExpression,
  filterParameters,
  orderTerms,
  pageQueries,
  type AnySelect,
} from './apply-list-query.js';
import { dataScopeNow, dataScopePredicate } from './data-scope.js';
import { countedPage, pageOf } from './page.js';
import { exportRowPages, mapPages, type RowPages } from './row-pages.js';
import type { Actor, Store } from './store.js';
import { rowToEntity, toDb, type AuditedTableName, type ScopePredicate, type TableDef } from './table.js';

/** Distinct statement shapes a repository keeps compiled; past it the memo starts again. */
const COMPILED_SHAPES = 500;

/** Lists answered whole (trees: departments, roles, menus) stop here rather than grow without end. */
export const TREE_LIMIT = 5000;

type Rows = Record<string, unknown>[];

/** A select over table T, typed by the database schema: a wrong column name does not compile. */
export type TableSelect<T extends AuditedTableName> = SelectQueryBuilder<Database, T, object>;
/** An update of table T, typed by the database schema. */
export type TableUpdate<T extends AuditedTableName> = UpdateQueryBuilder<Database, T, T, UpdateResult>;

// The base's own conditions are the same for every audited table, so they are written once
// against that common shape ('row' stands for whichever table T is) and the builder is then handed
// on typed for T. This is the only place the table name is not checked by the compiler.
type CommonShape = { row: AuditColumns & Partial<TenantScoped> };

/** The audit columns of a new row written by actor at now. */
export function insertStamp(actor: Actor, now: Date) {
  const user = toDb('id', actor.userId) as bigint | null;
  return {
    create_user: user,
    create_dept: toDb('id', actor.deptId) as bigint | null,
    create_time: now,
    update_user: user,
    update_time: now,
  };
}

/** The audit columns of a write by actor now (every update and soft delete carries them). */
export function updateStamp(actor: Actor): { update_user: bigint | null; update_time: Date } {
  return { update_user: toDb('id', actor.userId) as bigint | null, update_time: new Date() };
}

/**
 * The base of every repository of a table with the BladeX columns. All reads and writes start from
 * `scopedSelect` / `scopedUpdate`, which carry the soft-delete filter and, for tenant tables, the
 * caller's tenant; `scopedUpdate` also stamps update_user and update_time, and `insert` every audit
 * column: a repository cannot forget them. The calls a client reaches (page, findById, update,
 * softDelete and the `visible*` builders) also carry the caller's data scope when the table
 * declares a resource code (core/repository/data-scope.ts). A deliberate read or write outside the
 * caller's tenant goes through `unscoped` (core/repository/unscoped.ts), never the raw handle.
 */
export class TableRepository<E, T extends AuditedTableName> {
  readonly #common: Kysely<CommonShape>;
  /** Statements compiled once by their shape (see #compiledOnce); null: built every time. */
  readonly #compiled = new Map<string, CompiledQuery[] | null>();
  /** The database's direct read, unless this store is a transaction (db/database.ts). */
  readonly #directRead: DirectRead | undefined;

  constructor(
    protected readonly store: Store,
    protected readonly def: TableDef<E, T>,
  ) {
    this.#common = store.db as unknown as Kysely<CommonShape>;
    this.#directRead = directReadOf(store.db);
  }

  /** The caller's live rows in the common shape: the base's own queries start here. */
  #live(actor: Actor): SelectQueryBuilder<CommonShape, 'row', object> {
    let q = this.#common.selectFrom(this.def.table as 'row').where('is_deleted', '=', 0);
    if (this.def.tenantScoped) q = q.where('tenant_id', '=', actor.tenantId);
    return q;
  }

  #liveUpdate(actor: Actor): UpdateQueryBuilder<CommonShape, 'row', 'row', UpdateResult> {
    let q = this.#common
      .updateTable(this.def.table as 'row')
      .set(updateStamp(actor))
      .where('is_deleted', '=', 0);
    if (this.def.tenantScoped) q = q.where('tenant_id', '=', actor.tenantId);
    return q;
  }

  /** The caller's data scope: at hand for a table without rules (most), else a promise. */
  #scopeOf(actor: Actor): ScopePredicate | null | Promise<ScopePredicate | null> {
    const now = dataScopeNow(this.def, actor);
    return now !== undefined ? now : dataScopePredicate(this.store, this.def, actor);
  }

  async #visible(actor: Actor): Promise<SelectQueryBuilder<CommonShape, 'row', object>> {
    return this.#liveIn(actor, await this.#scopeOf(actor));
  }

  /** The caller's live rows within a data scope already read (none: all of them). */
  #liveIn(actor: Actor, scope: ScopePredicate | null): SelectQueryBuilder<CommonShape, 'row', object> {
    const q = this.#live(actor);
    return scope ? q.where(scope) : q;
  }

  async #visibleUpdate(actor: Actor): Promise<UpdateQueryBuilder<CommonShape, 'row', 'row', UpdateResult>> {
    const scope = await this.#scopeOf(actor);
    const q = this.#liveUpdate(actor);
    return scope ? q.where(scope) : q;
  }

  /** The caller's live rows of T (tenant and soft delete applied). */
  protected scopedSelect(actor: Actor): TableSelect<T> {
    return this.#live(actor) as unknown as TableSelect<T>;
  }

  /**
   * An update of the caller's live rows, stamped with who changed them and when. The stamp is set
   * here: a later `.set()` must not name update_user or update_time again (PostgreSQL refuses a
   * column assigned twice).
   */
  protected scopedUpdate(actor: Actor): TableUpdate<T> {
    return this.#liveUpdate(actor) as unknown as TableUpdate<T>;
  }

  /** scopedSelect plus the caller's data scope: what the caller may see. */
  protected async visibleSelect(actor: Actor): Promise<TableSelect<T>> {
    return (await this.#visible(actor)) as unknown as TableSelect<T>;
  }

  /** scopedUpdate plus the caller's data scope: what the caller may change. */
  protected async visibleUpdate(actor: Actor): Promise<TableUpdate<T>> {
    return (await this.#visibleUpdate(actor)) as unknown as TableUpdate<T>;
  }

  protected toEntity(row: Record<string, unknown>): E {
    return rowToEntity(this.def, row, this.store.timeZone);
  }

  /** Body fields → column values, for the fields a client may write (declared by the table definition). */
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
    // A caller without a data scope on this table (the usual case): its statements are those of
    // every such call of the same shape, compiled once (see #compiledPage).
    if (
      dataScopeNow(this.def, actor) === null &&
      this.visibleSelect === TableRepository.prototype.visibleSelect
    ) {
      const page = this.#compiledPage(actor, query);
      if (page) return page;
    }
    return this.pageFrom(await this.visibleSelect(actor), query);
  }

  /**
   * Statements whose SQL depends only on a shape (the key), not on the values they bind: built
   * with the query builder at the shape's first call and kept if their parameters are exactly
   * `bound` (security S2: every value is a parameter), so that each later call binds its own.
   * Null when they are not (this shape is then built every time).
   */
  #compiledOnce(key: string, bound: unknown[][], build: () => AnySelect[]): CompiledQuery[] | null {
    let statements = this.#compiled.get(key);
    if (statements === undefined) {
      const compiled = build().map((select) => select.compile());
      statements = compiled.every((c, i) => sameValues(c.parameters, bound[i]!)) ? compiled : null;
      if (this.#compiled.size >= COMPILED_SHAPES) this.#compiled.clear();
      this.#compiled.set(key, statements);
    }
    return statements;
  }

  /**
   * Building and compiling a list's two statements with the query builder was about a tenth of a list
   * request's CPU (docs/benchmarks.md, "Where the server spends its extra time"). Without a data
   * scope their SQL depends only on the list's shape: which filters (column and operator) and which
   * order. They bind 0 for is_deleted, the caller's tenant, each filter's parameters, then the page's
   * size and offset. Undefined when this shape is built every time.
   */
  #compiledPage(actor: Actor, query: ListQuery): Promise<Page<E>> | undefined {
    const shape = [
      'page',
      ...query.filters.map((f) => `${f.column.name} ${f.op}`),
      '|',
      ...query.orders.map((o) => `${o.column.name} ${o.direction}`),
    ].join(',');
    const bound = [
      0,
      ...(this.def.tenantScoped ? [actor.tenantId] : []),
      ...query.filters.flatMap(filterParameters),
    ];
    const sliceBound = [...bound, query.size, (query.current - 1) * query.size];
    const statements = this.#compiledOnce(shape, [bound, sliceBound], () => {
      const { count, page } = pageQueries(this.#live(actor) as unknown as AnySelect, query);
      return [count, page];
    });
    if (!statements) return undefined;
    const [count, slice] = statements as [CompiledQuery, CompiledQuery];
    return countedPage(
      () => this.#rowsOf(count, bound),
      () => this.#rowsOf(slice, sliceBound),
      query,
      (row) => this.toEntity(row),
    );
  }

  /** The rows of a compiled statement with these parameters: on the driver when it may. */
  #rowsOf(statement: CompiledQuery, parameters: unknown[]): Rows | Promise<Rows> {
    return (
      this.#directRead?.(statement.sql, parameters) ??
      this.#common
        .executeQuery<Record<string, unknown>>({ ...statement, parameters, queryId: createQueryId() })
        .then((result) => result.rows)
    );
  }

  /** A page of a query built from visibleSelect (with a list's own extra conditions). */
  protected pageFrom(visible: TableSelect<T>, query: ListQuery): Promise<Page<E>> {
    return pageOf(visible as unknown as AnySelect, query, (row) => this.toEntity(row), {
      direct: this.#directRead,
    });
  }

  /**
   * Every visible row under the list's filters, in its order (sort, then id, unless it names
   * others): the lists answered as trees. More than TREE_LIMIT rows answers undefined.
   */
  async listAll(actor: Actor, query: Pick<ListQuery, 'filters' | 'orders'>): Promise<E[] | undefined> {
    const filtered = query.filters.reduce<AnySelect>(
      (q, f) => q.where((eb) => filterExpression(eb, f)),
      (await this.#visible(actor)) as unknown as AnySelect,
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

  /**
   * The visible rows under the list's filters, in the list's order (the key settling ties), as an
   * export reads them: how many (at most `max` + 1) and their pages (core/repository/row-pages.ts).
   */
  async rowPages(
    actor: Actor,
    query: Pick<ListQuery, 'filters' | 'orders'>,
    max: number,
  ): Promise<RowPages<E>> {
    const filtered = query.filters.reduce<AnySelect>(
      (q, f) => q.where((eb) => filterExpression(eb, f)),
      (await this.#visible(actor)) as unknown as AnySelect,
    );
    const key = this.def.key;
    const table = this.#common.selectFrom(this.def.table as 'row') as unknown as AnySelect;
    const rows = await exportRowPages(
      {
        db: this.#common,
        filtered,
        ordered: orderTerms(query.orders, key).reduce<AnySelect>(
          (q, [column, dir]) => q.orderBy(column, dir),
          filtered,
        ),
        key,
        rowsOf: (keys) => table.selectAll().where(key, 'in', keys).execute(),
        keyOf: (row) => row[key],
      },
      max,
    );
    return {
      count: rows.count,
      pages: mapPages(rows.pages, (page) => page.map((row) => this.toEntity(row))),
    };
  }

  async findById(actor: Actor, id: string): Promise<E | undefined> {
    // No await for a table without rules: a read by id is the commonest call (docs/benchmarks.md,
    // "Where the server spends its extra time").
    const pending = this.#scopeOf(actor);
    const scope = pending instanceof Promise ? await pending : pending;
    if (!scope) return this.findLive(actor, id);
    const row = await this.#liveIn(actor, scope).selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  /**
   * The caller's live row by id, whatever the caller's data scope (tenant and soft delete applied). A
   * read by id is the commonest query and the cheapest for the database, so building it with the
   * query builder on every call was a good part of a detail route's cost (docs/benchmarks.md, "Where
   * the server spends its extra time"): its statement is compiled once, binding 0 for is_deleted, the
   * caller's tenant and the id.
   */
  protected async findLive(actor: Actor, id: string): Promise<E | undefined> {
    const byId = () => this.#live(actor).selectAll().where('id', '=', BigInt(id));
    const bound = [0, ...(this.def.tenantScoped ? [actor.tenantId] : []), BigInt(id)];
    const statement = this.#compiledOnce('by id', [bound], () => [byId() as unknown as AnySelect])?.[0];
    const rows = statement ? await this.#rowsOf(statement, bound) : [await byId().executeTakeFirst()];
    return rows[0] ? this.toEntity(rows[0]) : undefined;
  }

  /** The visible rows among ids (in no particular order). */
  async findByIds(actor: Actor, ids: readonly string[]): Promise<E[]> {
    if (ids.length === 0) return [];
    const rows = await (
      await this.#visible(actor)
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
    const row = {
      status: 1,
      ...this.toColumns(values),
      id: BigInt(id),
      ...insertStamp(actor, now),
      is_deleted: 0,
      ...(this.def.tenantScoped ? { tenant_id: actor.tenantId } : {}),
    };
    await this.#common
      .insertInto(this.def.table as 'row')
      .values(row as Insertable<CommonShape['row']>)
      .execute();
    return id;
  }

  /** Inserts several rows in one statement (as `insert` does each); answers their ids in order. */
  async insertMany(actor: Actor, values: Array<Partial<E>>): Promise<string[]> {
    if (values.length === 0) return [];
    const now = new Date();
    const ids = values.map(() => this.store.ids.next());
    const rows = values.map((one, i) => ({
      status: 1,
      ...this.toColumns(one),
      id: BigInt(ids[i]!),
      ...insertStamp(actor, now),
      is_deleted: 0,
      ...(this.def.tenantScoped ? { tenant_id: actor.tenantId } : {}),
    }));
    await this.#common
      .insertInto(this.def.table as 'row')
      .values(rows as Array<Insertable<CommonShape['row']>>)
      .execute();
    return ids;
  }

  /** Updates the writable fields of one visible row; false when there is no such row. */
  async update(actor: Actor, id: string, values: Partial<E>): Promise<boolean> {
    const result = await (
      await this.#visibleUpdate(actor)
    )
      .set(this.toColumns(values) as Updateable<CommonShape['row']>)
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Soft-deletes the visible rows among ids; answers how many were deleted. */
  async softDelete(actor: Actor, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await (
      await this.#visibleUpdate(actor)
    )
      .set({ is_deleted: 1 })
      .where(
        'id',
        'in',
        ids.map((id) => BigInt(id)),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}

/** The same parameters, value for value (dates by their instant). */
function sameValues(actual: readonly unknown[], expected: readonly unknown[]): boolean {
  return (
    actual.length === expected.length &&
    actual.every((value, i) => {
      const other = expected[i];
      if (value instanceof Date && other instanceof Date) return value.getTime() === other.getTime();
      return value === other;
    })
  );
}
