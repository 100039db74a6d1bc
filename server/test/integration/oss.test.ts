import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOutboundHosts } from '../../src/core/outbound/policy.js';
import { createOperator, createTenantAdmin } from './support/accounts.js';
import { oneEngineFor } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { JPEG, multipart, PDF, PNG } from './support/uploads.js';

const BASE = '/api/blade-resource/oss';
const MAX = 64 * 1024;

describe.each(oneEngineFor(import.meta.url))('object storage on %s', (kind) => {
  let t: TestApp;
  let s3: S3rver;
  let s3Dir: string;
  let s3Endpoint: string;
  let other: Awaited<ReturnType<typeof createTenantAdmin>>;

  const submit = (body: object, token?: string | null) =>
    t.call({ method: 'POST', url: `${BASE}/submit`, payload: body }, token);
  const upload = (filename: string, content: Buffer, token?: string | null, field?: string) => {
    const { payload, headers } = multipart(filename, content, { field });
    return t.call({ method: 'POST', url: `${BASE}/endpoint/put-file`, payload, headers }, token);
  };
  const fetchLink = (link: string) => t.app.inject({ method: 'GET', url: link });

  beforeAll(async () => {
    // s3rver listens on 127.0.0.1: listed, as an operator lists a self-hosted MinIO (OUTBOUND_HOSTS).
    const outboundHosts = parseOutboundHosts('default,127.0.0.1,minio.local');
    if ('bad' in outboundHosts) throw new Error(outboundHosts.bad);
    t = await startTestApp(kind, [], false, { config: { uploadMaxBytes: MAX, outboundHosts } });
    other = await createTenantAdmin(t, '400001');
    s3Dir = mkdtempSync(path.join(tmpdir(), 's3rver-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'console' }],
    });
    const { port } = await s3.run();
    s3Endpoint = `http://127.0.0.1:${port}`;
  }, 60_000);

  afterAll(async () => {
    await s3?.close();
    if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
    await t?.close();
  });

  it('keeps the secret key write-only and sealed at rest', async () => {
    const created = await submit({
      category: 1,
      ossCode: 'minio-a',
      endpoint: 'http://minio.local:9000/',
      accessKey: 'AKID',
      secretKey: 'very-secret-key',
      bucketName: 'bucket',
      remark: 'r',
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      category: 1,
      ossCode: 'minio-a',
      endpoint: 'http://minio.local:9000',
      status: 1,
    });
    expect(created.body.data).not.toHaveProperty('secretKey');
    const id = created.body.data.id;
    const detail = await t.call({ method: 'GET', url: `${BASE}/detail?id=${id}` });
    expect(JSON.stringify(detail.body)).not.toContain('very-secret-key');
    expect(detail.body.data).not.toHaveProperty('secretKey');
    const list = await t.call({ method: 'GET', url: `${BASE}/list?ossCode=minio` });
    expect(JSON.stringify(list.body)).not.toMatch(/secret/i);
    const stored = await t.store.db
      .selectFrom('blade_oss')
      .select('secret_key')
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    expect(stored!.secret_key).toMatch(/^v1:/);
    expect(stored!.secret_key).not.toContain('very-secret-key');
    // An update without a secret keeps the stored one.
    const updated = await submit({ ...created.body.data, remark: 'changed', secretKey: '' });
    expect(updated.body.data.remark).toBe('changed');
    const after = await t.store.db
      .selectFrom('blade_oss')
      .select('secret_key')
      .where('id', '=', BigInt(id))
      .executeTakeFirst();
    expect(after!.secret_key).toBe(stored!.secret_key);
    // A remote kind needs its endpoint, keys and bucket.
    expect(
      (
        await submit({
          category: 1,
          ossCode: 'x',
          endpoint: 'ftp://x',
          accessKey: 'a',
          secretKey: 'b',
          bucketName: 'c',
        })
      ).status,
    ).toBe(400);
    expect(
      (await submit({ category: 1, ossCode: 'x', endpoint: 'http://x', accessKey: 'a', bucketName: 'c' }))
        .status,
    ).toBe(400);
    expect((await submit({ category: 9, ossCode: 'x' })).status).toBe(400);
    expect((await submit({ category: 6, ossCode: 'local' })).status).toBe(200);
  });

  it('stores uploads on local disk when nothing is enabled and serves them with a safe type', async () => {
    const res = await upload('头像.png', PNG);
    expect(res.status).toBe(200);
    const file = res.body.data;
    expect(file.originalName).toBe('头像.png');
    expect(file.name).toMatch(/^upload\/\d{8}\/[0-9a-f]{32}\.png$/);
    expect(file.domain).toBe('/oss/local/000000');
    expect(file.link).toBe(`${file.domain}/${file.name}`);
    expect(file.attachId).toMatch(/^\d+$/);
    const served = await fetchLink(file.link);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBeUndefined();
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const attach = await t.store.db
      .selectFrom('blade_attach')
      .selectAll()
      .where('id', '=', BigInt(file.attachId))
      .executeTakeFirst();
    expect(attach).toMatchObject({
      link: file.link,
      name: file.name,
      original_name: '头像.png',
      extension: 'png',
      tenant_id: '000000',
    });
    expect(Number(attach!.attach_size)).toBe(PNG.length);

    const pdf = (await upload('report.PDF', PDF)).body.data;
    const servedPdf = await fetchLink(pdf.link);
    expect(servedPdf.headers['content-type']).toBe('application/pdf');
    expect(servedPdf.headers['content-disposition']).toMatch(/^attachment/);
    expect(servedPdf.headers['content-security-policy']).toContain('sandbox');

    // put-file needs a page's upload button (upload-quota.test.ts): a user without menus has the
    // avatar path only; nobody without a token.
    const plain = await createOperator(t, []);
    expect((await upload('a.jpg', JPEG, plain.token)).status).toBe(403);
    const avatar = multipart('a.jpg', JPEG);
    expect(
      (await t.call({ method: 'POST', url: `${BASE}/endpoint/put-avatar`, ...avatar }, plain.token)).status,
    ).toBe(200);
    expect((await upload('a.jpg', JPEG, null)).status).toBe(401);
    // Another tenant's files go under its own prefix.
    expect((await upload('b.png', PNG, other.token)).body.data.domain).toBe('/oss/local/400001');
  });

  it('refuses files by size, by content, by type and with a path in the name', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(MAX)]);
    const tooBig = await upload('big.png', big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.msg).toBe('文件大小不能超过 64KB');
    const fake = await upload('evil.png', Buffer.from('<script>alert(1)</script>'));
    expect(fake.status).toBe(400);
    expect(fake.body.msg).toContain('png');
    expect((await upload('photo.jpg', PNG)).status).toBe(400);
    for (const name of ['page.html', 'icon.svg', 'run.exe', 'noextension']) {
      const res = await upload(name, Buffer.from('<svg onload=alert(1)>'));
      expect(res.status).toBe(400);
    }
    for (const name of ['../../etc/x.png', 'a/b.png', 'C:\\\\x\\\\y.png', '..\\\\x.png']) {
      const res = await upload(name, PNG);
      expect(res.status, name).toBe(400);
    }
    expect((await upload('a.png', PNG, undefined, 'other')).status).toBe(400);
    const notMultipart = await t.call({
      method: 'POST',
      url: `${BASE}/endpoint/put-file`,
      payload: { file: 'x' },
    });
    expect(notMultipart.status).toBe(400);
    const rows = await t.store.db.selectFrom('blade_attach').select('original_name').execute();
    expect(rows.map((r) => r.original_name)).not.toContain('evil.png');
  });

  it('serves nothing outside the generated names', async () => {
    for (const url of [
      '/oss/local/000000/upload/20260101/..%2F..%2Fjwt-secret',
      '/oss/local/000000/upload/20260101/00000000000000000000000000000000.png',
      '/oss/local/..%2F..%2F/upload/20260101/x.png',
      '/oss/local/000000/upload/../../console.db',
    ]) {
      expect((await fetchLink(url)).statusCode).toBe(404);
    }
  });

  it('enables one record per tenant and stores through S3 (s3rver) when a remote one is enabled', async () => {
    const minio = (
      await submit({
        category: 1,
        ossCode: 's3rver',
        endpoint: s3Endpoint,
        accessKey: 'S3RVER',
        secretKey: 'S3RVER',
        bucketName: 'console',
      })
    ).body.data;
    const local = (await submit({ category: 6, ossCode: 'disk' })).body.data;
    const theirs = (await submit({ category: 6, ossCode: 'theirs' }, other.token)).body.data;
    expect(
      (await t.call({ method: 'POST', url: `${BASE}/enable?id=${theirs.id}` }, other.token)).status,
    ).toBe(200);

    const enabled = await t.call({ method: 'POST', url: `${BASE}/enable?id=${minio.id}` });
    expect(enabled.body).toMatchObject({ code: 200, success: true });
    const statuses = async () =>
      Object.fromEntries(
        (await t.call({ method: 'GET', url: `${BASE}/list?size=100` })).body.data.records.map(
          (r: { id: string; status: number }) => [r.id, r.status],
        ),
      );
    let all = await statuses();
    expect(all[minio.id]).toBe(2);
    expect(Object.values(all).filter((s) => s === 2)).toHaveLength(1);

    const res = await upload('s3.png', PNG);
    expect(res.status).toBe(200);
    const file = res.body.data;
    expect(file.domain).toBe(`${s3Endpoint}/console`);
    expect(file.link).toBe(`${s3Endpoint}/console/${file.name}`);
    const client = new S3Client({
      endpoint: s3Endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const object = await client.send(new GetObjectCommand({ Bucket: 'console', Key: file.name }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(PNG)).toBe(true);
    expect(object.ContentType).toBe('image/png');
    client.destroy();

    // Enabling another turns this one off, in one step; local disk serves again.
    await t.call({ method: 'POST', url: `${BASE}/enable?id=${local.id}` });
    all = await statuses();
    expect(all[local.id]).toBe(2);
    expect(all[minio.id]).toBe(1);
    expect(Object.values(all).filter((s) => s === 2)).toHaveLength(1);
    expect((await upload('back.png', PNG)).body.data.domain).toBe('/oss/local/000000');
    // The other tenant's choice is its own.
    const theirList = await t.call({ method: 'GET', url: `${BASE}/list` }, other.token);
    expect(theirList.body.data.records).toEqual([expect.objectContaining({ id: theirs.id, status: 2 })]);

    // A storage that fails answers 500 (and the error log has it).
    const broken = (
      await submit({
        category: 1,
        ossCode: 'down',
        endpoint: 'http://127.0.0.1:9',
        accessKey: 'a',
        secretKey: 'b',
        bucketName: 'c',
      })
    ).body.data;
    await t.call({ method: 'POST', url: `${BASE}/enable?id=${broken.id}` });
    const failed = await upload('x.png', PNG);
    expect(failed.status).toBe(500);
    await t.call({ method: 'POST', url: `${BASE}/enable?id=${local.id}` });
  }, 60_000);

  it("answers 404 for another tenant's ids and 403 without the role or the buttons", async () => {
    const mine = (await submit({ category: 6, ossCode: 'mine' })).body.data;
    const calls = (id: string) => [
      { method: 'GET' as const, url: `${BASE}/detail?id=${id}` },
      { method: 'POST' as const, url: `${BASE}/submit`, payload: { id, category: 6, ossCode: 'stolen' } },
      { method: 'POST' as const, url: `${BASE}/remove?ids=${id}` },
      { method: 'POST' as const, url: `${BASE}/enable?id=${id}` },
    ];
    for (const call of calls(mine.id)) expect((await t.call(call, other.token)).status, call.url).toBe(404);
    expect((await t.call({ method: 'GET', url: `${BASE}/detail?id=${mine.id}` })).body.data.ossCode).toBe(
      'mine',
    );

    const operator = await createOperator(t, [
      'oss',
      'oss_add',
      'oss_edit',
      'oss_delete',
      'oss_enable',
      'oss_view',
    ]);
    for (const call of calls(mine.id))
      expect((await t.call(call, operator.token)).status, call.url).toBe(403);
    expect((await t.call({ method: 'GET', url: `${BASE}/list` }, operator.token)).status).toBe(403);

    const removed = await t.call({ method: 'POST', url: `${BASE}/remove?ids=${mine.id}` });
    expect(removed.body.msg).toBe('删除成功');
    expect((await t.call({ method: 'GET', url: `${BASE}/detail?id=${mine.id}` })).status).toBe(404);
  });
});
