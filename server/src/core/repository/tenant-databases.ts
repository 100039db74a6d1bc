import type { Cache, Unsubscribe } from '../cache/index.js';
import { ApiError } from '../errors.js';
import type { DatabaseHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { Actor, Store } from './store.js';

// Tenant data routing (issue 18; decision 0020). A tenant bound to a data source keeps its business
// records (the tables of db/routed-tables.ts: the business module's and the workflow's) in that
// database; the platform's tables stay in the main one. This is the one place that picks the
// database for a tenant: services of those modules ask `storeFor(actor)` on every call and build
// their repositories on the answer, never on one fixed store.
//
// - The binding is the tenant row's datasource_id, in the main database: every server process and
//   every restart reads the same. Each process keeps what it read for BINDING_TTL_MS and forgets it
//   at once when a binding changes anywhere: the change is published on the shared cache (Redis
//   when several processes run, core/cache), and a process that was cut off from the cache forgets
//   everything when it is back ('*').
// - One pool per data source and process, opened at first use with the data source module's
//   guarded settings (allowed host, checked address, no LOCAL INFILE, SQLite inside DATA_DIR),
//   checked to answer, and migrated to the latest schema (so an upgrade reaches bound databases
//   too). A data source whose connection settings change is reopened; all close on shutdown.
// - A store of a tenant's own database carries `routed` (core/repository/store.ts): repositories
//   read the platform's tables through platformStore(store), in the main database.

export type TenantRef = string | Pick<Actor, 'tenantId'>;

/** What the services of routed modules are given: the store of a tenant's business records. */
export interface TenantStores {
  /** The main database: the platform's tables, and the tenants bound to no data source. */
  readonly main: Store;
  /** The store holding the tenant's business records (the main one, or its data source's). */
  storeFor(tenant: TenantRef): Promise<Store>;
}

/** Every tenant's records in one database (tools and tests that route nothing). */
export function oneDatabase(store: Store): TenantStores {
  return { main: store, storeFor: async () => store };
}

/** Where bindings and connections come from (the tenant and data source modules). */
export interface TenantDatabaseSources {
  /** The data source a tenant is bound to, or null (no binding, or no such live tenant). */
  bindingOf(tenantId: string): Promise<string | null>;
  /** A new pooled connection to a data source (refusals and failures thrown as they are). */
  open(datasourceId: string): Promise<DatabaseHandle>;
}

/** The cache channel of binding and data source changes: `tenant:<code>`, `datasource:<id>`, `*`. */
export const TENANT_DATABASES_CHANNEL = 'tenant:databases';
/** How long a process trusts a binding it read without hearing of a change (a backstop). */
export const BINDING_TTL_MS = 30_000;
/** How long a data source must answer when opened. */
export const OPEN_TIMEOUT_MS = 5_000;
/** A replaced pool closes this much later: the requests using it finish first. */
const RETIRE_AFTER_MS = 30_000;
const MAX_BINDINGS = 10_000;

/** The data source did not answer (within OPEN_TIMEOUT_MS, or refused the connection). */
export class DatabaseUnreachableError extends Error {
  constructor(cause: unknown) {
    super(`data source unreachable: ${messageOf(cause)}`, { cause });
  }
}

/** The data source answered, but its schema could not be brought up to date. */
export class MigrationFailedError extends Error {
  constructor(cause: unknown) {
    super(`data source migration failed: ${messageOf(cause)}`, { cause });
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class TenantDatabases implements TenantStores {
  readonly #bindings = new Map<string, { datasourceId: string | null; until: number }>();
  readonly #pools = new Map<string, Promise<DatabaseHandle>>();
  readonly #retiring = new Map<NodeJS.Timeout, Promise<DatabaseHandle>>();
  /** Bumped by every change heard: a lookup that began before it does not cache what it read. */
  #epoch = 0;
  #unsubscribe: Unsubscribe | undefined;
  #closed = false;

  constructor(
    readonly main: Store,
    private readonly cache: Cache,
    private readonly sources: TenantDatabaseSources,
    private readonly options: {
      bindingTtlMs?: number;
      /** A data source that could not be opened for a request (answered 503). */
      onOpenFailed?: (error: unknown, datasourceId: string) => void;
    } = {},
  ) {}

  /** Listens for changes made by any process. */
  async start(): Promise<void> {
    this.#unsubscribe = await this.cache.subscribe(TENANT_DATABASES_CHANNEL, (message) =>
      this.#heard(message),
    );
  }

  async storeFor(tenant: TenantRef): Promise<Store> {
    const tenantId = typeof tenant === 'string' ? tenant : tenant.tenantId;
    const datasourceId = await this.bindingOf(tenantId);
    if (datasourceId === null) return this.main;
    try {
      return this.#store(datasourceId, await this.#database(datasourceId));
    } catch (error) {
      // Misconfiguration or an outage, not the caller's fault: logged, and a 503 as for the main one.
      this.options.onOpenFailed?.(error, datasourceId);
      throw new ApiError(503, 'error.unavailable');
    }
  }

  /** The data source the tenant is bound to (null: the main database), as this process knows it. */
  async bindingOf(tenantId: string): Promise<string | null> {
    const known = this.#bindings.get(tenantId);
    if (known && known.until > Date.now()) return known.datasourceId;
    const epoch = this.#epoch;
    const datasourceId = await this.sources.bindingOf(tenantId);
    if (epoch === this.#epoch) {
      if (this.#bindings.size >= MAX_BINDINGS) this.#bindings.clear();
      this.#bindings.set(tenantId, {
        datasourceId,
        until: Date.now() + (this.options.bindingTtlMs ?? BINDING_TTL_MS),
      });
    }
    return datasourceId;
  }

  /**
   * The store of a data source's database, opened now with a fresh pool, checked to answer and
   * migrated: what binding a tenant to it needs. Throws DatabaseUnreachableError,
   * MigrationFailedError, or the data source module's refusal (a host no longer allowed…).
   */
  async prepare(datasourceId: string): Promise<Store> {
    this.#retire(datasourceId);
    return this.#store(datasourceId, await this.#database(datasourceId));
  }

  /** A tenant's binding changed: forgotten here at once, and in every other process. */
  async tenantChanged(tenantId: string): Promise<void> {
    await this.#announce(`tenant:${tenantId}`);
  }

  /** A data source's connection settings changed: its pools are replaced everywhere. */
  async datasourceChanged(datasourceId: string): Promise<void> {
    await this.#announce(`datasource:${datasourceId}`);
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#unsubscribe?.().catch(() => undefined);
    const open = [...this.#pools.values(), ...this.#retiring.values()];
    for (const timer of this.#retiring.keys()) clearTimeout(timer);
    this.#pools.clear();
    this.#retiring.clear();
    await Promise.all(open.map((pending) => pending.then((handle) => handle.close()).catch(() => undefined)));
  }

  async #announce(message: string): Promise<void> {
    this.#heard(message);
    // The change is committed: a process that misses this message trusts its copy BINDING_TTL_MS
    // at most (or forgets everything when its cache connection comes back).
    await this.cache.publish(TENANT_DATABASES_CHANNEL, message).catch(() => undefined);
  }

  #heard(message: string): void {
    this.#epoch++;
    if (message === '*') {
      this.#bindings.clear();
      for (const datasourceId of [...this.#pools.keys()]) this.#retire(datasourceId);
      return;
    }
    const [kind, id] = [message.slice(0, message.indexOf(':')), message.slice(message.indexOf(':') + 1)];
    if (kind === 'tenant') this.#bindings.delete(id);
    else if (kind === 'datasource') this.#retire(id);
  }

  #store(datasourceId: string, handle: DatabaseHandle): Store {
    return {
      db: handle.db,
      kind: handle.kind,
      ids: this.main.ids,
      timeZone: this.main.timeZone,
      routed: { datasourceId, main: this.main },
    };
  }

  /** The pool of a data source: opened, checked and migrated once per process. */
  #database(datasourceId: string): Promise<DatabaseHandle> {
    const open = this.#pools.get(datasourceId);
    if (open) return open;
    if (this.#closed) return Promise.reject(new Error('tenant databases are closed'));
    const pending = (async () => {
      const handle = await this.sources.open(datasourceId);
      try {
        await answersWithin(handle, OPEN_TIMEOUT_MS);
        try {
          await migrateToLatest(handle.db);
        } catch (error) {
          throw new MigrationFailedError(error);
        }
        return handle;
      } catch (error) {
        await handle.close().catch(() => undefined);
        throw error;
      }
    })();
    this.#pools.set(datasourceId, pending);
    pending.catch(() => {
      if (this.#pools.get(datasourceId) === pending) this.#pools.delete(datasourceId);
    });
    return pending;
  }

  /** New requests get a new pool; this one closes once the requests using it are done. */
  #retire(datasourceId: string): void {
    const pending = this.#pools.get(datasourceId);
    if (!pending) return;
    this.#pools.delete(datasourceId);
    const timer = setTimeout(() => {
      this.#retiring.delete(timer);
      void pending.then((handle) => handle.close()).catch(() => undefined);
    }, RETIRE_AFTER_MS);
    timer.unref();
    this.#retiring.set(timer, pending);
  }
}

async function answersWithin(handle: DatabaseHandle, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      handle.ping(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
      }),
    ]);
  } catch (error) {
    throw new DatabaseUnreachableError(error);
  } finally {
    clearTimeout(timer);
  }
}
