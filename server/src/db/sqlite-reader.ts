import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely';

// SQLite with a second connection that only reads (decision 0047). Kysely's own SQLite driver hands
// its one connection out in turns: while a transaction held it (an import's 50,000 rows, seconds
// long) every other request's reads waited for the commit. Here a statement outside any transaction
// that only reads runs on a read-only connection to the same file while a transaction holds the
// writer; in WAL mode it sees what was last committed, as the other connections of PostgreSQL's and
// MySQL's pools do. Everything else keeps the one writer and its turns:
// - a transaction's statements, reads included, and every write;
// - reads while no transaction is open (the writer is free, and better-sqlite3 runs a statement
//   synchronously, so nothing can interleave with it);
// - streamed reads, which hold their connection until they end;
// - a database without a file (`:memory:`), which no second connection can open.

/** The writer's turns: a transaction, or a write or stream waiting for one to end. */
class Turns {
  #current: Promise<void> | undefined;
  #release: (() => void) | undefined;

  get taken(): boolean {
    return this.#current !== undefined;
  }

  async take(): Promise<void> {
    while (this.#current) await this.#current;
    this.#current = new Promise((resolve) => (this.#release = resolve));
  }

  give(): void {
    const release = this.#release;
    this.#current = undefined;
    this.#release = undefined;
    release?.();
  }
}

/** One SQLite connection as Kysely's executor uses it. */
function run(db: SqliteDatabase, query: CompiledQuery): QueryResult<unknown> {
  const statement = db.prepare(query.sql);
  if (statement.reader) return { rows: statement.all(query.parameters) as unknown[] };
  const { changes, lastInsertRowid } = statement.run(query.parameters);
  return {
    numAffectedRows: changes === undefined || changes === null ? undefined : BigInt(changes),
    insertId: lastInsertRowid === undefined || lastInsertRowid === null ? undefined : BigInt(lastInsertRowid),
    rows: [],
  };
}

/**
 * The writer, the reader and the writer's turns; `outside` is the rule above, for a statement
 * outside any transaction (Kysely's executor and the direct reads of database.ts both ask it).
 */
export class SqliteConnections {
  readonly turns = new Turns();
  #reader: SqliteDatabase | undefined;

  constructor(
    readonly writer: SqliteDatabase,
    /** Opens the read-only connection, the first time one is needed; undefined: there is none. */
    private readonly openReader: (() => SqliteDatabase) | undefined,
  ) {}

  /** The connection for a statement outside any transaction now; undefined: wait for a turn. */
  outside(reads: boolean): SqliteDatabase | undefined {
    if (!this.turns.taken) return this.writer;
    if (!reads || !this.openReader) return undefined;
    this.#reader ??= this.openReader();
    return this.#reader;
  }

  close(): void {
    this.#reader?.close();
    this.writer.close();
  }
}

/**
 * What Kysely acquires for a query or a transaction: not a connection but a claim on the writer,
 * taken when a transaction begins, or for one statement when the writer is another's turn.
 */
class Claim implements DatabaseConnection {
  /** Whether this claim holds the writer (from its transaction's begin to its release). */
  holding = false;

  constructor(private readonly connections: SqliteConnections) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { writer, turns } = this.connections;
    const now = this.holding ? writer : this.connections.outside(SelectQueryNode.is(query.query));
    if (now) return run(now, query) as QueryResult<R>;
    await turns.take();
    try {
      return run(writer, query) as QueryResult<R>;
    } finally {
      turns.give();
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('Only a select is streamed on SQLite');
    const { writer, turns } = this.connections;
    const own = !this.holding;
    if (own) await turns.take();
    try {
      for (const row of writer.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
    } finally {
      if (own) turns.give();
    }
  }
}

class SqliteWithReaderDriver implements Driver {
  constructor(private readonly connections: SqliteConnections) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Claim(this.connections);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const claim = connection as Claim;
    await this.connections.turns.take();
    claim.holding = true;
    await claim.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const claim = connection as Claim;
    if (!claim.holding) return;
    claim.holding = false;
    this.connections.turns.give();
  }

  async destroy(): Promise<void> {
    this.connections.close();
  }
}

/** Kysely's SQLite dialect with the driver above. */
export class SqliteWithReaderDialect implements Dialect {
  constructor(private readonly connections: SqliteConnections) {}

  createDriver(): Driver {
    return new SqliteWithReaderDriver(this.connections);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
