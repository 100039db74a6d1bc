import type { DatasourceKind, DatasourceOptions } from '@console/contract';

// BladeX's data source form (Saber's 数据源管理) sends a JDBC URL and a driver class where this
// server keeps structured fields (decision 0020). The URL is read into those fields and nothing
// else: of its parameters only the ones that ask for TLS or name a PostgreSQL schema count, and no
// other driver option reaches a driver (one that reads a local file never does).

/** What a JDBC URL names: the structured fields of a data source. */
export interface JdbcTarget {
  kind: DatasourceKind;
  host: string | null;
  port: number | null;
  database: string;
  options: DatasourceOptions;
}

/** The driver classes BladeX offers for the engines this server connects to, by kind. */
const DRIVER_KINDS: Record<string, DatasourceKind> = {
  'org.postgresql.Driver': 'postgres',
  'com.mysql.cj.jdbc.Driver': 'mysql',
  'com.mysql.jdbc.Driver': 'mysql',
  'org.mariadb.jdbc.Driver': 'mysql',
  'org.sqlite.JDBC': 'sqlite',
};

/** The kind a driver class stands for; undefined for another engine's (Oracle, SQL Server …). */
export const driverKind = (driverClass: string): DatasourceKind | undefined =>
  DRIVER_KINDS[driverClass.trim()];

/** The driver class BladeX names for a kind: what a BladeX form shows for a stored data source. */
export const DRIVER_CLASS: Record<DatasourceKind, string> = {
  postgres: 'org.postgresql.Driver',
  mysql: 'com.mysql.cj.jdbc.Driver',
  sqlite: 'org.sqlite.JDBC',
};

const SCHEMES: Record<string, DatasourceKind> = {
  postgresql: 'postgres',
  mysql: 'mysql',
  mariadb: 'mysql',
};

/** `host[:port]` or `[v6]:port` of a URL's authority; null when it is not one host. */
function hostAndPort(authority: string): { host: string; port: number | null } | null {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::(\d{1,5}))?$/.exec(authority);
  if (!match) return null;
  const port = match[2] === undefined ? null : Number(match[2]);
  if (port !== null && (port < 1 || port > 65_535)) return null;
  return { host: match[1]!.replace(/^\[|\]$/g, ''), port };
}

const truthy = (value: string | undefined) => value !== undefined && /^(true|1|yes)$/i.test(value);

/** The TLS and schema a URL's parameters ask for (PostgreSQL's and MySQL's spellings). */
function optionsOf(kind: DatasourceKind, query: URLSearchParams): DatasourceOptions {
  const get = (name: string) => {
    for (const [key, value] of query) if (key.toLowerCase() === name.toLowerCase()) return value;
    return undefined;
  };
  const options: DatasourceOptions = {};
  if (kind === 'postgres') {
    const mode = get('sslmode');
    if (truthy(get('ssl')) || (mode !== undefined && !/^(disable|allow|prefer)$/i.test(mode)))
      options.ssl = true;
    const schema = get('currentSchema');
    if (schema) options.schema = schema;
  } else {
    const mode = get('sslMode');
    if (truthy(get('useSSL')) || (mode !== undefined && !/^(disabled|preferred)$/i.test(mode)))
      options.ssl = true;
  }
  return options;
}

/**
 * A JDBC URL of PostgreSQL (`jdbc:postgresql://host[:port]/database`), MySQL or MariaDB
 * (`jdbc:mysql://…`, `jdbc:mariadb://…`) or SQLite (`jdbc:sqlite:path`, relative to DATA_DIR as
 * any SQLite data source); null for anything else (another engine, several hosts, no database).
 */
export function parseJdbcUrl(url: string): JdbcTarget | null {
  const text = url.trim();
  const sqlite = /^jdbc:sqlite:(.+)$/i.exec(text);
  if (sqlite) {
    const database = sqlite[1]!.replace(/^\/\/(?=[^/])/, '').split('?')[0]!;
    if (database === '' || database.startsWith(':')) return null;
    return { kind: 'sqlite', host: null, port: null, database, options: {} };
  }
  const network = /^jdbc:([a-z]+):\/\/([^/?#]*)\/([^?#;]*)(?:\?([^#]*))?$/i.exec(text);
  if (!network) return null;
  const kind = SCHEMES[network[1]!.toLowerCase()];
  const target = hostAndPort(network[2]!);
  if (!kind || !target) return null;
  let database: string;
  try {
    database = decodeURIComponent(network[3]!);
  } catch {
    return null;
  }
  if (database === '' || database.includes('/')) return null;
  return { kind, ...target, database, options: optionsOf(kind, new URLSearchParams(network[4] ?? '')) };
}

/** The JDBC URL of a data source's fields: what a BladeX form shows for a stored data source. */
export function jdbcUrlOf(source: {
  kind: DatasourceKind;
  host: string | null;
  port: number | null;
  database: string;
  options: DatasourceOptions;
}): string {
  if (source.kind === 'sqlite') return `jdbc:sqlite:${source.database}`;
  const host = source.host?.includes(':') ? `[${source.host}]` : (source.host ?? '');
  const port = source.port === null ? '' : `:${source.port}`;
  const query = new URLSearchParams();
  if (source.options.ssl) query.set(source.kind === 'postgres' ? 'ssl' : 'useSSL', 'true');
  if (source.kind === 'postgres' && source.options.schema) query.set('currentSchema', source.options.schema);
  const scheme = source.kind === 'postgres' ? 'postgresql' : 'mysql';
  const parameters = query.size > 0 ? `?${query.toString()}` : '';
  return `jdbc:${scheme}://${host}${port}/${encodeURIComponent(source.database)}${parameters}`;
}
