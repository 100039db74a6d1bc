import type { Page } from '@console/contract';
import type { Kysely, UpdateQueryBuilder } from 'kysely';
import type { ListQuery } from '../list-query.js';
import { pageQueries, type AnySelect } from './apply-list-query.js';
import type { Actor, Store } from './store.js';
import { rowToEntity, toDb, type TableDef } from './table.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyUpdate = UpdateQueryBuilder<any, any, any, any>;

/**
 * The base of every repository of a table with the BladeX columns. All reads and writes start from
 * `scopedSelect` / `scopedUpdate`, which carry the soft-delete filter and, for tenant tables, the
 * caller's tenant: a query without them cannot be written through this class.
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
    const { count, page } = pageQueries(this.scopedSelect(actor), query);
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

  async findById(actor: Actor, id: string): Promise<E | undefined> {
    const row = await this.scopedSelect(actor).selectAll().where('id', '=', BigInt(id)).executeTakeFirst();
    return row ? this.toEntity(row) : undefined;
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
    const result = await this.scopedUpdate(actor)
      .set({ ...this.toColumns(values), update_user: toDb('id', actor.userId), update_time: new Date() })
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Soft-deletes the visible rows among ids; answers how many were deleted. */
  async softDelete(actor: Actor, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.scopedUpdate(actor)
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
