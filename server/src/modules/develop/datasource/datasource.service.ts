import type {
  Datasource,
  DatasourceInput,
  DatasourceKind,
  DatasourceOption,
  DatasourceOptions,
  DatasourceTestInput,
  DatasourceTestResult,
  DatasourceTable,
  Page,
} from '@console/contract';
import { found, removeAll } from '../../../core/entity-service.js';
import { badRequest } from '../../../core/errors.js';
import { parseListQuery } from '../../../core/list-query.js';
import type { OutboundPolicy } from '../../../core/outbound/policy.js';
import { PLATFORM } from '../../../core/repository/actors.js';
import { inTransaction, type Actor, type Store } from '../../../core/repository/store.js';
import type { SecretBox } from '../../../core/secret-box.js';
import type { DatabaseHandle } from '../../../db/database.js';
import {
  DEFAULT_PORTS,
  openPool,
  probe,
  sqliteFileIn,
  TargetRefusedError,
  type ConnectionTarget,
  type SqliteArea,
} from './connection.js';
import { DatasourceRepository, datasourceTable, type DatasourceRecord } from './datasource.repository.js';
import { readTables } from './introspection.repository.js';
import { DRIVER_CLASS, driverKind, jdbcUrlOf, parseJdbcUrl } from './jdbc-url.js';

/** How long a connection test may take (S6). */
export const TEST_TIMEOUT_MS = 5_000;

export interface DatasourceServiceDependencies {
  store: Store;
  secrets: SecretBox;
  /** DATASOURCE_HOSTS (config.ts): where a data source may point. */
  hosts: OutboundPolicy;
  dataDir: string;
  /**
   * The console's own database when it is an SQLite file (sqliteFileOf of the store's handle), else
   * null: never a data source.
   */
  ownDatabase: string | null;
  /**
   * A data source's connection settings changed (user, password, options): the pools opened for
   * the tenants bound to it are replaced (core/repository/tenant-databases.ts).
   */
  changed?: (datasourceId: string) => Promise<void>;
}

const text = (value: string | null | undefined) => value?.trim() || null;

/** What a connection is made of, from a form (settled) or a stored row. */
interface ConnectionFields {
  kind: DatasourceKind;
  host?: string | null;
  port?: number | null;
  database: string;
  username?: string | null;
  options?: DatasourceOptions;
}

/** A submit's or a test's fields with the connection settled: its kind and database known. */
type Settled<I extends DatasourceInput | DatasourceTestInput> = I & {
  kind: DatasourceKind;
  database: string;
};

/**
 * The form's fields, a BladeX form's JDBC URL read into them (the URL, when there is one, decides
 * kind, host, port, database and the TLS and schema options); its driver class must be of the same
 * engine. Neither is kept: a data source is its structured fields (decision 0020).
 */
function settled<I extends DatasourceInput | DatasourceTestInput>(input: I): Settled<I> {
  const driverClass = text(input.driverClass);
  const driver = driverClass === null ? undefined : driverKind(driverClass);
  if (driverClass !== null && driver === undefined)
    throw badRequest('datasource.driverClass.unsupported', { driverClass });
  const url = text(input.url);
  if (url !== null) {
    const target = parseJdbcUrl(url);
    if (!target) throw badRequest('datasource.url.invalid');
    if (driver !== undefined && driver !== target.kind)
      throw badRequest('datasource.driverClass.mismatch', { driverClass: driverClass! });
    return { ...input, ...target };
  }
  const kind = input.kind ?? driver;
  if (kind === undefined) throw badRequest('datasource.kind.required');
  if (!input.database?.trim()) throw badRequest('datasource.database.required');
  return { ...input, kind, database: input.database };
}

/**
 * Data sources (研发工具 › 数据源管理): the platform administrator's only (S3). The password is
 * sealed at rest and never answered (S5); a host outside DATASOURCE_HOSTS, an SQLite file outside
 * DATA_DIR or the console's own database is refused when saved, tested and connected to (S6).
 */
export class DatasourceService {
  readonly #sources: DatasourceRepository;
  readonly #sqlite: SqliteArea;

  constructor(private readonly deps: DatasourceServiceDependencies) {
    this.#sources = new DatasourceRepository(deps.store);
    this.#sqlite = { dataDir: deps.dataDir, ownDatabase: deps.ownDatabase };
  }

  async list(query: Record<string, unknown>): Promise<Page<Datasource>> {
    const page = await this.#sources.page(
      PLATFORM,
      parseListQuery(query, datasourceTable, this.deps.store.timeZone),
    );
    const withPassword = await this.#sources.withPassword(page.records.map((r) => r.id));
    return { ...page, records: page.records.map((r) => this.#onWire(r, withPassword.has(r.id))) };
  }

  async detail(id: string): Promise<Datasource> {
    const record = found(await this.#sources.findById(PLATFORM, id));
    return this.#onWire(record, (await this.#sources.withPassword([id])).has(id));
  }

  select(): Promise<DatasourceOption[]> {
    return this.#sources.options();
  }

  async submit(actor: Actor, body: DatasourceInput): Promise<Datasource> {
    const input = settled(body);
    const id = input.id || undefined;
    const target = this.#target(input, null);
    this.#refuseBadTarget(target);
    const password = text(input.password);
    const values: Partial<DatasourceRecord> & { password?: string | null } = {
      name: input.name.trim(),
      kind: target.kind,
      host: target.host,
      port: target.port,
      database: target.database,
      username: target.username,
      options: JSON.stringify(target.options),
      remark: text(input.remark),
      // An SQLite file has no password; otherwise an empty one on update keeps the stored one.
      ...(target.kind === 'sqlite'
        ? { password: null }
        : password
          ? { password: this.deps.secrets.seal(password) }
          : {}),
    };
    const saved = await inTransaction(this.deps.store, async (tx) => {
      const sources = new DatasourceRepository(tx);
      if (id === undefined) return sources.insert(actor, values);
      const before = found(await sources.findById(PLATFORM, id));
      // A bound tenant's data stays where it is: its connection does not move under it (nor does
      // a PostgreSQL schema, which decides which tables it reaches).
      const moved =
        (['kind', 'host', 'port', 'database'] as const).some((field) => before[field] !== values[field]) ||
        (this.#onWire(before, false).options.schema ?? null) !== (target.options.schema ?? null);
      if (moved) {
        const tenants = await sources.boundTenants([id]);
        if (tenants.length > 0) throw badRequest('datasource.inUse', { tenants: tenants.join(', ') });
      }
      await sources.update(actor, id, values);
      return id;
    });
    if (id !== undefined) await this.deps.changed?.(id);
    return this.detail(saved);
  }

  /** Removes all of the ids or none; a data source a tenant is bound to stays. */
  async remove(actor: Actor, rawIds: string): Promise<number> {
    const removed = await removeAll(
      this.deps.store,
      (tx) => new DatasourceRepository(tx),
      actor,
      rawIds,
      async (_rows, tx, ids) => {
        const tenants = await new DatasourceRepository(tx).boundTenants(ids);
        if (tenants.length > 0) throw badRequest('datasource.inUse', { tenants: tenants.join(', ') });
      },
    );
    return removed.length;
  }

  /** The tables of a stored data source with their columns (the code generator's starting point). */
  async tables(id: string): Promise<DatasourceTable[]> {
    const target = await this.#stored(id);
    try {
      return await readTables(target, this.deps.hosts, this.#sqlite, TEST_TIMEOUT_MS);
    } catch (error) {
      throw this.#refusal(error);
    }
  }

  /**
   * A pooled connection to a stored data source, for the tenants bound to it (tenant routing):
   * the same guarded settings as the test, the host checked again now. A data source that is not
   * there is a 404; a host or path no longer allowed the test's 400.
   */
  async open(id: string): Promise<DatabaseHandle> {
    const target = await this.#stored(id);
    try {
      return await openPool(target, this.deps.hosts, this.#sqlite, TEST_TIMEOUT_MS);
    } catch (error) {
      throw this.#refusal(error);
    }
  }

  /** A stored data source as a connection target (its password opened), checked. */
  async #stored(id: string): Promise<ConnectionTarget> {
    const record = found(await this.#sources.findById(PLATFORM, id));
    const sealed = await this.#sources.sealedPassword(id);
    const target = this.#target(
      { ...record, options: this.#onWire(record, false).options },
      sealed ? this.deps.secrets.open(sealed) : null,
    );
    this.#refuseBadTarget(target);
    return target;
  }

  /**
   * Tries the form's values (the stored password when editing and none typed): connected with the
   * server's version, or the failure's message; a refused host or path is a 400.
   */
  async test(body: DatasourceTestInput): Promise<DatasourceTestResult> {
    const input = settled(body);
    const id = input.id || undefined;
    let password = text(input.password);
    if (!password && id !== undefined) {
      const sealed = await this.#sources.sealedPassword(id);
      if (sealed === undefined) found(undefined);
      password = sealed ? this.deps.secrets.open(sealed) : null;
    }
    const target = this.#target(input, password);
    this.#refuseBadTarget(target);
    try {
      return await probe(target, this.deps.hosts, this.#sqlite, TEST_TIMEOUT_MS);
    } catch (error) {
      throw this.#refusal(error);
    }
  }

  /** The connection a data source stands for, as checked and normalised. */
  #target(input: ConnectionFields, password: string | null): ConnectionTarget {
    const options: DatasourceOptions = {};
    if (input.options?.ssl !== undefined && input.kind !== 'sqlite') options.ssl = input.options.ssl;
    if (input.options?.schema && input.kind === 'postgres') options.schema = input.options.schema;
    if (input.kind === 'sqlite')
      return {
        kind: 'sqlite',
        host: null,
        port: null,
        database: input.database.trim(),
        username: null,
        password: null,
        options,
      };
    const host = text(input.host);
    if (!host) throw badRequest('datasource.host.required');
    return {
      kind: input.kind,
      host,
      port: input.port ?? DEFAULT_PORTS[input.kind],
      database: input.database.trim(),
      username: text(input.username),
      password,
      options,
    };
  }

  #refuseBadTarget(target: ConnectionTarget): void {
    try {
      if (target.kind === 'sqlite') sqliteFileIn(this.#sqlite, target.database);
      else if (this.deps.hosts.checkHost(target.host!) !== null)
        throw new TargetRefusedError('host', target.host!);
    } catch (error) {
      throw this.#refusal(error);
    }
  }

  #refusal(error: unknown): unknown {
    if (!(error instanceof TargetRefusedError)) return error;
    switch (error.reason) {
      case 'host':
        return badRequest('datasource.hostRefused', { host: error.subject });
      case 'sqlitePath':
        return badRequest('datasource.sqlitePath', { path: error.subject });
      case 'ownDatabase':
        return badRequest('datasource.ownDatabase', { path: error.subject });
    }
  }

  #onWire(record: DatasourceRecord, hasPassword: boolean): Datasource {
    let options: DatasourceOptions = {};
    try {
      options = record.options ? (JSON.parse(record.options) as DatasourceOptions) : {};
    } catch {
      // A hand-edited row: shown without options rather than failing the list.
    }
    return {
      ...record,
      hasPassword,
      options,
      url: jdbcUrlOf({ ...record, options }),
      driverClass: DRIVER_CLASS[record.kind],
    };
  }
}
