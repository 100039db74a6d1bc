import type { Page } from '@console/contract';
import type {
  Insertable,
  Kysely,
  SelectQueryBuilder,
  Updateable,
  UpdateQueryBuilder,
  UpdateResult,
} from 'kysely';
import type { AuditColumns, Database, TenantScoped } from '../../db/schema.js';
import type { ListQuery } from '../list-query.js';
import { filterExpression, orderTerms, type AnySelect } from './apply-list-query.js';
import { dataScopeNow, dataScopePredicate } from './data-scope.js';
import { FAST_PATH, rowReads, type LiveRows, type RowReads } from './fast-path.js';
import { exportRowPages, mapPages, type RowPages } from './row-pages.js';
import type { Actor, Store } from './store.js';
import { rowToEntity, toDb, type AuditedTableName, type ScopePredicate, type TableDef } from './table.js';

/** Lists answered whole (trees: departments, roles, menus) stop here rather than grow without end. */
export const TREE_LIMIT = 5000;

/** A select over table T, typed by the database schema: a wrong column name does not compile. */
export type TableSelect<T extends AuditedTableName> = SelectQueryBuilder<Database, T, object>;
/** An update of table T, typed by the database schema. */
export type TableUpdate<T extends AuditedTableName> = UpdateQueryBuilder<Database, T, T, UpdateResult>;

// The base's own conditions are the same for every audited table, so they are written once, checked
// by the compiler, against the columns every such table has ('row' stands for whichever table T is).
type CommonShape = { row: AuditColumns & Partial<TenantScoped> };
type CommonSelect = SelectQueryBuilder<CommonShape, 'row', object>;
type CommonUpdate = UpdateQueryBuilder<CommonShape, 'row', 'row', UpdateResult>;

/**
 * The database seen as CommonShape, and the base's builders handed on typed for T: the one place the
 * base retypes anything. TypeScript cannot see that table T of Database has the common columns (T is
 * any key of a mapped type whose rows extend AuditColumns), so it cannot check either direction; the
 * builders are the same objects whichever type they carry.
 */
function retyped(db: Kysely<Database>): Kysely<CommonShape>;
function retyped<T extends AuditedTableName>(select: CommonSelect): TableSelect<T>;
function retyped<T extends AuditedTableName>(update: CommonUpdate): TableUpdate<T>;
function retyped(handle: object): unknown {
  return handle;
}

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
 * The base of every repository of a table with the BladeX columns. Its rules, in this file's order:
 * - every read starts from the caller's live rows: not soft-deleted and, for a tenant table, of the
 *   caller's tenant (`scopedSelect`);
 * - the reads and writes a client reaches (page, findById, findByIds, listAll, rowPages, update,
 *   softDelete and the `visible*` builders) also carry the caller's data scope when the table
 *   declares one (core/repository/data-scope.ts);
 * - every write stamps the audit columns: `insert` all of them, every update and soft delete
 *   update_user and update_time (`scopedUpdate`): a repository cannot forget them;
 * - a deliberate read or write outside the caller's tenant goes through `unscoped`
 *   (core/repository/unscoped.ts), never the raw handle.
 * How the commonest reads run (statements compiled once, straight on the driver) is not a rule and
 * is not here: ./fast-path.ts.
 */
export class TableRepository<E, T extends AuditedTableName> {
  readonly #db: Kysely<CommonShape>;
  readonly #reads: RowReads;

  /** `fast`: whether the commonest reads take the fast path (./fast-path.ts); tests run both. */
  constructor(
    protected readonly store: Store,
    protected readonly def: TableDef<E, T>,
    fast = FAST_PATH,
  ) {
    this.#db = retyped(store.db);
    this.#reads = rowReads(store.db, fast);
  }

  /** The caller's live rows: not soft-deleted, and of the caller's tenant for a tenant table. */
  #live(actor: Actor): CommonSelect {
    const q = this.#db.selectFrom(this.def.table as 'row').where('is_deleted', '=', 0);
    return this.def.tenantScoped ? q.where('tenant_id', '=', actor.tenantId) : q;
  }

  /** #live for the fast path, with the values it binds in their order. */
  #liveRows(actor: Actor): LiveRows {
    return {
      select: () => this.#live(actor),
      bound: this.def.tenantScoped ? [0, actor.tenantId] : [0],
    };
  }

  /** An update of the caller's live rows, stamped with who changed them and when. */
  #liveUpdate(actor: Actor): CommonUpdate {
    const q = this.#db
      .updateTable(this.def.table as 'row')
      .set(updateStamp(actor))
      .where('is_deleted', '=', 0);
    return this.def.tenantScoped ? q.where('tenant_id', '=', actor.tenantId) : q;
  }

  /** The caller's data scope on this table, null when nothing restricts it (at hand for most tables). */
  #scopeOf(actor: Actor): ScopePredicate | null | Promise<ScopePredicate | null> {
    const now = dataScopeNow(this.def, actor);
    return now !== undefined ? now : dataScopePredicate(this.store, this.def, actor);
  }

  /** The caller's live rows within a data scope already read (none: all of them). */
  #liveIn(actor: Actor, scope: ScopePredicate | null): CommonSelect {
    const q = this.#live(actor);
    return scope ? q.where(scope) : q;
  }

  /** What the caller may see: live rows within the caller's data scope. */
  async #visible(actor: Actor): Promise<CommonSelect> {
    return this.#liveIn(actor, await this.#scopeOf(actor));
  }

  /** What the caller may change: live rows within the caller's data scope, the update stamped. */
  async #visibleUpdate(actor: Actor): Promise<CommonUpdate> {
    const scope = await this.#scopeOf(actor);
    const q = this.#liveUpdate(actor);
    return scope ? q.where(scope) : q;
  }

  /** The caller's live rows of T (tenant and soft delete applied). */
  protected scopedSelect(actor: Actor): TableSelect<T> {
    return retyped<T>(this.#live(actor));
  }

  /**
   * An update of the caller's live rows, stamped with who changed them and when. The stamp is set
   * here: a later `.set()` must not name update_user or update_time again (PostgreSQL refuses a
   * column assigned twice).
   */
  protected scopedUpdate(actor: Actor): TableUpdate<T> {
    return retyped<T>(this.#liveUpdate(actor));
  }

  /** scopedSelect plus the caller's data scope: what the caller may see. */
  protected async visibleSelect(actor: Actor): Promise<TableSelect<T>> {
    return retyped<T>(await this.#visible(actor));
  }

  /** scopedUpdate plus the caller's data scope: what the caller may change. */
  protected async visibleUpdate(actor: Actor): Promise<TableUpdate<T>> {
    return retyped<T>(await this.#visibleUpdate(actor));
  }

  async page(actor: Actor, query: ListQuery): Promise<Page<E>> {
    const scope = await this.#scopeOf(actor);
    const toEntity = (row: Record<string, unknown>) => this.toEntity(row);
    return scope
      ? this.#reads.page(this.#liveIn(actor, scope), query, toEntity)
      : this.#reads.livePage(this.#liveRows(actor), query, toEntity);
  }

  /** A page of a query built from visibleSelect (with a list's own extra conditions). */
  protected pageFrom(visible: TableSelect<T>, query: ListQuery): Promise<Page<E>> {
    return this.#reads.page(visible, query, (row) => this.toEntity(row));
  }

  /**
   * Every visible row under the list's filters, in its order (sort, then id, unless it names
   * others): the lists answered as trees. More than TREE_LIMIT rows answers undefined.
   */
  async listAll(actor: Actor, query: Pick<ListQuery, 'filters' | 'orders'>): Promise<E[] | undefined> {
    const filtered = query.filters.reduce<AnySelect>(
      (q, f) => q.where((eb) => filterExpression(eb, f)),
      await this.#visible(actor),
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
      await this.#visible(actor),
    );
    const key = this.def.key;
    const table: AnySelect = this.#db.selectFrom(this.def.table as 'row');
    const rows = await exportRowPages(
      {
        db: this.#db,
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
    const scope = await this.#scopeOf(actor);
    if (!scope) return this.findLive(actor, id);
    const row = await this.#liveIn(actor, scope).selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
  }

  /** The caller's live row by id, whatever the caller's data scope (tenant and soft delete applied). */
  protected async findLive(actor: Actor, id: string): Promise<E | undefined> {
    const row = await this.#reads.liveRow(this.#liveRows(actor), BigInt(id));
    return row ? this.toEntity(row) : undefined;
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
    await this.#db
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
    await this.#db
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
}
