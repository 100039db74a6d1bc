import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOutboundHosts, type OutboundEntry } from '../../src/core/outbound/policy.js';
import { createTenantAdmin } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { multipart, PNG } from './support/uploads.js';

// Issue 13, item 7 (security S13): a tenant's object-storage endpoint can never make the server
// connect to an address the operator did not allow, whatever form the address takes, and the
// upstream's answer never reaches the tenant.

const BASE = '/api/blade-resource/oss';
const SECRET_MARKER = 'INTERNAL-ONLY-7f3a';

const entries = (text: string): OutboundEntry[] => {
  const parsed = parseOutboundHosts(text);
  if ('bad' in parsed) throw new Error(parsed.bad);
  return parsed;
};

/** A TCP listener that counts connections and answers nothing useful. */
async function listen(host: string): Promise<{ server: Server; port: number; count: () => number } | null> {
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    socket.end('HTTP/1.1 500 Internal\r\ncontent-length: 0\r\n\r\n');
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, host, resolve);
    });
  } catch {
    return null; // no IPv6 loopback on this machine
  }
  return { server, port: (server.address() as { port: number }).port, count: () => connections };
}

describe.each(oneEngineFor(import.meta.url))('outbound calls on %s', (kind) => {
  // The operator's list: the vendors' endpoints and one host name that resolves to 127.0.0.1.
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createTenantAdmin>>;
  let v4: NonNullable<Awaited<ReturnType<typeof listen>>>;
  let v6: Awaited<ReturnType<typeof listen>>;

  const submit = (body: object) =>
    t.call({ method: 'POST', url: `${BASE}/submit`, payload: body }, admin.token);
  const upload = () => {
    const { payload, headers } = multipart('a.png', PNG);
    return t.call({ method: 'POST', url: `${BASE}/endpoint/put-file`, payload, headers }, admin.token);
  };
  const received = () => v4.count() + (v6?.count() ?? 0);
  const ossRows = async () =>
    (await t.store.db.selectFrom('blade_oss').select('id').where('tenant_id', '=', '400070').execute())
      .length;

  beforeAll(async () => {
    v4 = (await listen('127.0.0.1'))!;
    v6 = await listen('::1');
    // One upload per stored address and more: beyond the upload rate this file does not test.
    t = await startTestApp(kind, [], false, {
      config: { outboundHosts: entries('default,localhost') },
      uploadRate: { perMinute: 1000 },
    });
    admin = await createTenantAdmin(t, '400070');
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    v4?.server.close();
    v6?.server.close();
  });

  const forbidden = () => {
    const p = v4.port;
    const p6 = v6?.port ?? p;
    return [
      `http://127.0.0.1:${p}`,
      `http://169.254.169.254`,
      `http://169.254.169.254:${p}/latest/meta-data`,
      `http://[::1]:${p6}`,
      `http://2130706433:${p}`,
      `http://0x7f000001:${p}`,
      `http://0x7f.1:${p}`,
      `http://127.1:${p}`,
      `http://017700000001:${p}`,
      `http://0.0.0.0:${p}`,
      `http://0:${p}`,
      `http://[::]:${p}`,
      `http://[::ffff:127.0.0.1]:${p}`,
      `http://[::ffff:7f00:1]:${p}`,
      `http://[0:0:0:0:0:ffff:a9fe:a9fe]`,
      `http://10.0.0.1`,
      `http://172.16.5.4`,
      `http://192.168.1.1`,
      `http://100.64.0.1`,
      `http://198.18.0.1`,
      `http://224.0.0.1`,
      `http://255.255.255.255`,
      `http://[fd00::1]`,
      `http://[fe80::1]`,
      `http://[64:ff9b::7f00:1]`,
      `http://[2002:7f00:1::]`,
      `http://sub.localhost:${p}`,
      `http://example.com`,
      `http://8.8.8.8`,
      `https://oss-cn-hangzhou.aliyuncs.com.attacker.example`,
    ];
  };

  it('refuses at submit every loopback, link-local, private or unlisted endpoint form (400, nothing stored)', async () => {
    for (const endpoint of forbidden()) {
      for (const category of [1, 3]) {
        const res = await submit({
          category,
          ossCode: 'ssrf',
          endpoint,
          accessKey: 'a',
          secretKey: 'b',
          bucketName: 'bucket',
        });
        expect(res.status, `${endpoint} (${category})`).toBe(400);
        expect(res.body).toMatchObject({ code: 400, success: false });
        expect(res.body.msg, endpoint).toMatch(/资源地址/);
      }
    }
    expect(await ossRows()).toBe(0);
    // English says which field and why, too.
    const en = await t.call(
      {
        method: 'POST',
        url: `${BASE}/submit`,
        headers: { 'accept-language': 'en' },
        payload: {
          category: 1,
          ossCode: 'x',
          endpoint: 'http://2130706433',
          accessKey: 'a',
          secretKey: 'b',
          bucketName: 'c',
        },
      },
      admin.token,
    );
    expect(en.body.msg).toBe(
      'The endpoint host 127.0.0.1 is a loopback, private or reserved address; the server will not connect to it',
    );
    expect(received()).toBe(0);
  });

  it('accepts a listed vendor endpoint at submit', async () => {
    const res = await submit({
      category: 3,
      ossCode: 'aliyun',
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      accessKey: 'a',
      secretKey: 'b',
      bucketName: 'bucket',
    });
    expect(res.status).toBe(200);
    await t.call({ method: 'POST', url: `${BASE}/remove?ids=${res.body.data.id}` }, admin.token);
  });

  it('refuses at connection time whatever is stored (a listed name resolving to loopback included): nothing received', async () => {
    // A record stored with an allowed endpoint, then changed underneath (an older row, a restore):
    // put-file must still not connect.
    const created = await submit({
      category: 1,
      ossCode: 'rebind',
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      accessKey: 'a',
      secretKey: 'b',
      bucketName: 'bucket',
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    expect((await t.call({ method: 'POST', url: `${BASE}/enable?id=${id}` }, admin.token)).status).toBe(200);
    // localhost is listed as a name (as a rebinding name would be), but resolves to loopback.
    const stored = [`http://localhost:${v4.port}`, ...forbidden().filter((e) => !e.includes('example'))];
    for (const endpoint of stored) {
      await t.store.db.updateTable('blade_oss').set({ endpoint }).where('id', '=', BigInt(id)).execute();
      const res = await upload();
      expect(res.status, endpoint).toBe(500);
      expect(res.body.msg).toBe('文件存储服务调用失败，请稍后重试或联系管理员');
      expect(JSON.stringify(res.body)).not.toMatch(/127\.0\.0\.1|refused|OUTBOUND|localhost/);
    }
    expect(received()).toBe(0);
    // The submit of that name passes (it is listed); the connection is what is refused.
    expect(
      (
        await submit({
          category: 1,
          ossCode: 'local-name',
          endpoint: `http://localhost:${v4.port}`,
          accessKey: 'a',
          secretKey: 'b',
          bucketName: 'bucket',
        })
      ).status,
    ).toBe(200);
    expect(received()).toBe(0);
    await t.store.db.deleteFrom('blade_oss').where('tenant_id', '=', '400070').execute();
  }, 120_000);
});

describe.each(oneEngineFor(import.meta.url))('an allowed storage that fails, on %s', (kind) => {
  // 127.0.0.1 listed: the connection is made; the upstream's text stays with the platform.
  let t: TestApp;
  let upstream: HttpServer;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    upstream = createHttpServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end(
          `<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>${SECRET_MARKER} at /srv/internal/secret.conf</Message></Error>`,
        );
      });
    });
    upstream.on('connection', () => connections++);
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    port = (upstream.address() as { port: number }).port;
    t = await startTestApp(kind, [], false, { config: { outboundHosts: entries('default,127.0.0.1') } });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    upstream?.close();
  });

  it('connects to a listed address; put-file answers a fixed message and only the platform sees the detail', async () => {
    const admin = await createTenantAdmin(t, '400071');
    const created = await t.call(
      {
        method: 'POST',
        url: `${BASE}/submit`,
        payload: {
          category: 1,
          ossCode: 'listed',
          endpoint: `http://127.0.0.1:${port}`,
          accessKey: 'a',
          secretKey: 'b',
          bucketName: 'bucket',
        },
      },
      admin.token,
    );
    expect(created.status).toBe(200);
    await t.call({ method: 'POST', url: `${BASE}/enable?id=${created.body.data.id}` }, admin.token);
    const { payload, headers } = multipart('a.png', PNG);
    const res = await t.call(
      {
        method: 'POST',
        url: `${BASE}/endpoint/put-file`,
        payload,
        headers: { ...headers, 'accept-language': 'en' },
      },
      admin.token,
    );
    expect(connections).toBeGreaterThan(0);
    expect(res.status).toBe(500);
    expect(res.body.msg).toBe(
      'The file storage service failed; please try again later or contact the administrator',
    );
    expect(JSON.stringify(res.body)).not.toContain(SECRET_MARKER);

    await t.app.logWriter.flush();
    const theirs = await t.call({ method: 'GET', url: '/api/blade-log/error/list?size=100' }, admin.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.total).toBeGreaterThan(0);
    const text = JSON.stringify(theirs.body);
    expect(text).not.toContain(SECRET_MARKER);
    expect(text).not.toContain('/srv/internal');
    expect(text).not.toContain(hostname());
    const row = theirs.body.data.records[0];
    const detail = await t.call(
      { method: 'GET', url: `/api/blade-log/error/detail?id=${row.id}` },
      admin.token,
    );
    expect(JSON.stringify(detail.body)).not.toContain(SECRET_MARKER);

    const platform = await t.call({ method: 'GET', url: `/api/blade-log/error/detail?id=${row.id}` });
    expect(platform.body.data.message).toContain(SECRET_MARKER);
  }, 60_000);
});
