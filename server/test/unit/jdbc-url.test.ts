import { describe, expect, it } from 'vitest';
import { driverKind, jdbcUrlOf, parseJdbcUrl } from '../../src/modules/develop/datasource/jdbc-url.js';

// BladeX's data source form sends a JDBC URL (issue 45): read into kind, host, port and database,
// the TLS and schema parameters kept, every other driver option left out.

describe('JDBC URLs', () => {
  it('reads PostgreSQL, MySQL, MariaDB and SQLite URLs into the structured fields', () => {
    expect(
      parseJdbcUrl('jdbc:postgresql://db.internal:5433/bladex?currentSchema=app&sslmode=require'),
    ).toEqual({
      kind: 'postgres',
      host: 'db.internal',
      port: 5433,
      database: 'bladex',
      options: { ssl: true, schema: 'app' },
    });
    // BladeX's own default URL: its many parameters mean nothing here (useSSL=false: no TLS).
    expect(
      parseJdbcUrl(
        'jdbc:mysql://localhost:3306/bladex?useSSL=false&useUnicode=true&characterEncoding=utf-8&zeroDateTimeBehavior=convertToNull&transformedBitIsBoolean=true&tinyInt1isBit=false&allowMultiQueries=true&serverTimezone=GMT%2B8&nullCatalogMeansCurrent=true&allowPublicKeyRetrieval=true',
      ),
    ).toEqual({ kind: 'mysql', host: 'localhost', port: 3306, database: 'bladex', options: {} });
    expect(parseJdbcUrl('jdbc:mariadb://10.0.0.5/shop?useSSL=true&allowLoadLocalInfile=true')).toEqual({
      kind: 'mysql',
      host: '10.0.0.5',
      port: null,
      database: 'shop',
      options: { ssl: true },
    });
    expect(parseJdbcUrl('jdbc:postgresql://[::1]:5432/x')).toMatchObject({ host: '::1', port: 5432 });
    expect(parseJdbcUrl('jdbc:sqlite:legacy/old.db')).toEqual({
      kind: 'sqlite',
      host: null,
      port: null,
      database: 'legacy/old.db',
      options: {},
    });
  });

  it('reads nothing else: other engines, several hosts, credentials in the URL, no database', () => {
    for (const url of [
      'jdbc:oracle:thin:@db:1521:orcl',
      'jdbc:sqlserver://db:1433;databaseName=x',
      'jdbc:mysql://a:3306,b:3306/x',
      'jdbc:mysql://root:secret@db/x',
      'jdbc:mysql://db:3306/',
      'jdbc:mysql://db:70000/x',
      'jdbc:postgresql:bladex',
      'jdbc:sqlite::memory:',
      'mysql://db/x',
      '',
    ])
      expect(parseJdbcUrl(url), url).toBeNull();
  });

  it('knows BladeX’s driver classes of these engines, and writes a stored source back as a URL', () => {
    expect(driverKind('com.mysql.cj.jdbc.Driver')).toBe('mysql');
    expect(driverKind('org.mariadb.jdbc.Driver')).toBe('mysql');
    expect(driverKind('org.postgresql.Driver')).toBe('postgres');
    expect(driverKind('org.sqlite.JDBC')).toBe('sqlite');
    expect(driverKind('oracle.jdbc.OracleDriver')).toBeUndefined();
    const source = {
      kind: 'postgres' as const,
      host: 'db.internal',
      port: 5432,
      database: 'bladex',
      options: { ssl: true, schema: 'app' },
    };
    expect(jdbcUrlOf(source)).toBe('jdbc:postgresql://db.internal:5432/bladex?ssl=true&currentSchema=app');
    expect(parseJdbcUrl(jdbcUrlOf(source))).toEqual(source);
    expect(jdbcUrlOf({ kind: 'sqlite', host: null, port: null, database: 'a.db', options: {} })).toBe(
      'jdbc:sqlite:a.db',
    );
  });
});
