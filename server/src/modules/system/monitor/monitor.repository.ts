import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Store } from '../../../core/repository/store.js';
import { unscoped } from '../../../core/repository/unscoped.js';
import type { Database } from '../../../db/schema.js';

// The database's own figures for 服务监控, one statement per figure and engine: no table of ours is
// read. What each engine calls its size and connections differs; the contract says which
// (DatabaseMonitorSchema).

export interface DatabaseFigures {
  engine: string;
  version: string;
  sizeBytes: number;
  connections: number;
}

export class MonitorRepository {
  readonly #db: Kysely<Database>;

  constructor(private readonly store: Store) {
    this.#db = unscoped(store);
  }

  /** The first column of the first row of a statement, as a string. */
  async #one(statement: RawBuilder<Record<string, unknown>>): Promise<string> {
    const { rows } = await statement.execute(this.#db);
    const value = rows[0] ? Object.values(rows[0])[0] : undefined;
    return value === undefined || value === null ? '' : String(value);
  }

  async figures(): Promise<DatabaseFigures> {
    switch (this.store.kind) {
      case 'sqlite':
        return {
          engine: 'SQLite',
          version: await this.#one(sql`select sqlite_version() as v`),
          // The database's pages: the file's size once the write-ahead log is checkpointed into it.
          sizeBytes: Number(
            await this.#one(
              sql`select page_count * page_size as v from pragma_page_count(), pragma_page_size()`,
            ),
          ),
          // One connection per process, the database's file its only server.
          connections: 1,
        };
      case 'postgres':
        return {
          engine: 'PostgreSQL',
          version: await this.#one(sql`select current_setting('server_version') as v`),
          sizeBytes: Number(await this.#one(sql`select pg_database_size(current_database()) as v`)),
          connections: Number(
            await this.#one(
              sql`select count(*) as v from pg_stat_activity where backend_type = 'client backend'`,
            ),
          ),
        };
      case 'mysql': {
        const version = await this.#one(sql`select version() as v`);
        // Threads_connected is `Variable_name | Value`: the second column.
        const { rows } = await sql<{ Value: string }>`show global status like 'Threads_connected'`.execute(
          this.#db,
        );
        return {
          engine: /mariadb/i.test(version) ? 'MariaDB' : 'MySQL',
          version,
          sizeBytes: Number(
            await this.#one(
              sql`select coalesce(sum(data_length + index_length), 0) as v from information_schema.tables where table_schema = database()`,
            ),
          ),
          connections: Number(rows[0]?.Value ?? 0),
        };
      }
    }
  }
}
