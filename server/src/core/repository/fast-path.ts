import type { Page } from '@console/contract';
import { createQueryId, type CompiledQuery, type Kysely } from 'kysely';
import { directReadOf, type DirectRead } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { ListQuery } from '../list-query.js';
import { filterParameters, pageQueries, type AnySelect } from './apply-list-query.js';
import { countedPage, pageOf } from './page.js';

// How TableRepository runs its commonest reads (a list page, a row by id), and nothing else: the
// rules (tenant, soft delete, data scope, audit stamps) are all in table-repository.ts, which hands
// the selects it built, or the means to build them, to a `RowReads`. The plain one runs them through
// Kysely. The fast one is why this file exists (docs/benchmarks.md, "Where the server spends its
// extra time"; CPU per request with it ÷ without):
// - statements whose SQL depends only on a shape (which filters and which order; or "by id") are
//   compiled at the shape's first call and kept, each later call binding its own values: building
//   and compiling them with the query builder was about a tenth of a list's CPU (PostgreSQL list
//   × 0.784);
// - they, and the repositories' other pages, run straight on the driver when it may (DirectRead,
//   db/database.ts), skipping Kysely's executor (PostgreSQL detail × 0.889, list × 0.927).
// Both answer the same rows from the same SQL (test/integration/foundation.test.ts runs both).

/** Whether repositories take the fast reads. False builds the plain version, to bench one against the other. */
export const FAST_PATH = true;

/** Distinct statement shapes a repository keeps compiled; past it the memo starts again. */
const COMPILED_SHAPES = 500;

type Row = Record<string, unknown>;

/** The caller's live rows as a repository selects them, and the values that select binds, in order. */
export interface LiveRows {
  select: () => AnySelect;
  bound: readonly unknown[];
}

/** The reads a TableRepository hands over: the rows and the SQL are the same either way. */
export interface RowReads {
  /** A page of the caller's live rows (no data scope restricts them). */
  livePage<E>(live: LiveRows, query: ListQuery, toEntity: (row: Row) => E): Promise<Page<E>>;
  /** A page of any select of the repository's table (a data scope, a list's own conditions). */
  page<E>(select: AnySelect, query: ListQuery, toEntity: (row: Row) => E): Promise<Page<E>>;
  /** The live row with this id, if there is one. */
  liveRow(live: LiveRows, id: bigint): Promise<Row | undefined>;
}

/** The reads of a repository on `db`: fast unless told otherwise (tests run both). */
export function rowReads(db: Kysely<Database>, fast = FAST_PATH): RowReads {
  return fast ? new FastReads(db) : plainReads;
}

const byId = (live: LiveRows, id: bigint) => live.select().selectAll().where('id', '=', id);

const plainReads: RowReads = {
  livePage: (live, query, toEntity) => pageOf(live.select(), query, toEntity),
  page: (select, query, toEntity) => pageOf(select, query, toEntity),
  liveRow: (live, id) => byId(live, id).executeTakeFirst(),
};

class FastReads implements RowReads {
  /** Statements compiled once by their shape (see #compiledOnce); null: built every time. */
  readonly #compiled = new Map<string, CompiledQuery[] | null>();
  /** The database's direct read, unless this is a transaction (db/database.ts). */
  readonly #direct: DirectRead | undefined;

  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
    this.#direct = directReadOf(db);
  }

  /**
   * Without a data scope a list's SQL depends only on its shape: which filters (column and
   * operator) and which order. Its two statements bind the live rows' values, each filter's
   * parameters, then the page's size and offset.
   */
  livePage<E>(live: LiveRows, query: ListQuery, toEntity: (row: Row) => E): Promise<Page<E>> {
    const shape = [
      'page',
      ...query.filters.map((f) => `${f.column.name} ${f.op}`),
      '|',
      ...query.orders.map((o) => `${o.column.name} ${o.direction}`),
    ].join(',');
    const bound = [...live.bound, ...query.filters.flatMap(filterParameters)];
    const sliceBound = [...bound, query.size, (query.current - 1) * query.size];
    const statements = this.#compiledOnce(shape, [bound, sliceBound], () => {
      const { count, page } = pageQueries(live.select(), query);
      return [count, page];
    });
    if (!statements) return this.page(live.select(), query, toEntity);
    const [count, slice] = statements as [CompiledQuery, CompiledQuery];
    return countedPage(
      () => this.#rowsOf(count, bound),
      () => this.#rowsOf(slice, sliceBound),
      query,
      toEntity,
    );
  }

  page<E>(select: AnySelect, query: ListQuery, toEntity: (row: Row) => E): Promise<Page<E>> {
    if (!this.#direct) return pageOf(select, query, toEntity);
    const { count, page } = pageQueries(select, query);
    const run = (statement: AnySelect) => {
      // compile() applies the database's plugins, as execute() would.
      const compiled = statement.compile();
      return this.#rowsOf(compiled, compiled.parameters);
    };
    return countedPage(
      () => run(count),
      () => run(page),
      query,
      toEntity,
    );
  }

  /** A read by id is the commonest query: its statement binds the live rows' values and the id. */
  async liveRow(live: LiveRows, id: bigint): Promise<Row | undefined> {
    const bound = [...live.bound, id];
    const statement = this.#compiledOnce('by id', [bound], () => [byId(live, id)])?.[0];
    if (!statement) return byId(live, id).executeTakeFirst();
    return (await this.#rowsOf(statement, bound))[0];
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

  /** The rows of a compiled statement with these parameters: on the driver when it may. */
  #rowsOf(statement: CompiledQuery, parameters: readonly unknown[]): Row[] | Promise<Row[]> {
    return (
      this.#direct?.(statement.sql, parameters) ??
      this.#db
        .executeQuery<Row>({ ...statement, parameters, queryId: createQueryId() })
        .then((result) => result.rows)
    );
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
