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
import { multipart, PNG } from './support/uploads.js';

const BASE = '/api/blade-resource/attach';
const OSS = '/api/blade-resource/oss';

describe.each(oneEngineFor(import.meta.url))('attachments on %s', (kind) => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof createTenantAdmin>>;

  const upload = async (filename: string, token?: string | null) => {
    const { payload, headers } = multipart(filename, PNG);
    const res = await t.call({ method: 'POST', url: `${OSS}/endpoint/put-file`, payload, headers }, token);
    expect(res.status).toBe(200);
    return res.body.data as { link: string; name: string; domain: string; attachId: string };
  };
  const remove = (ids: string, token?: string | null) =>
    t.call({ method: 'POST', url: `${BASE}/remove?ids=${ids}` }, token);

  beforeAll(async () => {
    // s3rver listens on 127.0.0.1: listed, as an operator lists a self-hosted MinIO (OUTBOUND_HOSTS).
    const outboundHosts = parseOutboundHosts('default,127.0.0.1');
    if ('bad' in outboundHosts) throw new Error(outboundHosts.bad);
    t = await startTestApp(kind, [], false, { config: { outboundHosts } });
    other = await createTenantAdmin(t, '500001');
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('lists, reads and submits attachments', async () => {
    const file = await upload('清单.png');
    const detail = await t.call({ method: 'GET', url: `${BASE}/detail?id=${file.attachId}` });
    expect(detail.body.data).toMatchObject({
      id: file.attachId,
      link: file.link,
      domain: file.domain,
      name: file.name,
      originalName: '清单.png',
      extension: 'png',
      attachSize: PNG.length,
      tenantId: '000000',
    });
    const list = await t.call({
      method: 'GET',
      url: `${BASE}/list?originalName=${encodeURIComponent('清单')}`,
    });
    expect(list.body.data.total).toBe(1);

    const created = await t.call({
      method: 'POST',
      url: `${BASE}/submit`,
      payload: {
        link: 'https://cdn.example.com/a.pdf',
        domain: 'https://cdn.example.com',
        name: 'a.pdf',
        originalName: 'a.pdf',
        extension: 'PDF',
        attachSize: 1234,
      },
    });
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe('新增成功');
    expect(created.body.data).toMatchObject({ extension: 'pdf', attachSize: 1234 });
    const updated = await t.call({
      method: 'POST',
      url: `${BASE}/submit`,
      payload: { ...created.body.data, originalName: 'b.pdf' },
    });
    expect(updated.body).toMatchObject({ msg: '更新成功', data: { originalName: 'b.pdf' } });
    expect((await t.call({ method: 'POST', url: `${BASE}/submit`, payload: { link: ' ' } })).status).toBe(
      400,
    );
    expect((await remove(created.body.data.id)).status).toBe(200);
  });

  it('removes the stored object with the attachment; no other attachment may claim it', async () => {
    const file = await upload('gone.png');
    expect((await t.app.inject({ method: 'GET', url: file.link })).statusCode).toBe(200);
    // A copy would hold the object outside the tenant's quota (upload-quota.test.ts).
    const copy = await t.call({
      method: 'POST',
      url: `${BASE}/submit`,
      payload: { link: file.link, domain: file.domain, name: file.name, originalName: 'copy.png' },
    });
    expect(copy.status).toBe(400);
    expect((await remove(file.attachId)).body.msg).toBe('删除成功');
    expect((await t.app.inject({ method: 'GET', url: file.link })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `${BASE}/detail?id=${file.attachId}` })).status).toBe(404);
  });

  it('removes objects stored in S3 (s3rver) too', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 's3rver-'));
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'files' }],
    });
    const { port } = await s3.run();
    const endpoint = `http://127.0.0.1:${port}`;
    try {
      const oss = await t.call({
        method: 'POST',
        url: `${OSS}/submit`,
        payload: {
          category: 1,
          ossCode: 's3',
          endpoint,
          accessKey: 'S3RVER',
          secretKey: 'S3RVER',
          bucketName: 'files',
        },
      });
      await t.call({ method: 'POST', url: `${OSS}/enable?id=${oss.body.data.id}` });
      const file = await upload('cloud.png');
      expect(file.domain).toBe(`${endpoint}/files`);
      const client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const get = () => client.send(new GetObjectCommand({ Bucket: 'files', Key: file.name }));
      expect((await get()).ContentLength).toBe(PNG.length);
      // Still removed from its storage after another one is enabled: the link says where it is.
      const local = await t.call({
        method: 'POST',
        url: `${OSS}/submit`,
        payload: { category: 6, ossCode: 'disk' },
      });
      await t.call({ method: 'POST', url: `${OSS}/enable?id=${local.body.data.id}` });
      expect((await remove(file.attachId)).status).toBe(200);
      await expect(get()).rejects.toThrow();
      client.destroy();
    } finally {
      await s3.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("answers 404 for another tenant's ids and 403 without the buttons", async () => {
    const mine = await upload('mine.png');
    const theirs = await upload('theirs.png', other.token);
    for (const call of [
      { method: 'GET' as const, url: `${BASE}/detail?id=${mine.attachId}` },
      { method: 'POST' as const, url: `${BASE}/submit`, payload: { id: mine.attachId, link: 'x' } },
      { method: 'POST' as const, url: `${BASE}/remove?ids=${mine.attachId}` },
    ])
      expect((await t.call(call, other.token)).status, call.url).toBe(404);
    // All or nothing: one foreign id among the ids removes none.
    expect((await remove(`${theirs.attachId},${mine.attachId}`, other.token)).status).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `${BASE}/detail?id=${theirs.attachId}` }, other.token)).status,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: mine.link })).statusCode).toBe(200);

    const none = await createOperator(t, []);
    expect((await t.call({ method: 'GET', url: `${BASE}/list` }, none.token)).status).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: `${BASE}/detail?id=${mine.attachId}` }, none.token)).status,
    ).toBe(403);
    const viewer = await createOperator(t, ['attach']);
    expect(
      (await t.call({ method: 'GET', url: `${BASE}/detail?id=${mine.attachId}` }, viewer.token)).status,
    ).toBe(200);
    expect(
      (
        await t.call(
          { method: 'POST', url: `${BASE}/submit`, payload: { id: mine.attachId, link: 'x' } },
          viewer.token,
        )
      ).status,
    ).toBe(403);
    expect((await remove(mine.attachId, viewer.token)).status).toBe(403);
    const deleter = await createOperator(t, ['attach', 'attach_delete']);
    expect((await remove(mine.attachId, deleter.token)).status).toBe(200);
  });
});
