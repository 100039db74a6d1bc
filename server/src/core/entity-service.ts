import type { Page } from '@console/contract';
import type { Static, TObject, TSchema } from 'typebox';
import { badRequest, notFound } from './errors.js';
import { parseIdList } from './ids.js';
import { parseListQuery } from './list-query.js';
import { inTransaction, type Actor, type Store } from './repository/store.js';
import type { TableRepository } from './repository/table-repository.js';
import type { TenantStores } from './repository/tenant-databases.js';
import type { AuditedTableName, TableDef } from './repository/table.js';

// The list / detail / submit / remove shape most modules share (contract.md, "Requests"), written
// once: a module's service extends EntityService and writes only what is its own — submit's
// checks and values, and the refusals of a removal.

/** The ids of a remove call ("1,2,3"), or a 400 naming the problem. */
export function idsOf(raw: string): string[] {
  const ids = parseIdList(raw);
  if (!ids) throw badRequest('ids.invalid');
  return ids;
}

/** The value, or a 404 when there is none (a detail, or a row changed by id). */
export function found<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw notFound();
  return value;
}

/** List calls answered whole (trees) take filters and sorts; paging parameters mean nothing to them. */
export function treeListQuery(raw: Record<string, unknown>): Record<string, unknown> {
  const { current: _current, size: _size, ...rest } = raw;
  return rest;
}

/** The values an input saves: its fields but the id, an absent optional one null. */
export type InputValues<I> = {
  [K in Exclude<keyof I, 'id'>]-?: undefined extends I[K] ? Exclude<I[K], undefined> | null : I[K];
};

/** The string branches of a field's schema (through unions: Nullable, Optional). */
const stringsOf = (schema: TSchema): TSchema[] => {
  const { anyOf, type } = schema as { anyOf?: TSchema[]; type?: string };
  return anyOf ? anyOf.flatMap(stringsOf) : type === 'string' ? [schema] : [];
};

/**
 * The values a submit saves, read from the input by its schema (the plain shape of a submit): a
 * required string trimmed, an absent optional field null, as is a blank optional code (a string
 * with a pattern: an id, a date); the id left out (it says which row). A service with rules of its
 * own starts from these and overrides what its rules change.
 */
export function inputValues<S extends TObject>(schema: S, input: Static<S>): InputValues<Static<S>> {
  const required = new Set<string>(schema.required ?? []);
  const given = input as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const [field, property] of Object.entries(schema.properties)) {
    if (field === 'id') continue;
    const value = given[field];
    if (required.has(field)) values[field] = typeof value === 'string' ? value.trim() : value;
    else {
      const blankCode = value === '' && stringsOf(property).some((branch) => 'pattern' in branch);
      values[field] = value === undefined || blankCode ? null : value;
    }
  }
  return values as InputValues<Static<S>>;
}

/** What removeAll needs of a repository: TableRepository has both. */
interface Removable<E> {
  findByIds(actor: Actor, ids: readonly string[]): Promise<E[]>;
  softDelete(actor: Actor, ids: string[]): Promise<number>;
}

/**
 * A remove call: all of the ids or none, in one transaction. Every id must name a row the actor
 * sees (else 404, nothing changed); `refuse` may then throw to forbid the removal (rows below, in
 * use, reserved) with the rows in hand. Answers the removed rows (for what follows: caches, files).
 */
export async function removeAll<E>(
  store: Store,
  repositoryOn: (tx: Store) => Removable<E>,
  actor: Actor,
  rawIds: string,
  refuse?: (rows: E[], tx: Store, ids: string[]) => Promise<void> | void,
): Promise<E[]> {
  const ids = idsOf(rawIds);
  return inTransaction(store, async (tx) => {
    const repository = repositoryOn(tx);
    const rows = await repository.findByIds(actor, ids);
    if (rows.length !== ids.length) throw notFound();
    await refuse?.(rows, tx, ids);
    if ((await repository.softDelete(actor, ids)) !== ids.length) throw notFound();
    return rows;
  });
}

export abstract class EntityService<
  E,
  TInput,
  T extends AuditedTableName,
  R extends TableRepository<E, T> = TableRepository<E, T>,
> {
  /** The repository on the service's store (outside transactions). */
  protected readonly repository: R;

  constructor(
    protected readonly store: Store,
    protected readonly table: TableDef<E, T>,
    /** Builds the module's repository on a store: the service's, or a transaction's. */
    protected readonly repositoryOn: (store: Store) => R,
  ) {
    this.repository = repositoryOn(store);
  }

  /** `list`: a page of the visible rows under the query's filters and sorts. */
  list(actor: Actor, query: Record<string, unknown>): Promise<Page<E>> {
    return this.repository.page(actor, parseListQuery(query, this.table, this.store.timeZone));
  }

  /** `detail`: one visible row, or 404. */
  async detail(actor: Actor, id: string): Promise<E> {
    return found(await this.repository.findById(actor, id));
  }

  /** `submit`: creates without an id, updates with one (the module's checks, then `save`). */
  abstract submit(actor: Actor, input: TInput): Promise<E>;

  /**
   * `remove`: all of the ids or none (removeAll). An id that is not there (or not visible) answers
   * 404 and changes nothing; `beforeRemove` refuses removals the module forbids.
   */
  async remove(actor: Actor, rawIds: string): Promise<number> {
    const removed = await removeAll(this.store, this.repositoryOn, actor, rawIds, (rows, tx, ids) =>
      this.beforeRemove(tx, actor, ids, rows),
    );
    return removed.length;
  }

  /** Throws to refuse a removal (rows below, rows in use); runs in the removal's transaction. */
  protected async beforeRemove(_tx: Store, _actor: Actor, _ids: string[], _rows: E[]): Promise<void> {}

  /** Inserts (no id) or updates the visible row id (404 when there is none); answers the stored row. */
  protected save(repository: R, actor: Actor, id: string | undefined, values: Partial<E>): Promise<E> {
    return saveRow(repository, actor, id, values);
  }
}

/** What `save` needs of a repository: TableRepository has it. */
interface Savable<E> {
  insert(actor: Actor, values: Partial<E>): Promise<string>;
  update(actor: Actor, id: string, values: Partial<E>): Promise<boolean>;
  findById(actor: Actor, id: string): Promise<E | undefined>;
}

async function saveRow<E>(
  repository: Savable<E>,
  actor: Actor,
  id: string | undefined,
  values: Partial<E>,
): Promise<E> {
  if (id === undefined)
    return found(await repository.findById(actor, await repository.insert(actor, values)));
  if (!(await repository.update(actor, id, values))) throw notFound();
  return found(await repository.findById(actor, id));
}

/**
 * EntityService for the modules whose records are routed per tenant (the business and the
 * workflow: core/repository/tenant-databases.ts). It holds no store: every call asks `stores` for
 * the one of the actor's tenant and builds its repository there.
 */
export abstract class TenantEntityService<
  E,
  TInput,
  T extends AuditedTableName,
  R extends TableRepository<E, T> = TableRepository<E, T>,
> {
  constructor(
    protected readonly stores: TenantStores,
    protected readonly table: TableDef<E, T>,
    /** Builds the module's repository on a store: the tenant's, or a transaction's. */
    protected readonly repositoryOn: (store: Store) => R,
  ) {}

  /** The wire's time zone (the same for every database). */
  protected get timeZone(): string {
    return this.stores.main.timeZone;
  }

  /** The store of the actor's tenant. */
  protected storeFor(actor: Actor): Promise<Store> {
    return this.stores.storeFor(actor);
  }

  /** The repository on the actor's tenant's store (outside transactions). */
  protected async repositoryFor(actor: Actor): Promise<R> {
    return this.repositoryOn(await this.stores.storeFor(actor));
  }

  /** `list`: a page of the visible rows under the query's filters and sorts. */
  async list(actor: Actor, query: Record<string, unknown>): Promise<Page<E>> {
    return (await this.repositoryFor(actor)).page(actor, parseListQuery(query, this.table, this.timeZone));
  }

  /** `detail`: one visible row, or 404. */
  async detail(actor: Actor, id: string): Promise<E> {
    return found(await (await this.repositoryFor(actor)).findById(actor, id));
  }

  abstract submit(actor: Actor, input: TInput): Promise<E>;

  /** `remove`: as EntityService's; answers the removed rows. */
  async remove(actor: Actor, rawIds: string): Promise<number> {
    return (await this.removeRows(actor, rawIds)).length;
  }

  protected async removeRows(actor: Actor, rawIds: string): Promise<E[]> {
    return removeAll(await this.storeFor(actor), this.repositoryOn, actor, rawIds, (rows, tx, ids) =>
      this.beforeRemove(tx, actor, ids, rows),
    );
  }

  /** Throws to refuse a removal (rows below, rows in use); runs in the removal's transaction. */
  protected async beforeRemove(_tx: Store, _actor: Actor, _ids: string[], _rows: E[]): Promise<void> {}

  /** Inserts (no id) or updates the visible row id (404 when there is none); answers the stored row. */
  protected save(repository: R, actor: Actor, id: string | undefined, values: Partial<E>): Promise<E> {
    return saveRow(repository, actor, id, values);
  }
}
