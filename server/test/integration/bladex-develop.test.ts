import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOutboundHosts, type OutboundEntry } from '../../src/core/outbound/policy.js';
import type { DatabaseKind } from '../../src/db/database.js';
import { openDatabase } from '../../src/db/database.js';
import {
  createTestDatabase,
  enginesUnderTest,
  oneEngineFor,
  type TestDatabase,
} from './support/databases.js';
import { SABER_BASIC, startTestApp, type TestApp } from './support/test-app.js';

// BladeX's console (Saber) on 研发工具 (issue 45): its data source form sends a JDBC URL and a driver
// class, its code form a service name, a table prefix and Java-only fields. Here, with the bodies
// Saber sends, each engine's URL becomes a data source (the host allow-list applied as to the
// console's form), its table a code record whose names and grid are made from Saber's fields, and
// the record's module is generated; what cannot be read or made is a 400 saying what to send.

const entries = (text: string): OutboundEntry[] => {
  const parsed = parseOutboundHosts(text);
  if ('bad' in parsed) throw new Error(parsed.bad);
  return parsed;
};

const DATASOURCE = '/api/blade-develop/datasource';
const CODE = '/api/blade-develop/code';

/** The JDBC URL and driver class of a test database, as a BladeX administrator would type them. */
function jdbcOf(engine: DatabaseKind, target: TestDatabase, file: string) {
  if (engine === 'sqlite')
    return { driverClass: 'org.sqlite.JDBC', url: `jdbc:sqlite:${file}`, username: 'sa', password: 'sa' };
  const url = new URL(target.url);
  // This machine's PostgreSQL trusts local connections; MariaDB's user may have no password.
  const password = decodeURIComponent(url.password) || undefined;
  const port = url.port || (engine === 'postgres' ? '5432' : '3306');
  const database = url.pathname.slice(1);
  return engine === 'postgres'
    ? {
        driverClass: 'org.postgresql.Driver',
        url: `jdbc:postgresql://${url.hostname}:${port}/${database}`,
        username: url.username || 'postgres',
        password: password ?? 'any',
      }
    : {
        // BladeX's own default parameters; MariaDB's scheme and driver are its too.
        driverClass: 'org.mariadb.jdbc.Driver',
        url: `jdbc:mariadb://${url.hostname}:${port}/${database}?useSSL=false&useUnicode=true&characterEncoding=utf-8&allowMultiQueries=true&serverTimezone=GMT%2B8`,
        username: url.username || 'root',
        ...(password === undefined ? {} : { password }),
      };
}

describe.each(oneEngineFor(import.meta.url))('BladeX forms of 研发工具 on %s', (kind) => {
  let t: TestApp;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.call({ method, url, ...(payload ? { payload } : {}) });
  const envelope = (msg: string) => ({ code: 400, success: false, data: null, msg });
  const sourceCount = async () =>
    (await call('GET', `${DATASOURCE}/list?current=1&size=100`)).body.data.total;

  beforeAll(async () => {
    t = await startTestApp(kind, [], false, { config: { datasourceHosts: entries('127.0.0.1') } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(enginesUnderTest())(
    'a %s data source from its JDBC URL, and a code record from Saber’s code form, generated',
    async (engine) => {
      const target = await createTestDatabase(engine);
      const file = `bladex-${engine}.db`;
      const handle = openDatabase(
        engine === 'sqlite' ? `sqlite:${path.join(t.dataDir, file)}` : target.url,
        engine,
      );
      try {
        await sql`create table bx_gadget (id bigint not null primary key, gadget_name varchar(64) not null, remark varchar(255))`.execute(
          handle.db,
        );
      } finally {
        await handle.close();
      }
      try {
        const jdbc = jdbcOf(engine, target, file);
        // Saber's 数据源管理 form: name, driverClass, url, username, password, remark.
        const created = await call('POST', `${DATASOURCE}/submit`, {
          name: `旧系统 ${engine}`,
          ...jdbc,
          remark: 'BladeX',
        });
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        const url = engine === 'sqlite' ? undefined : new URL(target.url);
        expect(created.body.data).toMatchObject({
          kind: engine,
          host: url ? url.hostname : null,
          database: engine === 'sqlite' ? file : url!.pathname.slice(1),
          driverClass: engine === 'mysql' ? 'com.mysql.cj.jdbc.Driver' : jdbc.driverClass,
          remark: 'BladeX',
        });
        const id = created.body.data.id as string;
        // Saber's edit dialog shows the detail's URL, and sends the whole row back.
        const detail = (await call('GET', `${DATASOURCE}/detail?id=${id}`)).body.data;
        expect(detail.url).toMatch(new RegExp(`^jdbc:${engine === 'postgres' ? 'postgresql' : engine}:`));
        const edited = await call('POST', `${DATASOURCE}/submit`, {
          ...detail,
          name: `旧 ${engine}`,
          password: jdbc.password,
        });
        expect(edited.status, JSON.stringify(edited.body)).toBe(200);
        expect(edited.body.data).toMatchObject({
          name: `旧 ${engine}`,
          kind: engine,
          database: detail.database,
        });
        const tables = await call('GET', `${DATASOURCE}/tables?id=${id}`);
        expect(tables.status, JSON.stringify(tables.body)).toBe(200);
        expect(tables.body.data.map((table: { name: string }) => table.name)).toContain('bx_gadget');

        // Saber's 代码生成 form: no module name, API prefix, title or grid; Java's fields beside.
        const saberCode = {
          datasourceId: id,
          codeName: '小工具',
          serviceName: 'blade-desk',
          tableName: 'bx_gadget',
          tablePrefix: 'bx_',
          pkName: 'id',
          packageName: 'org.springblade.desk',
          baseMode: 1,
          wrapMode: 1,
          apiPath: '/home/blade/blade-desk',
          webPath: '/home/blade/saber',
        };
        const code = await call('POST', `${CODE}/submit`, saberCode);
        expect(code.status, JSON.stringify(code.body)).toBe(200);
        expect(code.body.data).toMatchObject({
          codeName: '小工具',
          moduleName: 'gadget',
          apiPrefix: '/api/blade-desk/gadget',
          pageTitle: '小工具',
        });
        expect(code.body.data.columns.map((column: { name: string }) => column.name)).toEqual([
          'id',
          'gadget_name',
          'remark',
        ]);
        expect(code.body.data.columns[1]).toMatchObject({ label: 'gadget_name', required: true });
        const codeId = code.body.data.id as string;
        expect((await call('GET', `${CODE}/preview?id=${codeId}`)).status).toBe(200);
        const zip = await t.app.inject({
          method: 'POST',
          url: `${CODE}/gen-code?ids=${codeId}&system=saber`,
          headers: { authorization: SABER_BASIC, 'blade-auth': `bearer ${t.adminToken}` },
        });
        expect(zip.statusCode).toBe(200);
        expect(zip.headers['content-disposition']).toBe('attachment; filename="gadget.zip"');
        // Saber's own 代码生成 button (system=saber3) expects the server to write the files: refused.
        const saber3 = await t.app.inject({
          method: 'POST',
          url: `${CODE}/gen-code?ids=${codeId}&system=saber3`,
          headers: { authorization: SABER_BASIC, 'blade-auth': `bearer ${t.adminToken}` },
        });
        expect(saber3.statusCode).toBe(400);
        expect(saber3.json()).toEqual(envelope('不支持的前端系统: saber3（可用: saber）'));
        // Saber's edit sends the detail back: kept as it is.
        const detailCode = (await call('GET', `${CODE}/detail?id=${codeId}`)).body.data;
        const again = await call('POST', `${CODE}/submit`, { ...detailCode, ...saberCode, codeName: '工具' });
        expect(again.status, JSON.stringify(again.body)).toBe(200);
        expect(again.body.data).toMatchObject({ id: codeId, codeName: '工具', moduleName: 'gadget' });

        // What cannot be made from Saber's fields: the 400 names the field this server needs.
        const { serviceName: _service, ...withoutService } = saberCode;
        expect((await call('POST', `${CODE}/submit`, withoutService)).body).toEqual(
          envelope(
            '请填写 apiPrefix（接口前缀，如 /api/blade-desk/notice），或 serviceName（服务名，如 blade-desk）',
          ),
        );
        expect(
          (await call('POST', `${CODE}/submit`, { ...saberCode, tablePrefix: 'bx_gadget' })).body,
        ).toEqual(
          envelope('请填写 moduleName（模块名，如 cabinet-door）：无法由表名 bx_gadget 和表前缀得出'),
        );
        await call('POST', `${CODE}/remove?ids=${codeId}`);
        await call('POST', `${DATASOURCE}/remove?ids=${id}`);
      } finally {
        await target.drop();
      }
    },
  );

  it('refuses a URL of an unlisted host, a malformed URL and another engine’s driver, storing nothing', async () => {
    const before = await sourceCount();
    const saber = (extra: object) => ({
      name: 'x',
      username: 'root',
      password: 'secret-pw-9',
      remark: '',
      ...extra,
    });
    const hostRefused = (host: string) => envelope(`主机 ${host} 不在允许的数据源地址内（DATASOURCE_HOSTS）`);
    for (const [url, host] of [
      ['jdbc:mysql://10.1.2.3:3306/bladex?useSSL=false', '10.1.2.3'],
      ['jdbc:postgresql://169.254.169.254/postgres', '169.254.169.254'],
      ['jdbc:mariadb://db.example.com/shop', 'db.example.com'],
    ] as const) {
      const refused = await call(
        'POST',
        `${DATASOURCE}/submit`,
        saber({ driverClass: 'com.mysql.cj.jdbc.Driver', url }),
      );
      // The driver names MySQL; the URL's engine decides only when they agree.
      if (url.startsWith('jdbc:postgresql')) {
        expect(refused.body).toEqual(envelope('驱动类 com.mysql.cj.jdbc.Driver 与连接地址的数据库类型不符'));
        expect((await call('POST', `${DATASOURCE}/submit`, saber({ url }))).body).toEqual(hostRefused(host));
      } else expect(refused.body, url).toEqual(hostRefused(host));
    }
    const malformed = envelope(
      '连接地址无法识别：须为 jdbc:postgresql://主机[:端口]/数据库、jdbc:mysql://…、jdbc:mariadb://… 或 jdbc:sqlite:文件',
    );
    for (const url of [
      'jdbc:mysql://root:secret-pw-9@127.0.0.1/bladex',
      'jdbc:mysql:/127.0.0.1/bladex',
      'jdbc:mysql://127.0.0.1:3306,127.0.0.2:3306/bladex',
      '127.0.0.1:3306/bladex',
    ]) {
      const refused = await call('POST', `${DATASOURCE}/submit`, saber({ url }));
      expect(refused.body, url).toEqual(malformed);
      expect(JSON.stringify(refused.body)).not.toContain('secret-pw-9');
    }
    expect(
      (
        await call(
          'POST',
          `${DATASOURCE}/submit`,
          saber({ driverClass: 'oracle.jdbc.OracleDriver', url: 'jdbc:oracle:thin:@127.0.0.1:1521:orcl' }),
        )
      ).body,
    ).toEqual(
      envelope(
        '不支持的驱动类 oracle.jdbc.OracleDriver：可用 org.postgresql.Driver、com.mysql.cj.jdbc.Driver、org.mariadb.jdbc.Driver、org.sqlite.JDBC',
      ),
    );
    // No URL and no kind: the console form's own message.
    expect((await call('POST', `${DATASOURCE}/submit`, saber({}))).body).toEqual(
      envelope('请选择数据库类型'),
    );
    // An SQLite path out of DATA_DIR, through a URL as through the form.
    expect(
      (await call('POST', `${DATASOURCE}/submit`, saber({ url: 'jdbc:sqlite:../outside.db' }))).body.msg,
    ).toBe('SQLite 文件须是数据目录（DATA_DIR）下的相对路径: ../outside.db');
    expect(await sourceCount()).toBe(before);
  });
});
